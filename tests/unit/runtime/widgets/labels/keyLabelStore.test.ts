import { describe, expect, it } from 'vitest';
import { KeyLabelStore, namesText } from '../../../../../runtime/widgets/labels/keyLabelStore';

describe('KeyLabelStore', () => {
  it('names the users of a page turned while the previous page’s names were still loading', async () => {
    const asked: string[][] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const names: Record<string, string> = { u1: '张三', u2: '李四', u3: '王五' };
    const store = new KeyLabelStore(async (keys) => {
      asked.push([...keys]);
      if (asked.length === 1) await slow;
      return new Map(keys.flatMap((key) => (names[key] ? [[key, names[key]] as const] : [])));
    });

    const page1 = store.request(['u1', 'u2']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const page2 = store.request(['u3']);
    release();
    await Promise.all([page1, page2]);

    expect(asked).toEqual([['u1', 'u2'], ['u3']]);
    expect(namesText(store, ['u3'])).toBe('王五');
  });

  it('shows a key the server does not know as stored, and asks for it only once', async () => {
    let calls = 0;
    const store = new KeyLabelStore(async () => {
      calls += 1;
      return new Map();
    });
    await store.request(['ghost']);
    await store.request(['ghost']);
    expect(namesText(store, ['ghost'])).toBe('ghost');
    expect(calls).toBe(1);
  });
});
