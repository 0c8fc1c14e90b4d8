import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { bindThirdAccount, casValidateLogin, getBindInfo, getThirdLoginProviders, getThirdLoginUser, oidcStartUrl, type BindInfo } from '../../api/thirdLogin';
import type { Envelope, LoginResult } from '../../api/types';
import { HOME_PATH, LOGIN_PATH } from '../../config';
import { OAUTH2_LOGIN_PATH } from '../../router/guard';
import { applyLoginAnswer, LoginRejected } from '../../store/auth';
import { LoginTabs } from './LoginTab';
import { casServiceOf, isEmbeddedWorkChat, thirdLoginStep, type ThirdLoginStep } from './thirdLogin';

export const OAUTH2_TEXTS = {
  title: '第三方登录',
  signingIn: '正在登录，请稍候…',
  failedTitle: '第三方登录未成功',
  notConfigured: '本系统未配置第三方登录，请使用账号密码登录。',
  start: '使用第三方账号登录',
  again: '重新进行第三方登录',
  back: '返回登录',
  bindTab: '绑定已有账号',
  bindIntro: (provider: string, who: string) =>
    `您的${provider}账号${who}尚未关联本系统账号。请输入本系统的用户名和密码完成绑定，以后可直接使用${provider}登录。`,
  username: '请输入用户名',
  password: '请输入密码',
  bindSubmit: '绑定并登录',
  failed: '登录失败，请稍后重试',
} as const;

function messageOf(e: unknown): string {
  if (e instanceof LoginRejected || e instanceof RequestError) return e.message;
  return OAUTH2_TEXTS.failed;
}

/** Opens the signed-in area after any answer that signs in; tenant and department choice follow there. */
function useFinishSignIn() {
  const navigate = useNavigate();
  return (answer: Envelope<LoginResult>) => {
    applyLoginAnswer(answer);
    navigate(HOME_PATH, { replace: true });
  };
}

function Failure({ message, retry }: { message: string; retry: boolean }) {
  return (
    <Result
      status="warning"
      title={OAUTH2_TEXTS.failedTitle}
      subTitle={message}
      extra={[
        retry ? (
          <Button key="again" type="primary" href={oidcStartUrl()}>
            {OAUTH2_TEXTS.again}
          </Button>
        ) : null,
        <Link key="back" to={LOGIN_PATH}>
          <Button>{OAUTH2_TEXTS.back}</Button>
        </Link>,
      ]}
    />
  );
}

/** A login ticket (from the OIDC callback) or a CAS service ticket: exchanged once for the login answer. */
function TicketSignIn({ step }: { step: Extract<ThirdLoginStep, { kind: 'login' | 'cas' }> }) {
  const finish = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A ticket serves once: never a second request for it (React's development double effects).
    if (started.current) return;
    started.current = true;
    const service = casServiceOf(window.location.href);
    // Reloading this page must not send the used ticket again.
    window.history.replaceState(window.history.state, '', OAUTH2_LOGIN_PATH);
    const answer = step.kind === 'login' ? getThirdLoginUser(step.ticket, step.thirdType) : casValidateLogin(step.ticket, service);
    answer.then(finish).catch((e: unknown) => setError(messageOf(e)));
  }, [step, finish]);

  if (error) return <Failure message={error} retry={step.kind === 'login'} />;
  return (
    <div style={{ textAlign: 'center', padding: '48px 0' }}>
      <Spin size="large" />
      <div style={{ marginTop: 16, color: 'rgba(0,0,0,0.45)' }}>{OAUTH2_TEXTS.signingIn}</div>
    </div>
  );
}

interface BindFields {
  username: string;
  password: string;
}

/** A provider account nobody is linked to yet: the person proves an existing account by its password. */
function BindAccount({ ticket }: { ticket: string }) {
  const finish = useFinishSignIn();
  const [info, setInfo] = useState<BindInfo | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let alive = true;
    getBindInfo(ticket)
      .then((res) => {
        if (!alive) return;
        if (res.success) setInfo(res.result);
        else setGone(res.message);
      })
      .catch((e: unknown) => alive && setGone(messageOf(e)));
    return () => {
      alive = false;
    };
  }, [ticket]);

  if (gone) return <Failure message={gone} retry />;
  if (!info) return <Spin style={{ display: 'block', padding: '48px 0' }} />;

  const submit = async (values: BindFields) => {
    setSubmitting(true);
    setError(null);
    try {
      finish(await bindThirdAccount({ token: ticket, username: values.username.trim(), password: values.password }));
    } catch (e) {
      setError(messageOf(e));
      setSubmitting(false);
    }
  };
  const provider = info.providerName || OAUTH2_TEXTS.title;
  const who = [info.realname, info.email].filter(Boolean).join('，');
  return (
    <Form<BindFields> size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      <LoginTabs items={[{ key: 'bind', label: OAUTH2_TEXTS.bindTab }]} active="bind" onChange={() => undefined} />
      <Alert type="info" showIcon message={OAUTH2_TEXTS.bindIntro(provider, who ? `（${who}）` : '')} style={{ marginBottom: 24 }} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: OAUTH2_TEXTS.username }]}>
        <Input prefix={<UserOutlined />} placeholder={OAUTH2_TEXTS.username} aria-label="用户名" autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: OAUTH2_TEXTS.password }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={OAUTH2_TEXTS.password} aria-label="密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {OAUTH2_TEXTS.bindSubmit}
        </Button>
      </Form.Item>
      <div style={{ textAlign: 'center' }}>
        <Link to={LOGIN_PATH}>{OAUTH2_TEXTS.back}</Link>
      </div>
    </Form>
  );
}

/** /oauth2-app/login without a step: start at the provider (at once inside a work chat), if there is one. */
function Start() {
  const [configured, setConfigured] = useState<boolean | null>(null);
  useEffect(() => {
    let alive = true;
    getThirdLoginProviders()
      .then((res) => {
        if (!alive) return;
        const oidc = res.success && res.result.oidc !== null;
        if (oidc && isEmbeddedWorkChat(navigator.userAgent)) window.location.assign(oidcStartUrl());
        setConfigured(oidc);
      })
      .catch(() => alive && setConfigured(false));
    return () => {
      alive = false;
    };
  }, []);
  if (configured === null) return <Spin style={{ display: 'block', padding: '48px 0' }} />;
  return (
    <Result
      status="info"
      title={OAUTH2_TEXTS.title}
      subTitle={configured ? undefined : OAUTH2_TEXTS.notConfigured}
      extra={[
        configured ? (
          <Button key="start" type="primary" href={oidcStartUrl()}>
            {OAUTH2_TEXTS.start}
          </Button>
        ) : null,
        <Link key="back" to={LOGIN_PATH}>
          <Button>{OAUTH2_TEXTS.back}</Button>
        </Link>,
      ]}
    />
  );
}

/**
 * 第三方登录 (spec §2, /oauth2-app/login): where the OIDC callback and CAS send the browser back.
 * A login ticket or CAS ticket signs in; a bind ticket asks for an existing account; thirdError
 * says why it did not work; nothing starts a sign-in at the provider.
 */
export default function OAuth2Login() {
  const [step] = useState(() => thirdLoginStep(window.location.search));
  switch (step.kind) {
    case 'login':
    case 'cas':
      return <TicketSignIn step={step} />;
    case 'bind':
      return <BindAccount ticket={step.ticket} />;
    case 'error':
      return <Failure message={step.message} retry />;
    default:
      return <Start />;
  }
}
