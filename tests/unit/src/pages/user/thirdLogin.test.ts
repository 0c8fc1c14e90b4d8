import { describe, expect, it } from 'vitest';
import { casServiceOf, isEmbeddedWorkChat, thirdLoginStep, THIRD_ERROR_TEXTS } from '../../../../../src/pages/user/thirdLogin';

describe('the third-party login page', () => {
  it('knows the Enterprise WeChat and DingTalk browsers, and only them', () => {
    const wxwork = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.10 MicroMessenger/7.0.1 Language/zh';
    const dingtalk = 'Mozilla/5.0 (Linux; Android 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0 Mobile Safari/537.36 AliApp(DingTalk/7.0.10) com.alibaba.android.rimet/7.0.10 Channel/700159 language/zh-CN';
    const wechat = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN';
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    expect(isEmbeddedWorkChat(wxwork)).toBe(true);
    expect(isEmbeddedWorkChat(dingtalk)).toBe(true);
    expect(isEmbeddedWorkChat(wechat)).toBe(false);
    expect(isEmbeddedWorkChat(chrome)).toBe(false);
  });

  it('reads the step from the URL the server or CAS sent the browser to', () => {
    expect(thirdLoginStep('?oauth2LoginToken=abc&thirdType=oidc')).toEqual({ kind: 'login', ticket: 'abc', thirdType: 'oidc' });
    expect(thirdLoginStep('?bindToken=xyz&thirdType=oidc')).toEqual({ kind: 'bind', ticket: 'xyz' });
    expect(thirdLoginStep('?ticket=ST-1-abc')).toEqual({ kind: 'cas', ticket: 'ST-1-abc' });
    expect(thirdLoginStep('?thirdError=state')).toEqual({ kind: 'error', message: THIRD_ERROR_TEXTS.state });
    expect(thirdLoginStep('?thirdError=whatever')).toEqual({ kind: 'error', message: THIRD_ERROR_TEXTS.failed });
    expect(thirdLoginStep('')).toEqual({ kind: 'start' });
  });

  it('names CAS the service it sent the browser back to, without the ticket', () => {
    expect(casServiceOf('https://lossdesk.example.com/oauth2-app/login?ticket=ST-1#x')).toBe('https://lossdesk.example.com/oauth2-app/login');
  });
});
