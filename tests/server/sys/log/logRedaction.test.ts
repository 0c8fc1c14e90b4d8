import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../server/http/logRedaction';
import { browserOf } from '../../../../server/sys/log/browser';
import { MAX_PARAM_CHARS, redactParams } from '../../../../server/sys/log/redact';

describe('operation log parameters', () => {
  it('masks passwords, tokens, captchas and sensitive page fields at any depth, and keeps the rest', () => {
    const text = redactParams(
      { username: 'zhaoliu', password: 'S3cret!', confirmPassword: 'S3cret!', oldpassword: 'x', captcha: 'ab12', token: 't', nested: { smtpAuthCode: 'c', idNumber: '110', rows: [{ newPassword: 'n', remark: '备注' }] } },
      new Set(['idNumber', 'smtpAuthCode']),
    );
    expect(JSON.parse(text)).toEqual({
      username: 'zhaoliu',
      password: REDACTED,
      confirmPassword: REDACTED,
      oldpassword: REDACTED,
      captcha: REDACTED,
      token: REDACTED,
      nested: { smtpAuthCode: REDACTED, idNumber: REDACTED, rows: [{ newPassword: REDACTED, remark: '备注' }] },
    });
  });

  it('keeps at most MAX_PARAM_CHARS characters; nothing for no parameters', () => {
    const text = redactParams({ remark: 'x'.repeat(10_000) }, new Set());
    expect(text).toHaveLength(MAX_PARAM_CHARS);
    expect(text.endsWith('…')).toBe(true);
    expect(redactParams({}, new Set())).toBe('');
    expect(redactParams(undefined, new Set())).toBe('');
  });
});

describe('browserOf', () => {
  it('names the browser, its major version and the system', () => {
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toBe('Edge 120 (Windows)');
    expect(browserOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15')).toBe('Safari 17 (macOS)');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toBe('Firefox 121 (Linux)');
    expect(browserOf(undefined)).toBe('');
    expect(browserOf('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
