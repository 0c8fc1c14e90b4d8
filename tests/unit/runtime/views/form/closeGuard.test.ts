import { describe, expect, it, vi } from 'vitest';
import { DISCARD_CONFIRM, hasChanges, requestClose, sameFormValue } from '../../../../../runtime/views/form/closeGuard';

describe('sameFormValue', () => {
  it('takes every kind of empty for the same', () => {
    for (const [a, b] of [[null, undefined], ['', null], [[], undefined], [[''], '']] as const) expect(sameFormValue(a, b)).toBe(true);
  });

  it('takes a number and its text for the same (money comes as text, the input holds a number)', () => {
    expect(sameFormValue('1234.5', 1234.5)).toBe(true);
    expect(sameFormValue('1234.5', 1234.6)).toBe(false);
  });

  it('compares lists item by item and texts as they are', () => {
    expect(sameFormValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameFormValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameFormValue('张三', '张三 ')).toBe(false);
    expect(sameFormValue('', '张')).toBe(false);
    expect(sameFormValue(true, 1)).toBe(false);
  });
});

describe('hasChanges', () => {
  it('counts only fields the user changed to another value', () => {
    expect(hasChanges([{ modified: true, value: '', initialValue: undefined }])).toBe(false);
    expect(hasChanges([{ modified: false, value: '算出的值', initialValue: '' }])).toBe(false);
    expect(hasChanges([{ modified: true, value: '张三', initialValue: '' }])).toBe(true);
  });
});

describe('requestClose', () => {
  it('closes an unchanged form at once, without asking', async () => {
    const options = { changed: () => false, confirm: vi.fn(async () => true), close: vi.fn() };
    await requestClose(options, { current: false });
    expect(options.close).toHaveBeenCalledTimes(1);
    expect(options.confirm).not.toHaveBeenCalled();
  });

  it('asks 放弃修改? for a changed form; 继续编辑 keeps it open, 放弃 closes it', async () => {
    const keep = { changed: () => true, confirm: vi.fn(async () => false), close: vi.fn() };
    await requestClose(keep, { current: false });
    expect(keep.confirm).toHaveBeenCalledWith(DISCARD_CONFIRM);
    expect(keep.close).not.toHaveBeenCalled();
    const discard = { ...keep, confirm: vi.fn(async () => true), close: vi.fn() };
    await requestClose(discard, { current: false });
    expect(discard.close).toHaveBeenCalledTimes(1);
    expect(DISCARD_CONFIRM).toMatchObject({ title: '放弃修改?', okText: '放弃', cancelText: '继续编辑' });
  });

  it('asks once while the question is open (Esc pressed twice)', async () => {
    let answer: (yes: boolean) => void = () => undefined;
    const options = { changed: () => true, confirm: vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve))), close: vi.fn() };
    const asking = { current: false };
    const first = requestClose(options, asking);
    await requestClose(options, asking);
    expect(options.confirm).toHaveBeenCalledTimes(1);
    answer(true);
    await first;
    expect(options.close).toHaveBeenCalledTimes(1);
    expect(asking.current).toBe(false);
  });
});
