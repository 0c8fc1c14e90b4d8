/**
 * A row action's form (list.rowActions[].form, e.g. 消息模板's 发送测试): its fields with their rules,
 * then POST/PUT of `{<idParam>: id, ...params, ...values}` to the action's endpoint. The answer's message is shown; on
 * success the dialog closes and the list reloads, on refusal the dialog stays with the input.
 */
import { createForm } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { Button, Modal, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDictService } from '../../dict/dictContext';
import { useDictionaries } from '../../dict/useDictionaries';
import { registerFormilyCompiler } from '../../expr/formilyCompiler';
import type { Host } from '../../host/types';
import type { CompiledCustomRowAction, CompiledPage, CompiledRowActionForm } from '../../schema/compiledPageTypes';
import { createClickThrottle } from '../../validation/clickThrottle';
import { labelWidthFor } from '../form/FormSection';
import { buildFormSchema } from '../form/formSchema';
import { defaultValues, formToRecord } from '../form/formValues';
import { FormWidgetContext } from '../form/RegistryWidget';
import { SchemaField } from '../form/schemaField';
import { rowActionFormPage } from './rowActionPage';

registerFormilyCompiler();

export interface RowActionFormModalProps {
  page: CompiledPage;
  host: Host;
  action: CompiledCustomRowAction & { form: CompiledRowActionForm };
  /** The row's id (as the action's idParam) and the action's other parameters, sent with the form's values. */
  params: Readonly<Record<string, string>>;
  onClose(): void;
  onDone(): void;
}

export function RowActionFormModal({ page, host, action, params, onClose, onDone }: RowActionFormModalProps) {
  const formPage = useMemo(() => rowActionFormPage(page, action.form), [page, action.form]);
  const dict = useDictService(host);
  const codes = useMemo(() => action.form.fields.flatMap((field) => (field.dict ? [field.dict.dictCode] : [])), [action.form.fields]);
  const { version } = useDictionaries(dict, codes);
  // The dictionaries first, as the add/edit form does: a choice built before its items arrive keeps
  // no options (生成菜单's 授权角色). A failed code settles too, with no options.
  const [dictsSettled, setDictsSettled] = useState(false);
  useEffect(() => {
    let live = true;
    void dict.prefetch(codes).finally(() => {
      if (live) setDictsSettled(true);
    });
    return () => {
      live = false;
    };
  }, [dict, codes]);
  const form = useMemo(() => createForm({ initialValues: defaultValues(formPage).values }), [formPage]);
  const schema = useMemo(
    () => buildFormSchema(formPage, { dictItems: (code) => (version >= 0 ? dict.cachedItems(code) : undefined), request: (url, params) => host.request.get(url, params) }),
    [formPage, dict, version, host],
  );
  const [sending, setSending] = useState(false);
  const [throttle] = useState(() => createClickThrottle());

  async function submit(): Promise<void> {
    if (sending) return;
    const verdict = throttle('submit');
    if (!verdict.allowed) {
      host.notify.warning(verdict.message);
      return;
    }
    try {
      await form.validate();
    } catch {
      return;
    }
    setSending(true);
    const body = { ...formToRecord(formPage, form.values as Record<string, unknown>), ...params };
    try {
      const answer = action.method === 'put' ? await host.request.put<unknown>(action.url, body) : await host.request.post<unknown>(action.url, body);
      if (answer.success) {
        host.notify.success(answer.message || '操作成功');
        onDone();
        onClose();
      } else {
        host.notify.warning(answer.message || '操作失败');
      }
    } catch {
      // The host's request layer has told the user; the input stays.
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open
      title={action.form.title}
      width={action.form.width}
      destroyOnHidden
      maskClosable={false}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={sending} onClick={() => void submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <FormProvider form={form}>
        <FormWidgetContext.Provider value={{ page: formPage, host }}>
          <FormLayout labelWidth={labelWidthFor(action.form.fields.map((field) => field.label))} labelWrap feedbackLayout="loose">
            {dictsSettled ? <SchemaField schema={schema} /> : <Spin style={{ display: 'block', margin: '24px auto' }} />}
          </FormLayout>
        </FormWidgetContext.Provider>
      </FormProvider>
    </Modal>
  );
}

export default RowActionFormModal;
