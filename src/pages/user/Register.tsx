import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { register, registrationOpen } from '../../api/sys';
import { RequestError } from '../../api/request';
import { LOGIN_PATH } from '../../config';
import { SMS_MODE } from '../../../runtime/validation/signInForms';
import { confirmRules, MOBILE_RULES, NEW_PASSWORD_RULES, USERNAME_RULES } from './formRules';
import { LoginTabs } from './LoginTab';
import { SmsCodeField } from './SmsCodeField';
import { StaffOnlyNotice } from './StaffOnlyNotice';

export const REGISTER_TEXTS = {
  title: '注册账户',
  username: '请输入用户名',
  password: '请输入密码（至少8位，含三类字符）',
  confirm: '请再次输入密码',
  mobile: '请输入手机号码',
  submit: '注 册',
  toLogin: '使用已有账户登录',
  closed: '本系统仅供内部员工使用，账号由系统管理员统一开通。如需账号，请联系系统管理员。',
} as const;

interface RegisterFields {
  username: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  smscode: string;
}

/**
 * 注册 (/user/register), open while 系统设置's 开放注册 is on: username, password twice,
 * phone and its code. The account then waits frozen until an administrator approves it (用户管理).
 */
export default function Register() {
  const [form] = Form.useForm<RegisterFields>();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    registrationOpen()
      .then((res) => alive && setOpen(res.success && res.result === true))
      .catch(() => alive && setOpen(false));
    return () => {
      alive = false;
    };
  }, []);

  if (open === null) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (!open) return <StaffOnlyNotice title="注册账号" detail={REGISTER_TEXTS.closed} />;

  const submit = async (values: RegisterFields) => {
    setSubmitting(true);
    setError(null);
    try {
      const res = await register({
        username: values.username.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        phone: values.mobile.trim(),
        smscode: values.smscode.trim(),
      });
      if (!res.success) {
        setError(res.message || '注册失败');
        return;
      }
      navigate(`/user/register-result?username=${encodeURIComponent(values.username.trim())}`, { replace: true });
    } catch (e) {
      setError(e instanceof RequestError ? e.message : '注册失败，请稍后重试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<RegisterFields> form={form} size="large" onFinish={(v) => void submit(v)} autoComplete="off">
      <LoginTabs items={[{ key: 'register', label: REGISTER_TEXTS.title }]} active="register" onChange={() => undefined} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      <Form.Item name="username" rules={USERNAME_RULES}>
        <Input prefix={<UserOutlined />} placeholder={REGISTER_TEXTS.username} aria-label="用户名" autoComplete="username" maxLength={18} />
      </Form.Item>
      <Form.Item name="password" rules={NEW_PASSWORD_RULES}>
        <Input.Password prefix={<LockOutlined />} placeholder={REGISTER_TEXTS.password} aria-label="密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" dependencies={['password']} rules={confirmRules('password')}>
        <Input.Password prefix={<LockOutlined />} placeholder={REGISTER_TEXTS.confirm} aria-label="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="mobile" rules={MOBILE_RULES}>
        <Input prefix={<MobileOutlined />} placeholder={REGISTER_TEXTS.mobile} aria-label="手机号" autoComplete="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} mode={SMS_MODE.register} mobileField="mobile" name="smscode" />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {REGISTER_TEXTS.submit}
        </Button>
      </Form.Item>
      <div className="login-form__links">
        <Link to={LOGIN_PATH}>{REGISTER_TEXTS.toLogin}</Link>
      </div>
    </Form>
  );
}
