import { useEffect, useState } from 'react';
import { Button, Divider, Spin } from 'antd';
import { ApiOutlined, SafetyOutlined } from '@ant-design/icons';
import { getThirdLoginProviders, oidcStartUrl, type ThirdLoginProviders } from '../../api/thirdLogin';
import { isEmbeddedWorkChat } from './thirdLogin';

export const THIRD_PARTY_TEXTS = {
  divider: '其他登录方式',
  cas: 'CAS 单点登录',
  redirecting: '正在跳转到第三方登录…',
} as const;

/**
 * The login page's other ways in: a button for the OpenID Connect provider and one for CAS, each
 * only when the server has it configured (GET /sys/thirdLogin/providers); nothing at all otherwise.
 * Inside Enterprise WeChat or DingTalk the page goes straight to the provider.
 */
export function ThirdPartyLogin() {
  const [providers, setProviders] = useState<ThirdLoginProviders | null>(null);
  const embedded = isEmbeddedWorkChat(navigator.userAgent);

  useEffect(() => {
    let alive = true;
    getThirdLoginProviders()
      .then((res) => {
        if (!alive || !res.success) return;
        setProviders(res.result);
        if (res.result.oidc && isEmbeddedWorkChat(navigator.userAgent)) window.location.assign(oidcStartUrl());
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  if (!providers || (!providers.oidc && !providers.cas)) return null;
  if (embedded && providers.oidc) {
    return (
      <div className="third-party-login" style={{ textAlign: 'center', padding: '16px 0' }}>
        <Spin /> <span style={{ marginLeft: 8 }}>{THIRD_PARTY_TEXTS.redirecting}</span>
      </div>
    );
  }
  return (
    <div className="third-party-login">
      <Divider plain style={{ color: 'rgba(0,0,0,0.45)', fontSize: 13, margin: '8px 0 16px' }}>
        {THIRD_PARTY_TEXTS.divider}
      </Divider>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        {providers.oidc ? (
          <Button icon={<ApiOutlined />} href={oidcStartUrl()}>
            {providers.oidc.name}
          </Button>
        ) : null}
        {providers.cas ? (
          <Button icon={<SafetyOutlined />} href={providers.cas.loginUrl}>
            {THIRD_PARTY_TEXTS.cas}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
