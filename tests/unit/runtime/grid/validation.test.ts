import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGrid, GridValidationError, validateTables, VALIDATE_NO_PASSED, type GridColumnSpec } from '../../../../runtime/grid';

const gridWith = (columns: GridColumnSpec[], rows: Array<Record<string, unknown>>) => {
  const grid = createGrid({ columns });
  grid.load(rows);
  return grid;
};

describe('grid validation', () => {
  it('checks required with the title in the message', async () => {
    const grid = gridWith([{ key: 'name', title: '专家姓名', validateRules: [{ required: true }] }], [{ id: 'r1', name: '' }]);
    const failure = await grid.validator.onChange('r1', 'name');
    expect(failure).toMatchObject({ rowId: 'r1', rowIndex: 0, columnKey: 'name', message: '请输入专家姓名' });
    expect(failure?.column.title).toBe('专家姓名');
    expect(grid.validator.getSnapshot()).toEqual({ r1: { name: '请输入专家姓名' } });
    grid.input('r1', 'name', '王工');
    await vi.waitFor(() => expect(grid.validator.getSnapshot()).toEqual({}));
  });

  it("checks the spec's patterns through runtime/validation, by name or by JeecgBoot code", async () => {
    const grid = gridWith(
      [
        { key: 'phone', validateRules: [{ pattern: 'mobile' }] },
        { key: 'mail', validateRules: [{ pattern: 'e' }] },
        { key: 'money', validateRules: [{ pattern: 'money', message: '${title}最多两位小数' }], title: '金额' },
        { key: 'code', validateRules: [{ pattern: '^[A-Z]{3}$', message: '三个大写字母' }] },
      ],
      [{ id: 'r1', phone: '12345', mail: 'x@', money: '1.234', code: 'ab' }],
    );
    expect((await grid.validator.onChange('r1', 'phone'))?.message).toBe('请输入正确的手机号码');
    expect((await grid.validator.onChange('r1', 'mail'))?.message).toBe('邮箱格式不正确');
    expect((await grid.validator.onChange('r1', 'money'))?.message).toBe('金额最多两位小数');
    expect((await grid.validator.onChange('r1', 'code'))?.message).toBe('三个大写字母');
    grid.change('r1', 'phone', '13812345678');
    expect(await grid.validator.onChange('r1', 'phone')).toBeUndefined();
  });

  it("fails a unique ('only') cell when another row holds the same value, with the rule's message", async () => {
    const grid = gridWith(
      [
        { key: 'no', title: '编号', validateRules: [{ unique: true, message: '编号已存在' }] },
        { key: 'code', title: '代码', validateRules: [{ pattern: 'only' }] },
      ],
      [
        { id: 'r1', no: 'A1', code: 'X' },
        { id: 'r2', no: 'A1', code: 'X' },
        { id: 'r3', no: '', code: '' },
      ],
    );
    expect((await grid.validator.onChange('r2', 'no'))?.message).toBe('编号已存在');
    expect((await grid.validator.onChange('r2', 'code'))?.message).toBe('代码不能重复');
    expect(await grid.validator.onChange('r3', 'no')).toBeUndefined();
    // Fixing one side of a clash clears the other side's error too.
    await grid.validator.onChange('r1', 'no');
    expect(grid.validator.errorOf('r1', 'no')).toBe('编号已存在');
    grid.change('r2', 'no', 'A2');
    await vi.waitFor(() => expect(grid.validator.errorOf('r1', 'no')).toBeUndefined());
    expect(grid.validator.errorOf('r2', 'no')).toBeUndefined();
  });

  it('runs custom handlers, sync or async, and tells them the trigger', async () => {
    const triggers: string[] = [];
    const grid = gridWith(
      [
        {
          key: 'a',
          title: '甲',
          validateRules: [
            {
              handler: ({ value, trigger }) => {
                triggers.push(trigger);
                return value === 'ok';
              },
              message: '甲必须是 ok',
            },
          ],
        },
        { key: 'b', title: '乙', validateRules: [{ handler: async ({ value }) => (value === 'taken' ? '乙已被占用' : true) }] },
        { key: 'c', title: '丙', validateRules: [{ handler: () => false }] },
        {
          key: 'd',
          title: '丁',
          validateRules: [
            {
              handler: () => {
                throw new Error('boom');
              },
            },
          ],
        },
      ],
      [{ id: 'r1', a: 'no', b: 'taken', c: '', d: '' }],
    );
    expect((await grid.validator.onInput('r1', 'a'))?.message).toBe('甲必须是 ok');
    expect((await grid.validator.onChange('r1', 'b'))?.message).toBe('乙已被占用');
    expect((await grid.validator.onChange('r1', 'c'))?.message).toBe('丙校验未通过');
    expect((await grid.validator.onChange('r1', 'd'))?.message).toBe('丁校验未通过');
    expect(triggers).toEqual(['input']);
  });

  it('keeps only the latest result when a slow check answers after a fast one', async () => {
    let release: (v: boolean) => void = () => undefined;
    const grid = gridWith(
      [{ key: 'a', validateRules: [{ handler: ({ value }) => (value === 'slow' ? new Promise<boolean>((r) => (release = r)) : true) }] }],
      [{ id: 'r1', a: 'slow' }],
    );
    const slow = grid.validator.onChange('r1', 'a');
    grid.change('r1', 'a', 'fast');
    await vi.waitFor(() => expect(grid.validator.getSnapshot()).toEqual({}));
    release(false);
    expect(await slow).toBeUndefined();
    expect(grid.validator.getSnapshot()).toEqual({});
  });

  describe('on blur', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('waits 100 ms, and a second blur replaces the first', async () => {
      const handler = vi.fn(() => false);
      const grid = gridWith([{ key: 'a', validateRules: [{ handler }] }], [{ id: 'r1', a: '' }]);
      grid.blur('r1', 'a');
      await vi.advanceTimersByTimeAsync(60);
      grid.blur('r1', 'a');
      await vi.advanceTimersByTimeAsync(99);
      expect(handler).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(handler).toHaveBeenCalledTimes(1);
      expect(grid.validator.errorOf('r1', 'a')).toBe('a校验未通过');
    });

    it('forgets a pending blur check of a removed row', async () => {
      const handler = vi.fn(() => false);
      const grid = gridWith([{ key: 'a', validateRules: [{ handler }] }], [{ id: 'r1', a: '' }]);
      grid.blur('r1', 'a');
      grid.remove(['r1']);
      await vi.advanceTimersByTimeAsync(200);
      expect(handler).not.toHaveBeenCalled();
    });
  });

  it('validates the whole grid: an error map by column, each failure with its row and column', async () => {
    const grid = gridWith(
      [
        { key: 'name', title: '名称', validateRules: [{ required: true }] },
        { key: 'phone', title: '电话', validateRules: [{ pattern: 'm' }] },
      ],
      [
        { id: 'r1', name: '甲', phone: '13812345678' },
        { id: 'r2', name: '', phone: '1' },
        { id: 'r3', name: '', phone: '' },
      ],
    );
    const error = await grid.validate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GridValidationError);
    const { index, errors } = error as GridValidationError;
    expect(index).toBe(0);
    expect(Object.keys(errors)).toEqual(['name', 'phone']);
    expect(errors.name.map((f) => [f.rowIndex, f.rowId, f.message])).toEqual([
      [1, 'r2', '请输入名称'],
      [2, 'r3', '请输入名称'],
    ]);
    expect(errors.phone[0]).toMatchObject({ rowId: 'r2', row: { id: 'r2', name: '', phone: '1' }, message: '请输入正确的手机号码' });
    expect(grid.validator.getSnapshot()).toEqual({
      r2: { name: '请输入名称', phone: '请输入正确的手机号码' },
      r3: { name: '请输入名称' },
    });
  });

  it('resolves with the output when every cell passes', async () => {
    const grid = gridWith([{ key: 'name', validateRules: [{ required: true }] }], [{ id: 'r1', name: '甲' }]);
    grid.addRows({ values: [{ name: '乙' }] });
    expect((await grid.validate()).rows).toEqual([{ id: 'r1', name: '甲' }, { name: '乙' }]);
  });

  it('rejects validateTables with the index of the first failing grid (its tab) and its error map', async () => {
    const ok = gridWith([{ key: 'a', validateRules: [{ required: true }] }], [{ id: '1', a: 'x' }]);
    const bad = gridWith([{ key: 'a', title: '甲', validateRules: [{ required: true }] }], [{ id: '2', a: '' }]);
    const error = (await validateTables([ok, bad, ok]).catch((e: unknown) => e)) as GridValidationError;
    expect(error.error).toBe(VALIDATE_NO_PASSED);
    expect(error.index).toBe(1);
    expect(error.errors.a[0].message).toBe('请输入甲');
    expect((await validateTables([ok, ok])).map((o) => o.rows)).toEqual([[{ id: '1', a: 'x' }], [{ id: '1', a: 'x' }]]);
  });

  it('a required cell chosen from (select, date, user) says 请选择<title>; a typed one 请输入<title>', async () => {
    const grid = gridWith(
      [
        { key: 'kind', title: '类型', type: 'select', validateRules: [{ required: true }] },
        { key: 'day', title: '日期', type: 'date', validateRules: [{ required: true }] },
        { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
      ],
      [{ id: 'r1', kind: '', day: '', name: '' }],
    );
    await grid.validate().catch(() => undefined);
    expect(grid.validator.getSnapshot()).toEqual({ r1: { kind: '请选择类型', day: '请选择日期', name: '请输入名称' } });
  });
});
