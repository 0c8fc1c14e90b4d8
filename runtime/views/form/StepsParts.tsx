/**
 * The antd parts of a form filled in steps: the steps bar over the form and the review (确认) step.
 * What step shows and what 下一步 / 提交 do is decided headlessly (stepFlow.ts).
 */
import { Steps, Typography } from 'antd';
import type { DictService } from '../../dict/dictService';
import type { Host } from '../../host/types';
import type { CompiledFormSteps, CompiledPage } from '../../schema/compiledPageTypes';
import { DetailView } from './DetailView';
import './steps.css';

/** Title of the step after 提交 when the form ends in a result. */
export const DONE_STEP_TITLE = '完成';

export function StepsBar({ steps, current, withResult }: { steps: CompiledFormSteps; current: number; withResult: boolean }) {
  const items = [
    ...steps.items.map((step) => ({ title: step.title, ...(step.description === undefined ? {} : { description: step.description }) })),
    { title: steps.confirmTitle },
    ...(withResult ? [{ title: DONE_STEP_TITLE }] : []),
  ];
  return <Steps className="form-steps-bar" size="small" current={current} items={items} style={{ marginBottom: 24 }} />;
}

/** 确认: everything typed, step by step, shown as the detail shows it (names for keys, texts for codes). */
export function StepReview({ page, steps, record, dict, host }: { page: CompiledPage; steps: CompiledFormSteps; record: Record<string, unknown>; dict: DictService; host: Host }) {
  return (
    <div className="form-step-review">
      {steps.items.map((step) => (
        <section key={step.title} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {step.title}
          </Typography.Title>
          <DetailView page={page} record={record} dict={dict} host={host} fields={step.fields} columns={1} />
        </section>
      ))}
    </div>
  );
}
