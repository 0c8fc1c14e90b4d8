/**
 * 第三方登录 and CAS settings, read from the environment with the rest of the server configuration
 * (server/config.ts). Each is off unless all its variables are set; a half-set one refuses to start,
 * so a misspelt variable is noticed at once rather than as a missing button.
 */
export interface OidcSettings {
  /** OIDC_ISSUER: the provider's issuer URL; its /.well-known/openid-configuration is read on first use. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** OIDC_REDIRECT_URI: `<site>{API_BASE}/sys/thirdLogin/oidc/callback`, as registered at the provider. */
  redirectUri: URL;
  /** OIDC_SCOPE: default `openid email profile`. */
  scope: string;
  /** OIDC_NAME: what the login page's button says (default 第三方登录). */
  displayName: string;
}

export interface CasSettings {
  /** CAS_SERVER_URL: the CAS server's prefix, e.g. https://cas.example.com/cas (login and serviceValidate under it). */
  serverUrl: URL;
  /** CAS_SERVICE_URL: this site's page CAS sends the user back to with a ticket: `<site>/oauth2-app/login`. */
  serviceUrl: URL;
}

export class ThirdConfigError extends Error {}

function httpUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ThirdConfigError(`环境变量 ${name} 不是有效的网址：“${value}”`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ThirdConfigError(`环境变量 ${name} 应以 https:// 或 http:// 开头`);
  return url;
}

/** Whether plain http to this URL stays on this machine (the only place http is accepted for a provider). */
export function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function secureUnlessLocal(name: string, url: URL): URL {
  if (url.protocol === 'http:' && !isLoopback(url)) {
    throw new ThirdConfigError(`环境变量 ${name} 须使用 https://（仅本机地址 127.0.0.1/localhost 可用 http://）`);
  }
  return url;
}

function allOrNone(names: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const set = names.filter((name) => (env[name] ?? '').trim() !== '');
  if (set.length === 0) return false;
  if (set.length < names.length) {
    const missing = names.filter((name) => !set.includes(name));
    throw new ThirdConfigError(`已设置 ${set.join('、')}，还须设置 ${missing.join('、')}`);
  }
  return true;
}

export function readOidcSettings(env: NodeJS.ProcessEnv): OidcSettings | undefined {
  if (!allOrNone(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URI'], env)) return undefined;
  const scope = (env.OIDC_SCOPE ?? '').trim() || 'openid email profile';
  if (!scope.split(/\s+/).includes('openid')) throw new ThirdConfigError('环境变量 OIDC_SCOPE 须包含 openid');
  return {
    issuer: secureUnlessLocal('OIDC_ISSUER', httpUrl('OIDC_ISSUER', env.OIDC_ISSUER!.trim())),
    clientId: env.OIDC_CLIENT_ID!.trim(),
    clientSecret: env.OIDC_CLIENT_SECRET!,
    redirectUri: httpUrl('OIDC_REDIRECT_URI', env.OIDC_REDIRECT_URI!.trim()),
    scope,
    displayName: (env.OIDC_NAME ?? '').trim().slice(0, 20) || '第三方登录',
  };
}

export function readCasSettings(env: NodeJS.ProcessEnv): CasSettings | undefined {
  if (!allOrNone(['CAS_SERVER_URL', 'CAS_SERVICE_URL'], env)) return undefined;
  const serverUrl = secureUnlessLocal('CAS_SERVER_URL', httpUrl('CAS_SERVER_URL', env.CAS_SERVER_URL!.trim()));
  // The prefix is joined with /login and /serviceValidate: keep it without a trailing slash.
  serverUrl.pathname = serverUrl.pathname.replace(/\/+$/, '');
  return { serverUrl, serviceUrl: httpUrl('CAS_SERVICE_URL', env.CAS_SERVICE_URL!.trim()) };
}
