import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { updatePassword } from '../api/sys';
import { useFeedback } from '../hooks/useFeedback';
import { useSession } from '../store/session';

/** Texts of spec §5 (change password) and §8 (no logged-in user). */
export const PASSWORD_TEXTS = {
  title: '修改密码',
  oldLabel: '旧密码',
  newLabel: '新密码',
  confirmLabel: '确认新密码',
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
  noUser: '当前系统无登录用户!',
} as const;

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

interface ChangePasswordModalProps {
  open: boolean;
  onClose(): void;
}

export default function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const username = useSession((s) => s.username);
  const { message } = useFeedback();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (!username) {
      void message.warning(PASSWORD_TEXTS.noUser);
      return;
    }
    setSaving(true);
    const res = await updatePassword({ username, ...values }).catch(() => null);
    setSaving(false);
    // null: the request layer has already told the user what went wrong; the form stays open.
    if (!res) return;
    if (res.success) {
      close();
      void message.success(res.message);
    } else {
      void message.warning(res.message);
    }
  };

  return (
    <Modal
      title={PASSWORD_TEXTS.title}
      open={open}
      width={800}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={close}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
    >
      <Form<PasswordForm> form={form} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}>
        <Form.Item
          label={PASSWORD_TEXTS.oldLabel}
          name="oldpassword"
          rules={[{ required: true, message: PASSWORD_TEXTS.oldRequired }]}
        >
          <Input.Password placeholder="请输入旧密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={PASSWORD_TEXTS.newLabel}
          name="password"
          rules={[{ required: true, message: PASSWORD_TEXTS.newRequired }]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={PASSWORD_TEXTS.confirmLabel}
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            { required: true, message: PASSWORD_TEXTS.confirmRequired },
            ({ getFieldValue }) => ({
              validator(_, value: string | undefined) {
                if (!value || getFieldValue('password') === value) return Promise.resolve();
                return Promise.reject(new Error(PASSWORD_TEXTS.mismatch));
              },
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
