import { describe, expect, it } from 'vitest';
import { hasPermission, parseActions, type AuthItem } from '../../../../runtime/auth/hasPermission';

const allAuth: AuthItem[] = [
  { action: 'user:add', type: '1', status: '1' },
  { action: 'user:edit', type: '1', status: '1' },
  { action: 'user:form:phone', type: '2', status: '1' },
  { action: 'user:sex', type: '1', status: '0' },
  { action: 'receive:approve', type: '1', status: '1' },
];

describe('hasPermission (spec §6 button permission)', () => {
  it('keeps an element when the user holds the action', () => {
    expect(hasPermission('user:add', { auth: [{ action: 'user:add', type: '1' }], allAuth })).toBe(true);
  });

  it('removes it when the user lacks the action', () => {
    expect(hasPermission('receive:approve', { auth: [{ action: 'user:add', type: '1' }], allAuth })).toBe(false);
    expect(hasPermission('user:add', { auth: [], allAuth })).toBe(false);
  });

  it('accepts a comma-separated list: any one held action suffices', () => {
    const auth = [{ action: 'user:edit', type: '1' }];
    expect(hasPermission('user:add,user:edit', { auth, allAuth })).toBe(true);
    expect(hasPermission(' user:add , receive:approve ', { auth, allAuth })).toBe(false);
    expect(parseActions('a, b,,c ')).toEqual(['a', 'b', 'c']);
  });

  it('counts type 2 (disable) entries as holding the action, like type 1', () => {
    expect(hasPermission('user:form:phone', { auth: [{ action: 'user:form:phone', type: '2' }], allAuth })).toBe(true);
  });

  it('does not count entries of other types', () => {
    expect(hasPermission('user:add', { auth: [{ action: 'user:add', type: '3' }], allAuth })).toBe(false);
  });

  it("removes an element whose rule has status '0' (invalid) for everybody, as the server refuses it", () => {
    expect(hasPermission('user:sex', { auth: [], allAuth })).toBe(false);
    expect(hasPermission('user:sex', { auth: [{ action: 'user:sex', type: '1' }], allAuth })).toBe(false);
    expect(hasPermission('user:sex', { formAuth: [{ action: 'user:sex', type: '1' }], auth: [], allAuth })).toBe(false);
  });

  it("a rule in force (status '1') is enforced", () => {
    expect(hasPermission('user:edit', { auth: [], allAuth })).toBe(false);
  });

  it('checks the form’s own list first, then the session lists', () => {
    const formAuth = [{ action: 'receive:approve', type: '1' }];
    expect(hasPermission('receive:approve', { formAuth, auth: [], allAuth })).toBe(true);
    expect(hasPermission('user:add', { formAuth, auth: [{ action: 'user:add', type: '1' }], allAuth })).toBe(true);
    expect(hasPermission('user:edit', { formAuth, auth: [], allAuth })).toBe(false);
  });

  it('an empty requirement guards nothing', () => {
    expect(hasPermission('', { auth: [], allAuth: [] })).toBe(true);
  });
});
