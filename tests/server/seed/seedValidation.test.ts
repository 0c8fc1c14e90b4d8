import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SeedRole } from '../../../server/generated/seed/roles';
import { SeedError } from '../../../server/seed';
import type { SeedName } from '../../../server/seed/documents';
import { resolveGrants } from '../../../server/seed/grants';
import { loadSeedDocument, validateSeedDocument } from '../../../server/seed/load';
import type { SeededPermission } from '../../../server/seed/menus';

const root = path.resolve(import.meta.dirname, '../../..');
const SEED_NAMES: SeedName[] = ['departs', 'positions', 'roles', 'users', 'menus', 'dicts', 'announcements', 'check-rules'];

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error');
}

describe('seed files', () => {
  it.each(SEED_NAMES)('%s.json is valid and points editors at its meta-schema', (name) => {
    const raw = JSON.parse(fs.readFileSync(path.join(root, 'schemas/seed', `${name}.json`), 'utf8')) as { $schema: string };
    expect(raw.$schema).toBe(`../meta/seed/${name}.schema.json`);
    expect(fs.existsSync(path.join(root, 'schemas/seed', raw.$schema))).toBe(true);
    expect(() => loadSeedDocument(name)).not.toThrow();
  });

  it('reports a broken document with the file name, the JSON pointer and what was expected', () => {
    const users = structuredClone(loadSeedDocument('users'));
    users.users[2].phone = '12345';
    const error = thrown(() => validateSeedDocument('users', users));
    expect(error).toBeInstanceOf(SeedError);
    expect(error.message).toContain('schemas/seed/users.json');
    expect(error.message).toContain('/users/2/phone must match pattern "^1[3-9][0-9]{9}$"');
  });

  it('names an unknown property, a missing one and a value outside its enumeration', () => {
    const menus = structuredClone(loadSeedDocument('menus')) as unknown as { menus: Record<string, unknown>[] };
    menus.menus[1].colour = 'red';
    delete menus.menus[0].component;
    (menus.menus[1].children as Record<string, unknown>[])[0].buttons = [{ name: '新增', perms: 'receive:add', sortNo: 1, permsType: '3' }];
    const { message } = thrown(() => validateSeedDocument('menus', menus));
    expect(message).toContain('schemas/seed/menus.json');
    expect(message).toContain(`/menus/1 must NOT have additional properties: "colour"`);
    expect(message).toContain(`/menus/0 must have required property 'component'`);
    expect(message).toContain('/menus/1/children/0/buttons/0/permsType must be equal to one of the allowed values: ["1","2"]');
  });
});

describe('role grants', () => {
  const permissions: SeededPermission[] = [
    { id: 'r', parentId: null, menuType: 0, url: '/receive', perms: null },
    { id: 'h', parentId: 'r', menuType: 1, url: '/receive/handle', perms: null },
    { id: 'a', parentId: 'r', menuType: 1, url: '/receive/approve', perms: null },
    { id: 'x', parentId: null, menuType: 0, url: '/receiveX', perms: null },
    { id: 'e', parentId: 'h', menuType: 2, url: null, perms: 'receive:edit' },
    { id: 'p', parentId: 'a', menuType: 2, url: null, perms: 'receive:approve' },
  ];
  const role = (menus: string[], buttons: string[]): SeedRole => ({ roleCode: 'r1', roleName: '测试', description: '', menus, buttons });

  it('grants a url prefix by path segment, with the ancestors of each granted page', () => {
    expect(resolveGrants(role(['/receive/handle'], ['receive:edit']), permissions).sort()).toEqual(['e', 'h', 'r']);
    expect(resolveGrants(role(['/receive'], ['receive:*']), permissions).sort()).toEqual(['a', 'e', 'h', 'p', 'r']);
    expect(resolveGrants(role(['*'], ['*']), permissions)).toHaveLength(permissions.length);
  });

  it('refuses a grant that matches nothing, and a button whose page the role cannot open', () => {
    expect(() => resolveGrants(role(['/nowhere'], []), permissions)).toThrow(/角色 r1 的菜单授权 "\/nowhere" 没有匹配任何菜单/);
    expect(() => resolveGrants(role(['/receive/handle'], ['expert:add']), permissions)).toThrow(/按钮授权 "expert:add"/);
    expect(() => resolveGrants(role(['/receive/handle'], ['receive:approve']), permissions)).toThrow(
      /被授予按钮 receive:approve，但没有被授予它所在的页面 \/receive\/approve/,
    );
  });
});

describe('generated types', () => {
  it('are up to date with the meta-schemas (npm run gen:check)', async () => {
    const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [tsx, 'generators/gen-types.ts', '--check'], { cwd: root });
    expect(stdout).toMatch(/up to date/);
  });
});
