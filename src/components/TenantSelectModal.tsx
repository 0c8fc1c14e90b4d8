import { useEffect, useEffectEvent, useState } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { getCurrentUserTenant } from '../api/sys';
import { requestHost } from '../api/requestHost';
import type { Tenant } from '../api/types';
import { useFeedback } from '../hooks/useFeedback';
import { useSession } from '../store/session';
import { currentTenantName, preselectedTenant } from '../store/tenantChoice';

export const TENANT_TEXTS = {
  chooseTitle: '租户选择',
  switchTitle: (name: string) => `租户切换（当前租户 : ${name}）`,
  switchPlain: '租户切换',
  label: '租户',
  required: '请选择租户',
  none: '您没有可用的租户',
  chosen: '租户选择成功！',
  switched: '租户切换成功！',
} as const;

interface TenantSelectModalProps {
  open: boolean;
  /** The choice after signing in as a user of several tenants: it cannot be dismissed without choosing. */
  firstChoice: boolean;
  onClose(): void;
}

interface TenantForm {
  tenantId: number;
}

/**
 * 租户选择 / 租户切换: the user's usable tenants (GET /sys/tenant/getCurrentUserTenant); the choice
 * becomes the `tenant-id` every request sends (TENANT_ID, 7 days) and the page reloads, so nothing
 * on screen stays from the tenant left.
 */
export default function TenantSelectModal({ open, firstChoice, onClose }: TenantSelectModalProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<TenantForm>();
  const [tenants, setTenants] = useState<Tenant[] | null>(null);
  const stored = useSession((s) => s.tenantid);
  const setTenant = useSession((s) => s.setTenant);
  const setNeedTenantSelect = useSession((s) => s.setNeedTenantSelect);

  const loaded = useEffectEvent((list: Tenant[]) => {
    if (list.length === 0) {
      void message.warning(TENANT_TEXTS.none);
      setNeedTenantSelect(false);
      onClose();
      return;
    }
    setTenants(list);
    form.setFieldsValue({ tenantId: preselectedTenant(list, stored) });
  });

  useEffect(() => {
    if (!open || tenants) return;
    let alive = true;
    getCurrentUserTenant()
      .then((res) => {
        if (alive && res.success) loaded(res.result?.list ?? []);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [open, tenants]);

  const close = () => {
    setTenants(null);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setTenant(values.tenantId);
    setNeedTenantSelect(false);
    void message.success(firstChoice ? TENANT_TEXTS.chosen : TENANT_TEXTS.switched);
    setTenants(null);
    // Lists, dictionaries and sockets on screen belong to the tenant left: start the page afresh.
    requestHost().reload();
  };

  const list = tenants ?? [];
  const currentName = currentTenantName(list, stored);
  const title = firstChoice ? TENANT_TEXTS.chooseTitle : currentName ? TENANT_TEXTS.switchTitle(currentName) : TENANT_TEXTS.switchPlain;

  return (
    <Modal
      title={title}
      open={open}
      width={500}
      onOk={() => void submit()}
      onCancel={firstChoice ? undefined : close}
      closable={!firstChoice}
      maskClosable={false}
      keyboard={!firstChoice}
      okText="确定"
      cancelText="取消"
      cancelButtonProps={firstChoice ? { style: { display: 'none' } } : undefined}
    >
      <Spin spinning={open && !tenants}>
        <Form<TenantForm> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 18 }}>
          <Form.Item label={TENANT_TEXTS.label} name="tenantId" rules={[{ required: true, message: TENANT_TEXTS.required }]}>
            <Select placeholder={TENANT_TEXTS.required} options={list.map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
