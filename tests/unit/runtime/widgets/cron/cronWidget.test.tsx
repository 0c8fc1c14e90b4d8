// The cron input as the 定时任务 page shows it: compiled from its real page document, the field's
// placeholder is §5's '请输入cron表达式' without the document having to say so.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import quartzJobDocument from '../../../../../schemas/pages/sys/quartzJob.json';
import type { PageDocument } from '../../../../../runtime/generated/page';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import CronWidget from '../../../../../runtime/widgets/cron/CronWidget';
import { createFakeHost } from '../../list/fakeHost';

function compiledField(doc: unknown, name: string): CompiledField {
  const result = loadPageSchema(doc, 'schemas/pages/sys/quartzJob.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const field = result.page.fieldByName.get(name);
  if (!field) throw new Error(name);
  return field;
}

describe('the cron input', () => {
  it('says 请输入cron表达式 by default, in the compiled field and in the rendered input', () => {
    const declared = (quartzJobDocument as unknown as PageDocument).fields.find((f) => f.name === 'cronExpression');
    expect(declared?.placeholder).toBeUndefined();
    const field = compiledField(quartzJobDocument, 'cronExpression');
    expect(field.placeholder).toBe('请输入cron表达式');
    render(<CronWidget field={field} value="" onChange={() => undefined} host={createFakeHost().host} />);
    expect(screen.getByPlaceholderText('请输入cron表达式')).toBeInTheDocument();
  });

  it('keeps a placeholder the page document sets itself', () => {
    const doc = structuredClone(quartzJobDocument) as unknown as PageDocument;
    const cron = doc.fields.find((f) => f.name === 'cronExpression');
    if (cron) cron.placeholder = '例如 0 0 12 * * ?';
    render(<CronWidget field={compiledField(doc, 'cronExpression')} value="" onChange={() => undefined} host={createFakeHost().host} />);
    expect(screen.getByPlaceholderText('例如 0 0 12 * * ?')).toBeInTheDocument();
  });
});
