import { Button, Form, Input, message, type FormInstance } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { smsCodeError, type SmsMode } from '../../../runtime/validation/signInForms';
import { useSmsCountdown } from './useSmsCountdown';

export const SMS_TEXTS = {
  placeholder: '请输入验证码',
  get: '获取验证码',
  sent: '验证码已发送，请注意查收',
  again: (seconds: number) => `${seconds}秒后重新获取`,
  sending: '发送中…',
} as const;

/**
 * The text-message code of a form: the input and its 获取验证码 button, which first checks the form's
 * phone field (`mobileField`) and then counts the wait down.
 */
export function SmsCodeField({ form, mode, mobileField, name = 'captcha' }: { form: FormInstance; mode: SmsMode; mobileField: string; name?: string }) {
  const countdown = useSmsCountdown(mode);
  const ask = async () => {
    try {
      await form.validateFields([mobileField]);
    } catch {
      return;
    }
    const mobile = String(form.getFieldValue(mobileField) ?? '').trim();
    const refused = await countdown.send(mobile);
    if (refused) void message.error(refused);
    else void message.success(SMS_TEXTS.sent);
  };
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      <Form.Item
        name={name}
        style={{ flex: 1 }}
        rules={[{ validator: (_, value?: string) => { const error = smsCodeError(value); return error ? Promise.reject(new Error(error)) : Promise.resolve(); } }]}
      >
        <Input prefix={<SafetyCertificateOutlined />} placeholder={SMS_TEXTS.placeholder} aria-label="短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      {/* Not antd's `loading`: its spinner leaves by a width transition, which a fixed-width button
          that turns disabled at the same moment may never finish — the spinner then stays. */}
      <Button style={{ width: 136 }} disabled={countdown.sending || countdown.seconds > 0} onClick={() => void ask()}>
        {countdown.sending ? SMS_TEXTS.sending : countdown.seconds > 0 ? SMS_TEXTS.again(countdown.seconds) : SMS_TEXTS.get}
      </Button>
    </div>
  );
}
