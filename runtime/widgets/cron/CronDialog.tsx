/**
 * The dialog 'Cron表达式' (800 wide): a tab per part, the part's types as radio rows with their
 * numbers, the expression and the next 10 run times below (500 ms after the last change). The state
 * and the coupling rules live in model.ts; this file only renders them.
 */
import { Checkbox, Input, InputNumber, Modal, Radio, Select, Space, Tabs, theme, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  NTH_WEEKDAY_MAX,
  PART_BOUNDS,
  PART_KEYS,
  PART_TYPES,
  parseExpression,
  setPart,
  specifyValues,
  toExpression,
  type CronEditorState,
  type PartKey,
  type PartState,
  type PartType,
} from './model';
import { PREVIEW_DEBOUNCE_MS, previewTimes, type Preview } from './preview';
import { CRON_TEXTS, PART_LABELS, WEEKDAY_LABELS } from './texts';

export const CRON_DIALOG_WIDTH = 800;

/** Mounted while open (the widget mounts it on click), so each opening starts from the field's value. */
export interface CronDialogProps {
  value: string;
  onOk(expression: string): void;
  onCancel(): void;
}

/** The preview of an expression, recomputed PREVIEW_DEBOUNCE_MS after its last change. */
function usePreview(expression: string): Preview | undefined {
  const [preview, setPreview] = useState<{ expression: string; result: Preview }>();
  useEffect(() => {
    const timer = setTimeout(() => setPreview({ expression, result: previewTimes(expression, Date.now()) }), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [expression]);
  return preview?.expression === expression ? preview.result : undefined;
}

const weekdayOptions = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: WEEKDAY_LABELS[d] }));

function Num(props: { value: number; min: number; max: number; onChange(n: number): void; label: string }) {
  return (
    <InputNumber
      size="small"
      aria-label={props.label}
      value={props.value}
      min={props.min}
      max={props.max}
      precision={0}
      style={{ width: 80 }}
      onChange={(v) => {
        if (typeof v === 'number') props.onChange(v);
      }}
    />
  );
}

function valueLabel(key: PartKey, v: number): string {
  return key === 'week' ? WEEKDAY_LABELS[v] : String(v).padStart(key === 'year' ? 4 : 2, '0');
}

