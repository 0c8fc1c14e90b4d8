/**
 * The small form a custom row action asks before its call (page language: rowActions[].form), e.g.
 * 用户管理's 密码: 新密码 and 确认新密码. The fields are the page's form-only fields, validated like
 * any form's; 确定 hands their values to the call and the modal closes once the call succeeded.
 */
import { createForm } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import type { Host } from '../../host/types';
import type { CompiledCustomRowAction, CompiledPage } from '../../schema/compiledPage';
import { labelWidthFor } from '../form/FormSection';
import { buildFieldsSchema } from '../form/formSchema';
import { FormWidgetContext } from '../form/RegistryWidget';
import { SchemaField } from '../form/schemaField';

export interface RowActionFormModalProps {
  page: CompiledPage;
  host: Host;
  action: CompiledCustomRowAction;
  /** Makes the call with the form's values; resolves true when it succeeded. */
  onSubmit(values: Record<string, string>): Promise<boolean>;
  onClose(): void;
}

export function RowActionFormModal({ page, host, action, onSubmit, onClose }: RowActionFormModalProps) {
  const form = useMemo(() => createForm(), []);
  const [saving, setSaving] = useState(false);
  const schema = useMemo(
    () => buildFieldsSchema(page, action.form, { dictItems: () => undefined, request: (url, params) => host.request.get(url, params) }),
    [page, action, host],
  );

  async function submit(): Promise<void> {
    try {
      await form.validate();
    } catch {
      return;
    }
    const values: Record<string, string> = {};
    // A confirmation has done its job once the form validated.
    for (const field of action.form) {
      const value: unknown = form.values[field.name];
      if (!field.sameAs && value !== undefined && value !== null) values[field.name] = String(value);
    }
    setSaving(true);
    const done = await onSubmit(values);
    setSaving(false);
    if (done) onClose();
  }

  return (
    <Modal open title={action.title} width={520} destroyOnHidden maskClosable={false} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose}>
      <FormProvider form={form}>
        <FormWidgetContext.Provider value={{ page, host }}>
          <FormLayout labelWidth={labelWidthFor(action.form.map((field) => field.label))} labelWrap feedbackLayout="loose">
            <SchemaField schema={schema} />
          </FormLayout>
        </FormWidgetContext.Provider>
      </FormProvider>
    </Modal>
  );
}
