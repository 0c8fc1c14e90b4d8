/**
 * A titled group of the form (page language: form.groups). The group's fields get a label column
 * wide enough for the longest label of the whole form (so the sections of one form stay aligned):
 * up to 8 CJK characters such as 统一社会信用代码 fit on one line next to the required mark and the
 * colon; a longer label wraps instead of being cut. Forms with short labels keep the modal's 110 px.
 */
import { Card } from 'antd';
import { FormLayout } from '@formily/antd-v5';
import { useFieldSchema } from '@formily/react';
import { useMemo, type ReactNode } from 'react';

/** The modal's label column (FormModal) and the least any form gets. */
export const BASE_LABEL_WIDTH = 110;
/** Labels up to this many CJK characters fit in one line. */
export const LABEL_FIT_CHARS = 8;
const CJK_PX = 14;
const NARROW_PX = 8;
/** Required mark '*' with its margin, the colon with its margins, and a little slack. */
const LABEL_EXTRAS_PX = 32;

/** Rendered width of a label at the form's 14 px: CJK and full-width characters 14 px, others about 8. */
export function labelTextWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/.test(char) ? CJK_PX : NARROW_PX;
  return width;
}

/** Label column width for these labels: the widest (capped at 8 CJK characters) plus marks, at least 110. */
export function labelWidthFor(labels: readonly string[]): number {
  const widest = labels.reduce((max, label) => Math.max(max, labelTextWidth(label)), 0);
  return Math.max(BASE_LABEL_WIDTH, Math.min(widest, LABEL_FIT_CHARS * CJK_PX) + LABEL_EXTRAS_PX);
}

/** What this file reads of a Formily schema node (a Schema instance or a plain ISchema). */
interface SchemaNode {
  title?: unknown;
  'x-decorator'?: unknown;
  properties?: Readonly<Record<string, SchemaNode>> | null;
  parent?: SchemaNode | null;
}

/** Titles of every form item in a schema tree. */
export function formItemLabels(node: SchemaNode | null | undefined): string[] {
  if (!node) return [];
  const own = node['x-decorator'] === 'FormItem' && typeof node.title === 'string' ? [node.title] : [];
  const below = Object.values(node.properties ?? {}).flatMap((child) => formItemLabels(child));
  return [...own, ...below];
}

/** The label column width for any form schema (the modal may use it for forms without groups). */
export function formLabelWidth(schema: SchemaNode | null | undefined): number {
  return labelWidthFor(formItemLabels(schema));
}

function useFormLabelWidth(): number {
  const section = useFieldSchema() as SchemaNode | undefined;
  let root = section;
  while (root?.parent) root = root.parent;
  return useMemo(() => formLabelWidth(root), [root]);
}

export function FormSection({ title, children }: { title?: string; children?: ReactNode }) {
  // The modal's layout (feedback, colon, size …) carries over; only the label column changes. The
  // outer element's own class and style stay on the outer element.
  const { style: _style, className: _className, ...outer } = FormLayout.useFormLayout();
  const labelWidth = Math.max(useFormLabelWidth(), outer.labelWidth ?? 0);
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      <FormLayout {...outer} labelWidth={labelWidth} labelWrap>
        {children}
      </FormLayout>
    </Card>
  );
}
