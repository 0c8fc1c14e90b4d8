import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { RequestError } from '../../api/request';
import { registrationOpen } from '../../api/sys';
import { HOME_PATH } from '../../config';
import { redirectTarget } from '../../router/guard';
import { preloadSignedInArea } from '../../router/signedInArea';
import { LoginRejected, loginByAccount, loginByPhone } from '../../store/auth';
import { SMS_MODE } from '../../../runtime/validation/signInForms';
import { MOBILE_RULES } from './formRules';
import { LoginTabs } from './LoginTab';
import { SmsCodeField } from './SmsCodeField';
import { ThirdPartyLogin } from './ThirdPartyLogin';
import { useCaptcha } from './useCaptcha';

export const LOGIN_TEXTS = {
  tab: '账号密码登录',
  phoneTab: '手机号登录',
  username: '请输入用户名',
  password: '请输入密码',
  captcha: '请输入验证码',
  mobile: '请输入手机号码',
  captchaAlt: '验证码',
  captchaRefresh: '看不清？点击刷新',
  captchaFailed: '验证码加载失败，点击重试',
  remember: '记住我',
  forgot: '忘记密码',
  register: '注册账户',
  submit: '登 录',
} as const;

type LoginWay = 'account' | 'phone';

const TABS = [
  { key: 'account', label: LOGIN_TEXTS.tab },
  { key: 'phone', label: LOGIN_TEXTS.phoneTab },
] as const;

interface LoginFields {
  username: string;
  password: string;
  captcha: string;
  mobile: string;
  smsCode: string;
  remember: boolean;
}

/**
 * Sign-in (spec §2, §4): by account (username, password, captcha) or by phone (a text-message code),
 * 记住我 (unticked: the session ends with the browser), and the ways to 忘记密码 and (when open) 注册.
 */
export default function Login() {
  const [form] = Form.useForm<LoginFields>();
  const navigate = useNavigate();
  const { search } = useLocation();
  const captcha = useCaptcha();
  const [way, setWay] = useState<LoginWay>('account');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // 注册账户 shows only while the administrator keeps 开放注册 on (系统设置), asked at each visit.
  const [canRegister, setCanRegister] = useState(false);

  useEffect(() => {
    let alive = true;
    registrationOpen()
      .then((res) => alive && setCanRegister(res.success && res.result === true))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const switchWay = (next: LoginWay) => {
    setWay(next);
    setError(null);
  };

  const submit = async (values: LoginFields) => {
    setSubmitting(true);
    setError(null);
    try {
      if (way === 'account') {
        await loginByAccount({ username: values.username.trim(), password: values.password, captcha: values.captcha, checkKey: captcha.checkKey }, values.remember);
      } else {
        await loginByPhone({ mobile: values.mobile.trim(), captcha: values.smsCode.trim() }, values.remember);
      }
      // A user with several departments chooses one in the layout (session needDepartSelect).
      navigate(redirectTarget(search) ?? HOME_PATH, { replace: true });
    } catch (e) {
      if (way === 'account') {
        // A captcha serves one attempt: after any failure a new one must be solved.
        captcha.refresh();
        form.setFieldValue('captcha', '');
      }
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
      initialValues={{ remember: true }}
      onFinish={(v) => void submit(v)}
      // Someone typing here is about to sign in: the pages after sign-in load meanwhile.
      onValuesChange={preloadSignedInArea}
      autoComplete="off"
    >
      <LoginTabs items={TABS} active={way} onChange={switchWay} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      {way === 'account' ? (
        <>
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: LOGIN_TEXTS.username }]}>
            <Input prefix={<UserOutlined />} placeholder={LOGIN_TEXTS.username} aria-label="用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: LOGIN_TEXTS.password }]}>
            <Input.Password prefix={<LockOutlined />} placeholder={LOGIN_TEXTS.password} aria-label="密码" autoComplete="current-password" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 12 }}>
            <Form.Item name="captcha" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: LOGIN_TEXTS.captcha }]}>
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
        </>
      ) : (
        <>
          <Form.Item name="mobile" rules={MOBILE_RULES}>
            <Input prefix={<MobileOutlined />} placeholder={LOGIN_TEXTS.mobile} aria-label="手机号" autoComplete="tel" maxLength={11} autoFocus />
          </Form.Item>
          <SmsCodeField form={form} mode={SMS_MODE.login} mobileField="mobile" name="smsCode" />
        </>
      )}
      <div className="login-form__options">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{LOGIN_TEXTS.remember}</Checkbox>
        </Form.Item>
        <Link to="/user/alteration">{LOGIN_TEXTS.forgot}</Link>
      </div>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {LOGIN_TEXTS.submit}
        </Button>
      </Form.Item>
      {canRegister ? (
        <div className="login-form__links">
          <Link to="/user/register">{LOGIN_TEXTS.register}</Link>
        </div>
      ) : null}
      <ThirdPartyLogin />
    </Form>
  );
}
