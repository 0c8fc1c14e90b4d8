/**
 * The add / edit / detail modal of a schema page. Edit and detail first load the record fresh
 * with queryById; add starts from the page's defaults. Saving validates every field (errors shown
 * at the fields, the first one scrolled into view), then POSTs add or PUTs edit; a refusal from the
 * server is shown as a warning and the form stays open with the user's input. Once saved:
 * the server's message, onSaved(), onClose().
 */
import { createForm, type Form } from '@formily/core';
import { FormLayout } from '@formily/antd-v5';
import { FormProvider } from '@formily/react';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDictionaries } from '../../dict/useDictionaries';
import { registerFormilyCompiler } from '../../expr/formilyCompiler';
import type { Host } from '../../host/types';
import type { CompiledField, CompiledFormAction, CompiledPage } from '../../schema/compiledPageTypes';
import { createClickThrottle } from '../../validation/clickThrottle';
import { useDictService } from '../../dict/dictContext';
import { formFields, hasChanges, useCloseGuard } from './closeGuard';
import { ChildTabs, type ChildTabsHandle } from './ChildTabs';
import { DetailView } from './DetailView';
import { buildFormSchema } from './formSchema';
import { defaultValues, dictDefaults, formToRecord, presetToForm, recordToForm } from './formValues';
import { loadRecord, saveRecord, type FormMode } from './recordApi';
import { labelWidthFor } from './FormSection';
import { FormWidgetContext } from './RegistryWidget';
import { SchemaField } from './schemaField';
import { widgetControl } from './widgetControl';
import { CurrentStepContext } from './FormStepPane';
import { StepReview, StepsBar } from './StepsParts';
import { confirmStep, firstFailedStep, nextStep, previousStep, refusalStep } from './stepFlow';
import { findResult } from '../../schema/results';
import { ResultView } from '../result/ResultView';

// Our schemas' {{ }} expressions must never reach Formily's default (new Function) compiler, even
// in a host that forgot to register ours: the registration is idempotent, so doing it here is safe.
registerFormilyCompiler();

export interface FormModalProps {
  page: CompiledPage;
  host: Host;
  mode: FormMode;
  /** The row the modal is about (edit, detail): its id is used to load it fresh. */
  record?: Record<string, unknown>;
  open: boolean;
  onClose(): void;
  onSaved(): void;
  /** Values a new record always gets (the detail list of a master–detail drawer: its master's key). */
  fixedValues?: Readonly<Record<string, string>>;
  /** Adding: stored values the new record starts with, which the user may still change (添加下级). */
  presetValues?: Readonly<Record<string, string>>;
}

export const FORM_TITLES: Record<FormMode, string> = { add: '新增', edit: '编辑', detail: '详细信息' };

/**
 * 新增专家 / 编辑专家: the action and what it is about; 详细信息 is the spec's title of the detail
 * modal (widgets §2) and stays as it is.
 */
export function formTitle(mode: FormMode, entityTitle: string): string {
  return mode === 'detail' ? FORM_TITLES.detail : `${FORM_TITLES[mode]}${entityTitle}`;
}
export const DETAIL_WIDTH = 1200;
export const DEFAULT_FORM_WIDTH = 800;
/** A form with child grids (form.children) is wider: the grids need the room. */
export const CHILDREN_FORM_WIDTH = 1100;

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; record: Record<string, unknown>; fillRuleFields: string[] };

