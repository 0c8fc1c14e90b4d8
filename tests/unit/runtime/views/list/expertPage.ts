// The documentation example page (schemas/pages/examples/expert.json) compiled as the app would.
import expertDocument from '../../../../../schemas/pages/examples/expert.json';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { CompiledPage } from '../../../../../runtime/schema/compiledPageTypes';

export function expertPage(): CompiledPage {
  const result = loadPageSchema(expertDocument, 'schemas/pages/examples/expert.json');
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.page;
}

export const SEX_ITEMS = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

export function expert(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `e${i}`,
    expertName: `专家${i}`,
    contactMobile: `1380000${String(i).padStart(4, '0')}`,
    majorDirection: '火灾',
    sex: 1,
    email: `expert${i}@example.com`,
    createTime: '2024-05-01 08:30:00',
    ...extra,
  };
}
