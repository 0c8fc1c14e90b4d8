import * as client from 'openid-client';
import { isLoopback, type OidcSettings } from './thirdConfig';
import type { ProviderIdentity } from './loginFlow';

/** The third_type of accounts signed in through the configured OpenID Connect provider. */
export const OIDC_THIRD_TYPE = 'oidc';

/** What the provider says about the person, after every check passed. */
export interface OidcIdentity extends ProviderIdentity {
  emailVerified: boolean;
}

/**
 * The OpenID Connect relying party (openid-client): authorization code flow with PKCE (S256), state
 * and nonce, the ID token checked by the library (signature, issuer, audience, expiry, nonce), the
 * authorization response's `iss` checked when sent. The provider's metadata is discovered on first
 * use and kept; a failed discovery is tried again on the next sign-in. Plain http is accepted only
 * for a provider on this machine (config refuses any other http issuer).
 */
export class OidcClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: OidcSettings) {}

  private config(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        this.settings.issuer,
        this.settings.clientId,
        undefined,
        client.ClientSecretBasic(this.settings.clientSecret),
        this.settings.issuer.protocol === 'http:' && isLoopback(this.settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw err;
      });
    return this.configuration;
  }

  /** Where to send the browser, and what the callback needs to check the answer. */
  async start(): Promise<{ url: URL; state: string; nonce: string; codeVerifier: string }> {
    const config = await this.config();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri.href,
      scope: this.settings.scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * The person behind a callback (its query string as received): the code is exchanged and the ID
   * token checked against the expected state, nonce and verifier; the e-mail comes from the ID token
   * or, when the provider keeps it there, the userinfo endpoint (same subject). Throws on any failure.
   */
  async finish(query: URLSearchParams, expected: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
    const config = await this.config();
    // The registered redirect URI with the answer's parameters: the request's own URL may differ
    // behind a reverse proxy.
    const currentUrl = new URL(this.settings.redirectUri.href);
    currentUrl.search = query.toString();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      pkceCodeVerifier: expected.codeVerifier,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    let claims: Record<string, unknown> = { ...idToken };
    if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...info, ...claims, email: claims.email ?? info.email, email_verified: claims.email_verified ?? info.email_verified, name: claims.name ?? info.name };
    }
    const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim() : null;
    const name = [claims.name, claims.preferred_username].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return {
      thirdType: OIDC_THIRD_TYPE,
      subject: idToken.sub,
      email,
      emailVerified: claims.email_verified === true,
      realname: name?.trim() ?? null,
    };
  }
}