function recordId(record: Record<string, unknown> | undefined): string | number | undefined {
  const id = record?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

function dictCodes(fields: readonly CompiledField[], onlyChoices: boolean): string[] {
  return fields
    .filter((field) => field.dict && (!onlyChoices || widgetControl(field).usesDict))
    .map((field) => field.dict?.dictCode ?? '');
}

/** Scrolls the first field showing an error into view (Formily antd-v5 marks it with -error). */
function scrollToFirstError(container: HTMLElement | null): void {
  const failed = container?.querySelector('.ant-formily-item-error');
  if (failed && 'scrollIntoView' in failed && typeof failed.scrollIntoView === 'function') {
    failed.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }
}

/**
 * The modal exists only while open; each opening (mode, record) is a fresh session with fresh state.
 * A step form ending in a result may start again (再填一笔): a fresh session in the same modal; once
 * it has saved, closing the modal in any way is what onSaved follows (the list reloads).
 */
export function FormModal(props: FormModalProps) {
  const [round, setRound] = useState(0);
  const [saved, setSaved] = useState(false);
  if (!props.open) return null;
  const { onSaved, onClose } = props;
  const close = saved
    ? () => {
        setSaved(false);
        onSaved();
        onClose();
      }
    : onClose;
  return (
    <FormModalSession
      key={`${props.mode}:${String(recordId(props.record) ?? '')}:${round}`}
      {...props}
      onClose={close}
      onResultShown={() => setSaved(true)}
      onAgain={() => setRound((n) => n + 1)}
    />
  );
}

interface SessionProps extends FormModalProps {
  /** A step form saved and shows its result: the modal stays open, the save still counts. */
  onResultShown(): void;
  /** 再填一笔 on the result: a new, empty session. */
  onAgain(): void;
}

function initialLoad(page: CompiledPage, mode: FormMode, id: string | number | undefined, fixed?: Readonly<Record<string, string>>, presets?: Readonly<Record<string, string>>): Loaded {
  if (mode === 'add') {
    const defaults = defaultValues(page);
    defaults.failures.forEach((failure) => console.warn(`默认值表达式无法计算（${failure.field}）：${failure.message}`));
    return { state: 'ready', record: { ...defaults.values, ...presetToForm(page, presets ?? {}), ...fixed }, fillRuleFields: defaults.fillRuleFields };
  }
  if (id === undefined) return { state: 'failed', message: '缺少记录的 id，无法加载数据' };
  return { state: 'loading' };
}

function FormModalSession({ page, host, mode, record, open, onClose, onSaved, fixedValues, presetValues, onResultShown, onAgain }: SessionProps) {
  const dict = useDictService(host);
  const id = recordId(record);
  const [loaded, setLoaded] = useState<Loaded>(() => initialLoad(page, mode, id, fixedValues, presetValues));
  const [dictsSettled, setDictsSettled] = useState(false);
  const [saving, setSaving] = useState(false);
  const [acting, setActing] = useState<string>();
  const [fullscreen, setFullscreen] = useState(false);
  const [throttle] = useState(() => createClickThrottle());
  const bodyRef = useRef<HTMLDivElement>(null);
  // The one-to-many children (form.children): their grids in tabs under the fields.
  const childrenRef = useRef<ChildTabsHandle>(null);
  const hasChildren = page.form.children.length > 0;
  // A form filled in steps (form.steps): the step shown, and the record once saved when a result follows.
  const steps = mode === 'detail' ? undefined : page.form.steps;
  const [step, setStep] = useState(0);
  const [savedRecord, setSavedRecord] = useState<Record<string, unknown>>();
  const ending = steps?.result !== undefined && mode === 'add' ? findResult(page, steps.result) : undefined;

  const fields = mode === 'detail' ? page.detail.fields : page.form.fields;
  const codes = useMemo(() => dictCodes(fields, mode !== 'detail'), [fields, mode]);
  const { version: dictVersion } = useDictionaries(dict, codes);

  // The dictionaries first (options and texts come from them); a failed code settles too, with no options.
  useEffect(() => {
    let live = true;
    void dict.prefetch(codes).finally(() => {
      if (live) setDictsSettled(true);
    });
    return () => {
      live = false;
    };
  }, [dict, codes]);

  // Edit and detail show the record as the server has it now, not the possibly stale list row.
  useEffect(() => {
    if (mode === 'add' || id === undefined) return;
    let live = true;
    void loadRecord(host, page, id).then((outcome) => {
      if (!live) return;
      setLoaded(outcome.ok ? { state: 'ready', record: outcome.value, fillRuleFields: [] } : { state: 'failed', message: outcome.message });
    });
    return () => {
      live = false;
    };
  }, [mode, id, page, host]);

  const readyRecord = loaded.state === 'ready' ? loaded.record : undefined;
  const form = useMemo<Form | undefined>(() => {
    if (!readyRecord || mode === 'detail') return undefined;
    // A new record waits for its dictionaries: items marked isDefault 'Y' start chosen.
    if (mode === 'add' && !dictsSettled) return undefined;
    return createForm({
      initialValues:
        mode === 'add' ? { ...readyRecord, ...dictDefaults(page, readyRecord, (code) => dict.cachedItems(code)) } : recordToForm(page, readyRecord),
    });
  }, [readyRecord, mode, page, dictsSettled, dict]);

  const fillRuleFields = loaded.state === 'ready' ? loaded.fillRuleFields : undefined;
  // Rebuilt when dictionary items arrive (dictVersion), so choices get their options.
  const dictItems = useMemo(() => {
    const snapshot = new Map(codes.map((code) => [code, dict.cachedItems(code)] as const));
    return { version: dictVersion, get: (code: string) => snapshot.get(code) ?? dict.cachedItems(code) };
  }, [codes, dict, dictVersion]);
  const schema = useMemo(
    () =>
      buildFormSchema(page, {
        dictItems: dictItems.get,
        request: (url, params) => host.request.get(url, params),
        dataId: mode === 'edit' ? () => id : undefined,
        fillRuleFields,
        adding: mode === 'add',
      }),
    [page, dictItems, host, mode, id, fillRuleFields],
  );

  async function submit(): Promise<void> {
    if (!form || mode === 'detail' || saving) return;
    const verdict = throttle('submit');
    if (!verdict.allowed) {
      host.notify.warning(verdict.message);
      return;
    }
    try {
      await form.validate();
    } catch (failures) {
      // A step form goes back to the first step with an error (each 下一步 checked its own, so only a linkage can).
      if (steps) setStep(firstFailedStep(steps, failures) ?? step);
      // Formily has put the messages on the fields; bring the first into view once it has rendered.
      setTimeout(() => scrollToFirstError(bodyRef.current), 0);
      return;
    }
    const collected = hasChildren ? await childrenRef.current?.collect() : undefined;
    if (collected && !collected.ok) {
      host.notify.warning(collected.message);
      return;
    }
    setSaving(true);
    const body = {
      ...formToRecord(page, form.values as Record<string, unknown>, mode === 'edit' ? id : undefined),
      ...(mode === 'add' ? fixedValues : {}),
      ...(collected?.ok ? collected.values : {}),
    };
    const outcome = await saveRecord(host, page, mode, body);
    setSaving(false);
    if (outcome.ok && ending) {
      // The result says it was saved; the list reloads when the modal closes.
      setSavedRecord(body);
      onResultShown();
    } else if (outcome.ok) {
      host.notify.success(outcome.message);
      onSaved();
      onClose();
    } else {
      if (outcome.message) host.notify.warning(outcome.message);
      if (steps) setStep(refusalStep(form, steps, outcome.refused));
    }
  }

  /** 下一步: the current step's fields are checked; the next step shows only when they pass. */
  async function forward(): Promise<void> {
    if (!form || !steps) return;
    const next = await nextStep(form, steps, step);
    if (next === step) setTimeout(() => scrollToFirstError(bodyRef.current), 0);
    setStep(next);
  }

  /** A footer action (form.actions): the values as typed go to its endpoint; the answer is shown and the form stays. */
  async function runAction(action: CompiledFormAction): Promise<void> {
    if (!form || acting) return;
    setActing(action.key);
    try {
      const answer = await host.request.post<unknown>(action.url, formToRecord(page, form.values as Record<string, unknown>, mode === 'edit' ? id : undefined));
      if (answer.success) host.notify.success(answer.message || '操作成功');
      else host.notify.warning(answer.message || '操作失败');
    } catch {
      // The host's request layer has told the user.
    } finally {
      setActing(undefined);
    }
  }
  const actions = page.form.actions.filter((action) => host.hasPermission(action.permission));

  const detail = mode === 'detail';
  // Esc, × and 取消 ask before a changed form is thrown away; the detail has nothing to lose.
  const requestClose = useCloseGuard({
    changed: () => !detail && form !== undefined && hasChanges(formFields(form)),
    confirm: (options) => host.confirm(options),
    close: onClose,
  });
  const width = detail ? (fullscreen ? '100%' : DETAIL_WIDTH) : page.form.width || (hasChildren ? CHILDREN_FORM_WIDTH : DEFAULT_FORM_WIDTH);
  const childTabs = hasChildren && readyRecord && (
    <ChildTabs ref={childrenRef} page={page} host={host} dict={dict} record={mode === 'add' ? undefined : readyRecord} readOnly={detail} />
  );
  const ready = loaded.state === 'ready' && dictsSettled;

  const title = detail ? (
    <Space>
      <span>{FORM_TITLES.detail}</span>
      <Button
        type="text"
        size="small"
        aria-label={fullscreen ? '退出全屏' : '全屏'}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={() => setFullscreen((on) => !on)}
      />
    </Space>
  ) : (
    formTitle(mode, page.entity.title)
  );

  let body;
  if (loaded.state === 'failed') body = <Alert type="error" showIcon message={loaded.message} />;
  else if (!ready || !readyRecord) body = <Spin tip="加载中..."><div style={{ minHeight: 120 }} /></Spin>;
  else if (detail)
    body = (
      <>
        <DetailView page={page} record={readyRecord} dict={dict} host={host} />
        {childTabs}
      </>
    );
  else if (ending && savedRecord)
    body = (
      <>
        {steps && <StepsBar steps={steps} current={confirmStep(steps) + 1} withResult />}
        <ResultView result={ending} page={page} host={host} dict={dict} record={savedRecord} onAgain={onAgain} onClose={onClose} />
      </>
    );
  else if (form)
    body = (
      <FormProvider form={form}>
        {steps && <StepsBar steps={steps} current={step} withResult={ending !== undefined} />}
        <CurrentStepContext.Provider value={steps ? step : undefined}>
          <FormWidgetContext.Provider value={{ page, host }}>
            <FormLayout labelWidth={labelWidthFor(page.form.fields.map((field) => field.label))} labelWrap feedbackLayout="loose">
              <SchemaField schema={schema} />
            </FormLayout>
          </FormWidgetContext.Provider>
        </CurrentStepContext.Provider>
        {steps && step === confirmStep(steps) && (
          <StepReview page={page} steps={steps} record={formToRecord(page, form.values as Record<string, unknown>, mode === 'edit' ? id : undefined)} dict={dict} host={host} />
        )}
        {childTabs}
      </FormProvider>
    );

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      style={detail && fullscreen ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : undefined}
      destroyOnHidden
      // A click beside the dialog closes nothing: only Esc, × and 取消 do, and those ask first.
      maskClosable={false}
      onCancel={savedRecord ? onClose : requestClose}
      footer={
        detail ? (
          <Button onClick={onClose}>关闭</Button>
        ) : savedRecord ? null : steps ? (
          <Space>
            <Button onClick={requestClose}>取消</Button>
            {step > 0 && <Button onClick={() => setStep(previousStep(step))}>上一步</Button>}
            {step < confirmStep(steps) ? (
              <Button type="primary" disabled={!form} onClick={() => void forward()}>
                下一步
              </Button>
            ) : (
              <Button type="primary" loading={saving} disabled={!form} onClick={() => void submit()}>
                提交
              </Button>
            )}
          </Space>
        ) : (
          <Space>
            {actions.map((action) => (
              <Button key={action.key} loading={acting === action.key} disabled={!form} onClick={() => void runAction(action)}>
                {action.title}
              </Button>
            ))}
            <Button onClick={requestClose}>取消</Button>
            <Button type="primary" loading={saving} disabled={!ready || loaded.state !== 'ready'} onClick={() => void submit()}>
              确定
            </Button>
          </Space>
        )
      }
    >
      <div ref={bodyRef}>{body}</div>
    </Modal>
  );
}

export default FormModal;
