// A page with user and department fields, compiled by the real loader, and a fake organisation
// server (tree, search, user directory) answering through the fake host like the real endpoints.
import { useState, type ComponentType } from 'react';
import type { PageDocument } from '../../../../../runtime/generated/page';
import type { CompiledField } from '../../../../../runtime/schema/compiledPageTypes';
import { loadPageSchema } from '../../../../../runtime/schema/loadPageSchema';
import type { FormWidgetProps } from '../../../../../runtime/widgets/registry';
import type { DepartNode, PickerUser } from '../../../../../runtime/widgets/org/orgApi';
import { createFakeHost, fail, ok, type Answer, type FakeHost, type RecordedCall } from '../../list/fakeHost';

function orgDocument(): PageDocument {
  return {
    schemaVersion: 1,
    entity: { name: 'assignment', module: 'test', title: '派工', table: 'test_assignment', permissionPrefix: 'assignment' },
    fields: [
      { name: 'handler', label: '经办人', type: 'string', widget: 'user' },
      { name: 'team', label: '协办人', type: 'text', widget: 'user', options: { multiple: true } },
      { name: 'depart', label: '承办部门', type: 'string', widget: 'depart' },
      { name: 'departs', label: '协办部门', type: 'text', widget: 'depart', options: { multiple: true } },
    ],
    list: { columns: [{ field: 'handler' }], toolbar: ['add'], rowActions: ['edit'] },
    form: { columns: 1, fields: ['handler', 'team', 'depart', 'departs'] },
  };
}

export function orgField(name: 'handler' | 'team' | 'depart' | 'departs'): CompiledField {
  const result = loadPageSchema(orgDocument(), 'test:org');
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.pointer} ${e.message}`).join('\n'));
  const field = result.page.fieldByName.get(name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

function depart(id: string, departName: string, orgCode: string, parentId: string, children: DepartNode[] = []): DepartNode {
  return {
    id,
    key: id,
    title: departName,
    value: id,
    parentId,
    departName,
    orgCode,
    isLeaf: children.length === 0,
    children: children.length === 0 ? null : children,
  };
}

export const TREE: DepartNode[] = [
  depart('d-a01', '华泰公估有限公司', 'A01', '', [
    depart('d-claims', '车险理赔部', 'A01A01', 'd-a01'),
    depart('d-property', '财产险理赔部', 'A01A02', 'd-a01'),
    depart('d-finance', '财务部', 'A01A03', 'd-a01'),
  ]),
  depart('d-a02', '华泰公估有限公司上海分公司', 'A02', '', [depart('d-sh', '上海理赔部', 'A02A01', 'd-a02')]),
];

function user(id: string, username: string, realname: string, sex: number, orgCodeTxt: string, departIds: string[]): PickerUser & { departIds: string[] } {
  return { id, username, realname, sex, birthday: null, phone: `1380000${id.slice(-4)}`, email: null, orgCodeTxt, status: 1, departIds };
}

export const USERS = [
  user('u-0001', 'admin', '管理员', 1, '华泰公估有限公司', ['d-a01']),
  user('u-0002', 'zhangsan', '张三', 1, '车险理赔部,财产险理赔部', ['d-claims', 'd-property']),
  user('u-0003', 'lisi', '李四', 1, '车险理赔部', ['d-claims']),
  user('u-0004', 'wangwu', '王五', 2, '财务部', ['d-finance']),
];

export interface OrgServer {
  tree: DepartNode[];
  users: Array<PickerUser & { departIds: string[] }>;
  /** Overrides one URL's answer (e.g. a failure). */
  override: Map<string, Answer>;
}

function subtreeIds(nodes: readonly DepartNode[] | null, id: string, inside = false): string[] {
  return (nodes ?? []).flatMap((node) => {
    const here = inside || node.id === id;
    return [...(here ? [node.id] : []), ...subtreeIds(node.children, id, here)];
  });
}

function flat(nodes: readonly DepartNode[] | null, path: DepartNode[] = []): Array<{ node: DepartNode; path: DepartNode[] }> {
  return (nodes ?? []).flatMap((node) => [{ node, path }, ...flat(node.children, [...path, node])]);
}

function answer(server: OrgServer, call: RecordedCall): Answer {
  const overridden = server.override.get(call.url);
  if (overridden) return overridden;
  const p = call.params ?? {};
  switch (call.url) {
    case '/sys/sysDepart/queryTreeList':
      return ok(server.tree);
    case '/sys/sysDepart/searchBy': {
      const keyWord = String(p.keyWord ?? '');
      return ok(
        flat(server.tree)
          .filter(({ node }) => node.departName.includes(keyWord))
          .map(({ node, path }) => ({
            ...node,
            children: null,
            parentIds: path.map((n) => n.id),
            departPath: [...path, node].map((n) => n.departName).join(' / '),
          })),
      );
    }
    case '/sys/user/queryUserComponentData': {
      const inDepart = p.departId ? new Set(subtreeIds(server.tree, String(p.departId))) : null;
      const matches = server.users.filter(
        (u) =>
          (!p.username || u.username.includes(String(p.username))) &&
          (!p.realname || u.realname.includes(String(p.realname))) &&
          (!inDepart || u.departIds.some((id) => inDepart.has(id))),
      );
      const pageNo = Number(p.pageNo ?? 1);
      const pageSize = Number(p.pageSize ?? 10);
      return ok({ records: matches.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: matches.length });
    }
    case '/sys/user/getMultiUser': {
      const keys = String(p.ids ?? '').split(',');
      return ok(server.users.filter((u) => keys.includes(u.username) || keys.includes(u.id)));
    }
    default:
      return fail(`未知地址 ${call.url}`);
  }
}

export function createOrgServer(): { fake: FakeHost; server: OrgServer } {
  const fake = createFakeHost();
  const server: OrgServer = { tree: TREE, users: [...USERS], override: new Map() };
  fake.respond((call) => answer(server, call));
  return { fake, server };
}

/** Renders a widget with its value kept in state and shown in an <output>, like a form would hold it. */
export function WidgetHarness({
  widget: Widget,
  field,
  initial,
  host,
  disabled,
}: {
  widget: ComponentType<FormWidgetProps>;
  field: CompiledField;
  initial: unknown;
  host: FakeHost['host'];
  disabled?: boolean;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <Widget field={field} value={value} onChange={setValue} host={host} disabled={disabled} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
