import { REDACTED } from '../../http/logRedaction';

/**
 * Request parameters as the operation log keeps them: JSON of the body and query with every secret
 * replaced by REDACTED, cut to MAX_PARAM_CHARS. A secret is a key that names one (password, token,
 * captcha, secret, API key, signature, credential…) or a field some page marks `sensitive` (身份证号,
 * 银行账号, the SMTP authorisation code), whatever object it sits in.
 */
export const MAX_PARAM_CHARS = 2000;
const SECRET_KEY = /pass(?:word|wd)?$|password|pwd|token|secret|captcha|credential|signature|api_?key|private_?key|auth_?code|authorization|salt/i;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

export function redactValue(value: unknown, sensitive: ReadonlySet<string>, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redactValue(item, sensitive, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…共${value.length}项`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) || sensitive.has(key) ? REDACTED : redactValue(inner, sensitive, depth + 1);
  }
  return out;
}

/** The text kept in sys_log.request_param; '' when there is nothing. */
export function redactParams(params: unknown, sensitive: ReadonlySet<string>): string {
  if (params === undefined || params === null) return '';
  if (typeof params === 'object' && !Array.isArray(params) && Object.keys(params).length === 0) return '';
  let text: string;
  try {
    text = JSON.stringify(redactValue(params, sensitive)) ?? '';
  } catch {
    return '';
  }
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS - 1)}…` : text;
}
