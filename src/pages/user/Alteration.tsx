import { useState } from 'react';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { passwordChange, phoneVerification } from '../../api/sys';
import { RequestError } from '../../api/request';
import { LOGIN_PATH } from '../../config';
import { SMS_MODE } from '../../../runtime/validation/signInForms';
import { confirmRules, MOBILE_RULES, NEW_PASSWORD_RULES, USERNAME_RULES } from './formRules';
import { SmsCodeField } from './SmsCodeField';
import './Alteration.css';

export const ALTERATION_TEXTS = {
  steps: ['确认账号', '安全验证', '设置新密码', '完成'],
  username: '请输入要找回密码的用户名',
  mobile: '请输入账号绑定的手机号码',
  password: '请输入新密码（至少8位，含三类字符）',
  confirm: '请再次输入新密码',
  next: '下一步',
  back: '上一步',
  submit: '提 交',
  done: '密码重置成功',
  doneDetail: '该账号在各处的登录均已退出，请使用新密码登录。',
  toLogin: '返回登录',
} as const;

interface AccountFields {
  username: string;
}
interface PhoneFields {
  mobile: string;
  smscode: string;
}
interface PasswordFields {
  password: string;
  confirmPassword: string;
}

function failureText(e: unknown): string {
  return e instanceof RequestError ? e.message : '操作失败，请稍后重试';
}

/**
 * 忘记密码 (/user/alteration), four steps: the account; its phone proven by a code (the server hands
 * back a one-use ticket); the new password twice; done — every session of the account has ended.
 * Step 1 asks nothing of the server, so it does not tell whether the account exists.
 */
export default function Alteration() {
  const [step, setStep] = useState(0);
  const [username, setUsername] = useState('');
  const [ticket, setTicket] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phoneForm] = Form.useForm<PhoneFields>();

  const go = (next: number) => {
    setError(null);
    setStep(next);
  };

  const verify = async (values: PhoneFields) => {
    setBusy(true);
    setError(null);
    try {
      const res = await phoneVerification({ username, phone: values.mobile.trim(), smscode: values.smscode.trim() });
      if (!res.success || !res.result) setError(res.message || '验证失败');
      else {
        setTicket(res.result.ticket);
        go(2);
      }
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  const change = async (values: PasswordFields) => {
    setBusy(true);
    setError(null);
    try {
      const res = await passwordChange({ username, ticket, password: values.password, confirmPassword: values.confirmPassword });
      if (!res.success) setError(res.message || '重置密码失败');
      else go(3);
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="alteration">
      <Steps size="small" labelPlacement="vertical" current={step} items={ALTERATION_TEXTS.steps.map((title) => ({ title }))} className="alteration__steps" />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 24 }} /> : null}
      {step === 0 ? (
        <Form<AccountFields>
          size="large"
          initialValues={{ username }}
          onFinish={(values) => {
            setUsername(values.username.trim());
            go(1);
          }}
        >
          <Form.Item name="username" rules={USERNAME_RULES}>
            <Input prefix={<UserOutlined />} placeholder={ALTERATION_TEXTS.username} aria-label="用户名" autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {ALTERATION_TEXTS.next}
          </Button>
        </Form>
      ) : null}
      {step === 1 ? (
        <Form<PhoneFields> form={phoneForm} size="large" onFinish={(v) => void verify(v)} autoComplete="off">
          <div className="alteration__account">账号：{username}</div>
          <Form.Item name="mobile" rules={MOBILE_RULES}>
            <Input prefix={<MobileOutlined />} placeholder={ALTERATION_TEXTS.mobile} aria-label="手机号" autoComplete="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField form={phoneForm} mode={SMS_MODE.reset} mobileField="mobile" name="smscode" />
          <div className="alteration__buttons">
            <Button onClick={() => go(0)}>{ALTERATION_TEXTS.back}</Button>
            <Button type="primary" htmlType="submit" loading={busy}>
              {ALTERATION_TEXTS.next}
            </Button>
          </div>
        </Form>
      ) : null}
      {step === 2 ? (
        <Form<PasswordFields> size="large" onFinish={(v) => void change(v)} autoComplete="off">
          <div className="alteration__account">账号：{username}</div>
          <Form.Item name="password" rules={NEW_PASSWORD_RULES}>
            <Input.Password prefix={<LockOutlined />} placeholder={ALTERATION_TEXTS.password} aria-label="新密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password prefix={<LockOutlined />} placeholder={ALTERATION_TEXTS.confirm} aria-label="确认新密码" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {ALTERATION_TEXTS.submit}
          </Button>
        </Form>
      ) : null}
      {step === 3 ? (
        <Result
          status="success"
          title={ALTERATION_TEXTS.done}
          subTitle={ALTERATION_TEXTS.doneDetail}
          extra={
            <Link to={LOGIN_PATH}>
              <Button type="primary">{ALTERATION_TEXTS.toLogin}</Button>
            </Link>
          }
        />
      ) : null}
      {step < 3 ? (
        <div className="login-form__links" style={{ marginTop: 16 }}>
          <Link to={LOGIN_PATH}>{ALTERATION_TEXTS.toLogin}</Link>
        </div>
      ) : null}
    </div>
  );
}
