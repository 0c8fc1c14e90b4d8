import { useEffect, useEffectEvent, useState } from 'react';
import { Form, Modal, Select, Spin } from 'antd';
import { RequestError } from '../api/request';
import type { Depart } from '../api/types';
import { useFeedback } from '../hooks/useFeedback';
import { NO_DEPARTS_MESSAGE, loadCurrentUserDeparts, selectDepart } from '../store/auth';

/** Texts of spec §2, §4 and §8 for the department choice. */
export const DEPART_TEXTS = {
  chooseTitle: '部门选择',
  switchTitle: (name: string) => `部门切换（当前部门 : ${name}）`,
  switchPlain: '部门切换',
  label: '部门',
  required: '请选择部门',
  none: NO_DEPARTS_MESSAGE,
  chosen: '部门选择成功！',
  switched: '部门切换成功！',
} as const;

interface DepartSelectModalProps {
  open: boolean;
  /**
   * First choice after signing in as a multi-department user: titled 部门选择 and it cannot be
   * dismissed without choosing. Otherwise the switch from the user menu.
   */
  firstChoice: boolean;
  onClose(): void;
}

interface DepartForm {
  orgCode: string;
}

export function switchTitle(departs: readonly Depart[], currentOrgCode: string | null | undefined): string {
  const current = departs.find((d) => d.orgCode === currentOrgCode);
  return current ? DEPART_TEXTS.switchTitle(current.departName) : DEPART_TEXTS.switchPlain;
}

interface Loaded {
  departs: Depart[];
  currentOrgCode: string | null;
}

export default function DepartSelectModal({ open, firstChoice, onClose }: DepartSelectModalProps) {
  const { message } = useFeedback();
  const [form] = Form.useForm<DepartForm>();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setLoaded(null);
    onClose();
  };

  const applyLoaded = useEffectEvent((list: Depart[], orgCode: string | null) => {
    setLoaded({ departs: list, currentOrgCode: orgCode });
    // A first choice starts empty so the user really chooses; a switch starts at the current one.
    form.setFieldsValue({ orgCode: firstChoice ? undefined : (orgCode ?? undefined) });
  });

  const loadFailed = useEffectEvent((error: unknown) => {
    // 您尚未设置部门信息! / 当前系统无登录用户! come from the session actions; request failures
    // have already been reported by the request layer.
    if (!(error instanceof RequestError && error.notified)) {
      void message.warning(error instanceof Error ? error.message : String(error));
    }
    onClose();
  });

  // The list is fetched afresh each time the modal opens (a closed modal forgets it).
  useEffect(() => {
    if (!open || loaded) return;
    let alive = true;
    loadCurrentUserDeparts()
      .then((res) => {
        if (alive) applyLoaded(res.list, res.orgCode);
      })
      .catch((error: unknown) => {
        if (alive) loadFailed(error);
      });
    return () => {
      alive = false;
    };
  }, [open, loaded]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    // A failed call has been reported by the request layer (or is the session's own text).
    const res = await selectDepart(values.orgCode).catch((error: unknown) => {
      if (!(error instanceof RequestError && error.notified)) {
        void message.warning(error instanceof Error ? error.message : String(error));
      }
      return null;
    });
    setSaving(false);
    if (!res) return;
    if (res.success) {
      close();
      void message.success(res.message || (firstChoice ? DEPART_TEXTS.chosen : DEPART_TEXTS.switched));
    } else {
      void message.warning(res.message);
    }
  };

  const departs = loaded?.departs ?? [];
  const title = firstChoice ? DEPART_TEXTS.chooseTitle : switchTitle(departs, loaded?.currentOrgCode);

  return (
    <Modal
      title={title}
      open={open}
      width={500}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={firstChoice ? undefined : close}
      closable={!firstChoice}
      maskClosable={false}
      keyboard={!firstChoice}
      okText="确定"
      cancelText="取消"
      cancelButtonProps={firstChoice ? { style: { display: 'none' } } : undefined}
    >
      <Spin spinning={open && !loaded}>
        <Form<DepartForm> form={form} labelCol={{ span: 4 }} wrapperCol={{ span: 18 }}>
          <Form.Item label={DEPART_TEXTS.label} name="orgCode" rules={[{ required: true, message: DEPART_TEXTS.required }]}>
            <Select
              placeholder={DEPART_TEXTS.required}
              options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