/** `update` merges into the part's current state (several handlers may fire for one click). */
function PartTab({ partKey, part, update }: { partKey: PartKey; part: PartState; update(patch: Partial<PartState>): void }) {
  const b = PART_BOUNDS[partKey];
  const unit = PART_LABELS[partKey];
  const set = update;
  const { token } = theme.useToken();
  const weekdaySelect = (value: number, label: string, key: 'weekday' | 'start' | 'end' | 'loopStart' = 'weekday') => (
    <Select size="small" aria-label={label} style={{ width: 90 }} value={value} options={weekdayOptions} onChange={(v) => set({ [key]: v })} />
  );
  // The week part shows weekday names (1 = 周日) instead of bare numbers; its loop steps are days.
  const isWeek = partKey === 'week';
  const valueInput = (key: 'start' | 'end' | 'loopStart', label: string, min: number) =>
    isWeek ? weekdaySelect(part[key], label, key) : <Num label={label} value={part[key]} min={min} max={b.max} onChange={(n) => set({ [key]: n })} />;
  const rows: Record<PartType, ReactNode> = {
    unset: <span>不设置</span>,
    every: <span>每{unit}</span>,
    range: (
      <Space size={6} wrap>
        <span>区间 从</span>
        {valueInput('start', `${unit}区间开始`, b.min)}
        <span>到</span>
        {valueInput('end', `${unit}区间结束`, Math.max(b.min, 1))}
        {!isWeek && <span>{unit}</span>}
      </Space>
    ),
    loop: (
      <Space size={6} wrap>
        <span>循环 从</span>
        {valueInput('loopStart', `${unit}循环开始`, b.min)}
        <span>{isWeek ? '开始，每' : `${unit}开始，每`}</span>
        <Num label={`${unit}循环间隔`} value={part.interval} min={1} max={b.maxInterval} onChange={(n) => set({ interval: n })} />
        <span>{isWeek ? '天执行一次' : `${unit}执行一次`}</span>
      </Space>
    ),
    workday: (
      <Space size={6} wrap>
        <span>工作日 每月</span>
        <Num label="工作日" value={part.workDay} min={1} max={31} onChange={(n) => set({ workDay: n })} />
        <span>号最近的那个工作日</span>
      </Space>
    ),
    last: <span>本月最后一天</span>,
    lastWorkday: <span>本月最后一个工作日</span>,
    beforeEnd: (
      <Space size={6} wrap>
        <span>本月倒数第</span>
        <Num label="倒数天数" value={part.beforeEnd} min={1} max={30} onChange={(n) => set({ beforeEnd: n })} />
        <span>天</span>
      </Space>
    ),
    nthWeekday: (
      <Space size={6} wrap>
        <span>本月第</span>
        <Num label="第几个" value={part.nth} min={1} max={NTH_WEEKDAY_MAX} onChange={(n) => set({ nth: n })} />
        <span>个</span>
        {weekdaySelect(part.weekday, '第几个星期')}
      </Space>
    ),
    lastWeekday: (
      <Space size={6} wrap>
        <span>本月最后一个</span>
        {weekdaySelect(part.weekday, '最后一个星期')}
      </Space>
    ),
    custom: <span>{`${CRON_TEXTS.custom}：${part.raw}`}</span>,
    specify: (
      <div>
        <div>指定</div>
        <Checkbox.Group
          className="ld-cron-specify"
          value={[...part.list]}
          style={{ display: 'flex', flexWrap: 'wrap', marginTop: 6 }}
          onChange={(list) => update({ type: 'specify', list: (list as number[]).slice().sort((x, y) => x - y) })}
        >
          {specifyValues(partKey, new Date().getFullYear()).map((v) => (
            <Checkbox key={v} value={v} style={{ width: partKey === 'year' ? 70 : partKey === 'week' ? 70 : 50, marginInlineStart: 0 }}>
              {valueLabel(partKey, v)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </div>
    ),
  };
  // A part only the expression could say is offered as it stands, until another type replaces it.
  const types: readonly PartType[] = part.type === 'custom' ? [...PART_TYPES[partKey], 'custom'] : PART_TYPES[partKey];
  return (
    <Radio.Group
      value={part.type}
      onChange={(e) => update({ type: e.target.value as PartType })}
      style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
    >
      {types.map((type) => (
        // The row's controls sit outside the radio's <label>: a click on a select inside a label would
        // move the focus to the radio and close the dropdown. A click anywhere in the row picks its type.
        <div
          key={type}
          className={`ld-cron-type-${type}`}
          style={{ display: 'flex', alignItems: 'flex-start' }}
          onClick={() => update({ type })}
        >
          <Radio value={type} style={{ marginTop: 1 }} />
          {/* the radio group sets font-size 0 for its inline radios; the row's text needs the normal size */}
          <div style={{ fontSize: token.fontSize, lineHeight: `${token.controlHeightSM}px` }}>{rows[type]}</div>
        </div>
      ))}
    </Radio.Group>
  );
}

function PreviewList({ preview }: { preview: Preview | undefined }) {
  if (!preview) return <Typography.Text type="secondary">{CRON_TEXTS.computing}</Typography.Text>;
  if (preview.error !== undefined) return <Typography.Text type="danger">{`${CRON_TEXTS.invalid}：${preview.error}`}</Typography.Text>;
  if (preview.times.length === 0) return <Typography.Text type="secondary">{CRON_TEXTS.noTimes}</Typography.Text>;
  return (
    <ol className="ld-cron-preview" style={{ margin: 0, paddingInlineStart: 24, columns: 2 }}>
      {preview.times.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ol>
  );
}

/** A change only counts (and triggers §4's coupling) when it changes the part. */
function updatePart(state: CronEditorState, key: PartKey, patch: Partial<PartState>): CronEditorState {
  const current = state[key];
  const next = { ...current, ...patch };
  const same = (Object.keys(patch) as (keyof PartState)[]).every((k) => JSON.stringify(current[k]) === JSON.stringify(next[k]));
  return same ? state : setPart(state, key, next);
}

export default function CronDialog({ value, onOk, onCancel }: CronDialogProps) {
  // Cancel discards the state with the dialog; the next opening parses the field's value again.
  const [state, setState] = useState<CronEditorState>(() => parseExpression(value));
  const [active, setActive] = useState<PartKey>('second');
  const expression = useMemo(() => toExpression(state), [state]);
  const preview = usePreview(expression);

  return (
    <Modal
      title={CRON_TEXTS.title}
      width={CRON_DIALOG_WIDTH}
      open
      okText={CRON_TEXTS.ok}
      cancelText={CRON_TEXTS.cancel}
      onOk={() => onOk(expression)}
      onCancel={onCancel}
    >
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as PartKey)}
        items={PART_KEYS.map((key) => ({
          key,
          label: PART_LABELS[key],
          children: <PartTab partKey={key} part={state[key]} update={(patch) => setState((s) => updatePart(s, key, patch))} />,
        }))}
      />
      <div style={{ marginTop: 16 }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input addonBefore={CRON_TEXTS.expression} value={expression} readOnly aria-label={CRON_TEXTS.expression} />
        </Space.Compact>
      </div>
      <div style={{ marginTop: 12 }}>
        <div style={{ fontWeight: 500, marginBottom: 6 }}>{CRON_TEXTS.preview}</div>
        <PreviewList preview={preview} />
      </div>
    </Modal>
  );
}
