import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { HOME_PATH } from '../../config';
import { redirectTarget } from '../../router/guard';
import { preloadSignedInArea } from '../../router/signedInArea';
import { LoginRejected, loginByAccount } from '../../store/auth';
import { LoginTab } from './LoginTab';
import { ThirdPartyLogin } from './ThirdPartyLogin';
import { useCaptcha } from './useCaptcha';

export const LOGIN_TEXTS = {
  tab: '账号密码登录',
  username: '请输入用户名',
  password: '请输入密码',
  captcha: '请输入验证码',
  captchaAlt: '验证码',
  captchaRefresh: '看不清？点击刷新',
  captchaFailed: '验证码加载失败，点击重试',
  submit: '登 录',
} as const;

interface LoginFields {
  username: string;
  password: string;
  captcha: string;
}

/** Sign-in by account (spec §2, §4): username, password and captcha. */
export default function Login() {
  const [form] = Form.useForm<LoginFields>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const captcha = useCaptcha();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: LoginFields) => {
    setSubmitting(true);
    setError(null);
    try {
      await loginByAccount({ ...values, username: values.username.trim(), checkKey: captcha.checkKey });
      // A user with several departments chooses one in the layout (session needDepartSelect).
      navigate(redirectTarget(search) ?? HOME_PATH, { replace: true });
    } catch (e) {
      // A captcha serves one attempt: fetch a new one and clear the answer.
      captcha.refresh();
      form.setFieldValue('captcha', '');
      if (e instanceof LoginRejected) setError(e.message);
      else if (e instanceof RequestError) setError(e.message);
      else setError('登录失败，请稍后重试');
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginFields>
      form={form}
      size="large"
      onFinish={(v) => void submit(v)}
      // Someone typing here is about to sign in: the pages after sign-in load meanwhile.
      onValuesChange={preloadSignedInArea}
      autoComplete="off"
    >
      <LoginTab label={LOGIN_TEXTS.tab} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: LOGIN_TEXTS.username }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={LOGIN_TEXTS.username}
          aria-label="用户名"
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: LOGIN_TEXTS.password }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={LOGIN_TEXTS.password}
          aria-label="密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          name="captcha"
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: LOGIN_TEXTS.captcha }]}
        >
          <Input prefix={<SafetyCertificateOutlined />} placeholder={LOGIN_TEXTS.captcha} aria-label="验证码" maxLength={8} />
        </Form.Item>
        <button
          type="button"
          onClick={captcha.refresh}
          title={LOGIN_TEXTS.captchaRefresh}
          aria-label={LOGIN_TEXTS.captchaRefresh}
          style={{
            width: 120,
            height: 40,
            padding: 0,
            border: '1px solid #d9d9d9',
            borderRadius: 6,
            background: '#fafafa',
            cursor: 'pointer',
            overflow: 'hidden',
            fontSize: 12,
            color: 'rgba(0,0,0,0.45)',
          }}
        >
          {captcha.image ? (
            <img src={captcha.image} alt={LOGIN_TEXTS.captchaAlt} style={{ width: '100%', height: '100%', display: 'block' }} />
          ) : captcha.failed ? (
            LOGIN_TEXTS.captchaFailed
          ) : null}
        </button>
      </div>
      <Form.Item style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {LOGIN_TEXTS.submit}
        </Button>
      </Form.Item>
      <ThirdPartyLogin />
    </Form>
  );
}
