/**
 * The OpenID Connect provider and the CAS server of the e2e run: playwright.config.ts hands these
 * settings to the server (OIDC_*, CAS_*), and signinOidc.spec.ts / signinCas.spec.ts start the
 * provider (tests/support/oidcProvider.ts) and the CAS server (tests/support/casServer.ts) at those
 * addresses for their own tests. Other specs only see the login page's two extra buttons.
 */
import { portOffset } from './ports';

export const E2E_OIDC_NAME = '测试统一身份';

export function e2eOidcSettings(serverPort: number) {
  const providerPort = process.env.E2E_OIDC_PORT ? Number(process.env.E2E_OIDC_PORT) + portOffset(serverPort) : serverPort + 100;
  return {
    providerPort,
    issuer: `http://127.0.0.1:${providerPort}`,
    clientId: 'lossdesk',
    // Known to both sides of a throwaway test run only.
    clientSecret: 'e2e-only-client-secret-of-the-local-provider',
    redirectUri: `http://127.0.0.1:${serverPort}/insurance/sys/thirdLogin/oidc/callback`,
  };
}

export function e2eCasSettings(serverPort: number) {
  const casPort = process.env.E2E_CAS_PORT ? Number(process.env.E2E_CAS_PORT) + portOffset(serverPort) : serverPort + 101;
  return { casPort, serverUrl: `http://127.0.0.1:${casPort}/cas`, serviceUrl: `http://127.0.0.1:${serverPort}/oauth2-app/login` };
}

/** The server's environment for them. */
export function e2eThirdPartyEnv(serverPort: number): Record<string, string> {
  const oidc = e2eOidcSettings(serverPort);
  const cas = e2eCasSettings(serverPort);
  return {
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_REDIRECT_URI: oidc.redirectUri,
    OIDC_NAME: E2E_OIDC_NAME,
    CAS_SERVER_URL: cas.serverUrl,
    CAS_SERVICE_URL: cas.serviceUrl,
  };
}
