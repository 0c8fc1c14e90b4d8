/**
 * The OpenID Connect provider of the e2e run: playwright.config.ts hands these settings to the
 * server (OIDC_*), and tests/e2e/signinOidc.spec.ts starts the provider (tests/support/oidcProvider.ts)
 * at that address for its own tests. Other specs only see the login page's extra button.
 */
export const E2E_OIDC_NAME = '测试统一身份';

export function e2eOidcSettings(serverPort: number) {
  const providerPort = Number(process.env.E2E_OIDC_PORT ?? serverPort + 100);
  return {
    providerPort,
    issuer: `http://127.0.0.1:${providerPort}`,
    clientId: 'lossdesk',
    // Known to both sides of a throwaway test run only.
    clientSecret: 'e2e-only-client-secret-of-the-local-provider',
    redirectUri: `http://127.0.0.1:${serverPort}/insurance/sys/thirdLogin/oidc/callback`,
  };
}

/** The server's environment for them. */
export function e2eOidcEnv(serverPort: number): Record<string, string> {
  const oidc = e2eOidcSettings(serverPort);
  return {
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_REDIRECT_URI: oidc.redirectUri,
    OIDC_NAME: E2E_OIDC_NAME,
  };
}
