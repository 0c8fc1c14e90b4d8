import { describe, expect, it } from 'vitest';
import { excludedCodes, normalisePrefix, visibleToolbarButtons, type ToolbarButton } from '../../../../runtime/grid';

const ALL: ToolbarButton[] = ['add', 'save', 'remove', 'clearSelection', 'expand'];

describe('grid toolbar permissions', () => {
  it('shows every button without exclusions', () => {
    expect(visibleToolbarButtons(ALL, [])).toEqual(ALL);
  });

  it("hides add with code 'add' and remove with code 'batch_delete'", () => {
    expect(visibleToolbarButtons(ALL, ['add'])).toEqual(['save', 'remove', 'clearSelection', 'expand']);
    expect(visibleToolbarButtons(ALL, ['batch_delete'])).toEqual(['add', 'save', 'clearSelection', 'expand']);
  });

  it('appends the colon to a permission prefix when missing', () => {
    expect(normalisePrefix('receive')).toBe('receive:');
    expect(normalisePrefix('receive:')).toBe('receive:');
    expect(normalisePrefix(' ')).toBe('');
    expect(normalisePrefix(undefined)).toBe('');
  });

  it('excludes the codes under the prefix that the user does not hold', () => {
    const allAuth = [
      { action: 'receive:add', status: '1' },
      { action: 'receive:batch_delete', status: '1' },
      { action: 'receive:approve', status: '1' },
      { action: 'expert:add', status: '1' },
    ];
    const adjuster = { auth: [{ action: 'receive:add', type: '1' }], allAuth };
    expect(excludedCodes('receive', adjuster)).toEqual(['batch_delete', 'approve']);
    expect(excludedCodes('', adjuster)).toEqual([]);
    const admin = { auth: allAuth.map((a) => ({ action: a.action, type: '1' })), allAuth };
    expect(excludedCodes('receive:', admin)).toEqual([]);
    // A rule switched off excludes for everybody.
    const off = { auth: admin.auth, allAuth: [{ action: 'receive:add', status: '0' }] };
    expect(excludedCodes('receive', off)).toEqual(['add']);
    expect(visibleToolbarButtons(ALL, excludedCodes('receive', adjuster))).toEqual(['add', 'save', 'clearSelection', 'expand']);
  });
});
