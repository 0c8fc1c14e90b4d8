import { describe, expect, it } from 'vitest';
import {
  ddlPreview,
  EntityDdlError,
  indexNameFor,
  planTable,
  type ColumnInfo,
  type ColumnSpec,
  type EntityTable,
  type IndexInfo,
  type Step,
  type TableState,
} from '../../../../server/crud/ddl';

// What information_schema would report for a column we created (the DB tests check the real thing).
function infoOf(spec: ColumnSpec): ColumnInfo {
  const t = spec.type;
  const dataType = {
    varchar: 'character varying', text: 'text', smallint: 'smallint', integer: 'integer', bigint: 'bigint',
    numeric: 'numeric', date: 'date', timestamp: 'timestamp without time zone',
    timestamptz: 'timestamp with time zone', time: 'time without time zone', boolean: 'boolean',
  }[t.base as Exclude<typeof t.base, 'other'>];
  const d = spec.defaultValue;
  return {
    name: spec.name,
    dataType,
    charLength: t.base === 'varchar' ? t.length : null,
    numericPrecision: t.base === 'numeric' ? t.precision : null,
    numericScale: t.base === 'numeric' ? t.scale : null,
    nullable: !spec.notNull && !spec.primaryKey,
    defaultExpr: d === undefined ? null : typeof d === 'object' ? 'now()' : typeof d === 'string' ? `'${d.replace(/'/g, "''")}'::text` : String(d),
  };
}

/** The state a table is in right after planTable(undefined, table) was applied. */
function stateAfterCreate(table: EntityTable): TableState {
  const steps = planTable(undefined, table).steps;
  const create = steps.find((s) => s.op === 'createTable');
  if (create?.op !== 'createTable') throw new Error('no createTable step');
  const indexes: IndexInfo[] = [{ name: `${table.table}_pkey`, unique: true, primary: true, columns: ['id'] }];
  for (const s of steps) if (s.op === 'createIndex') indexes.push({ name: s.name, unique: s.unique, primary: false, columns: s.columns });
  return { columns: create.columns.map(infoOf), indexes };
}

function refusal(fn: () => unknown): EntityDdlError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(EntityDdlError);
    return err as EntityDdlError;
  }
  throw new Error('expected EntityDdlError');
}

const expert: EntityTable = {
  table: 'expert',
  fields: [
    { column: 'name', kind: 'string', length: 50, required: true },
    { column: 'code', kind: 'string', length: 32, required: true, unique: true },
    { column: 'resume', kind: 'text' },
    { column: 'age', kind: 'integer' },
    { column: 'hour_cost', kind: 'money', defaultValue: 0 },
    { column: 'score', kind: 'number' },
    { column: 'birthday', kind: 'date' },
    { column: 'hired_at', kind: 'datetime' },
    { column: 'on_duty', kind: 'time' },
    { column: 'active', kind: 'boolean', required: true, defaultValue: true },
    { column: 'status', kind: 'string', length: 1, defaultValue: '1' },
  ],
  indexes: [{ columns: ['name', 'age'] }],
};

describe('planning a new table', () => {
  it('creates the table with the standard columns around the fields, then its indexes', () => {
    const plan = planTable(undefined, expert);
    expect(plan.action).toBe('create');
    const [create, ...indexes] = plan.steps;
    expect(create.op).toBe('createTable');
    if (create.op !== 'createTable') return;
    expect(create.columns.map((c) => c.name)).toEqual([
      'id', 'name', 'code', 'resume', 'age', 'hour_cost', 'score', 'birthday', 'hired_at', 'on_duty', 'active', 'status',
      'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'tenant_id',
    ]);
    expect(indexes).toEqual<Step[]>([
      { op: 'createIndex', table: 'expert', name: 'expert_code_key', columns: ['code'], unique: true },
      { op: 'createIndex', table: 'expert', name: 'expert_name_age_idx', columns: ['name', 'age'], unique: false },
      { op: 'createIndex', table: 'expert', name: 'expert_tenant_id_create_time_idx', columns: ['tenant_id', 'create_time'], unique: false },
    ]);
  });

  it('previews the SQL with quoted names, database types and literal defaults', () => {
    const text = ddlPreview([expert]);
    expect(text).toContain('-- expert: 新建表');
    expect(text).toContain(
      'CREATE TABLE "expert" ("id" varchar(32) PRIMARY KEY, "name" varchar(50) NOT NULL, "code" varchar(32) NOT NULL, ' +
        '"resume" text, "age" integer, "hour_cost" numeric(14,2) DEFAULT \'0\', "score" numeric(18,4), "birthday" date, ' +
        '"hired_at" timestamp, "on_duty" time, "active" boolean NOT NULL DEFAULT true, "status" varchar(1) DEFAULT \'1\', ' +
        '"create_by" varchar(50), "create_time" timestamp NOT NULL DEFAULT now(), "update_by" varchar(50), ' +
        '"update_time" timestamp, "sys_org_code" varchar(64), "tenant_id" integer NOT NULL DEFAULT 0);',
    );
    expect(text).toContain('CREATE UNIQUE INDEX "expert_code_key" ON "expert" ("code");');
    expect(text).toContain('CREATE INDEX "expert_name_age_idx" ON "expert" ("name", "age");');
  });

  it('gives a tree entity a parent column (roots under \'0\') and indexes it', () => {
    const plan = planTable(undefined, {
      table: 'area',
      fields: [{ column: 'name', kind: 'string', length: 100 }],
      tree: { parentColumn: 'pid', hasChildColumn: 'has_child' },
    });
    const text = ddlPreview([{ table: 'area', fields: [{ column: 'name', kind: 'string', length: 100 }], tree: { parentColumn: 'pid', hasChildColumn: 'has_child' } }]);
    expect(text).toContain('"pid" varchar(32) NOT NULL DEFAULT \'0\', "has_child" varchar(3) NOT NULL DEFAULT \'0\'');
    expect(plan.steps).toContainEqual({ op: 'createIndex', table: 'area', name: 'area_pid_idx', columns: ['pid'], unique: false });
  });

  it('keeps a declared parent field as the schema describes it', () => {
    const text = ddlPreview([{ table: 'customer', fields: [{ column: 'parent_id', kind: 'string', length: 36 }], tree: { parentColumn: 'parent_id' } }]);
    expect(text).toContain('"parent_id" varchar(36),');
    expect(text).toContain('CREATE INDEX "customer_parent_id_idx" ON "customer" ("parent_id");');
  });

  it('writes a default with quotes in it as one escaped literal, never as SQL', () => {
    const text = ddlPreview([{ table: 'note', fields: [{ column: 'title', kind: 'string', defaultValue: "x'); DROP TABLE sys_user; --" }] }]);
    expect(text).toContain(`"title" varchar(255) DEFAULT 'x''); DROP TABLE sys_user; --'`);
  });
});

describe('planning changes to an existing table', () => {
  const base: EntityTable = { table: 'expert', fields: [{ column: 'name', kind: 'string', length: 50, required: true }] };

  it('has nothing to do when the table already matches', () => {
    const plan = planTable(stateAfterCreate(expert), expert);
    expect(plan).toEqual({ table: 'expert', action: 'unchanged', steps: [], kept: [], notes: [] });
  });

  it('adds new fields: NOT NULL only with a default, nullable (with a note) when rows could not be filled', () => {
    const plan = planTable(stateAfterCreate(base), {
      ...base,
      fields: [
        ...base.fields,
        { column: 'status', kind: 'string', length: 1, required: true, defaultValue: '1' },
        { column: 'mobile', kind: 'string', length: 11, required: true },
        { column: 'remark', kind: 'text' },
      ],
    });
    expect(plan.action).toBe('alter');
    expect(plan.steps.map((s) => (s.op === 'addColumn' ? [s.column.name, s.column.notNull] : s.op))).toEqual([
      ['status', true],
      ['mobile', false],
      ['remark', false],
    ]);
    expect(plan.notes).toEqual(['新增必填字段 mobile 没有默认值，已有数据无法填写，因此建为可空列']);
  });

  it('widens varchar lengths and numeric precision when the schema grows them', () => {
    const before: EntityTable = { table: 'fee', fields: [{ column: 'title', kind: 'string', length: 50 }, { column: 'amount', kind: 'money', precision: 10, scale: 2 }, { column: 'qty', kind: 'integer' }] };
    const after: EntityTable = { table: 'fee', fields: [{ column: 'title', kind: 'string', length: 100 }, { column: 'amount', kind: 'money', precision: 16, scale: 4 }, { column: 'qty', kind: 'number', precision: 14, scale: 2 }] };
    const plan = planTable(stateAfterCreate(before), after);
    expect(plan.steps).toEqual([
      { op: 'widenColumn', table: 'fee', column: 'title', from: 'varchar(50)', to: { base: 'varchar', length: 100 } },
      { op: 'widenColumn', table: 'fee', column: 'amount', from: 'numeric(10,2)', to: { base: 'numeric', precision: 16, scale: 4 } },
      { op: 'widenColumn', table: 'fee', column: 'qty', from: 'integer', to: { base: 'numeric', precision: 14, scale: 2 } },
    ]);
    expect(ddlPreview([after], { fee: stateAfterCreate(before) })).toContain('ALTER TABLE "fee" ALTER COLUMN "title" TYPE varchar(100);');
    const toText = planTable(stateAfterCreate(before), { table: 'fee', fields: [{ column: 'title', kind: 'text' }, ...after.fields.slice(1)] });
    expect(toText.steps[0]).toMatchObject({ op: 'widenColumn', column: 'title', to: { base: 'text' } });
  });

  it.each([
    ['text to integer', { column: 'c', kind: 'text' }, { column: 'c', kind: 'integer' }, 'text', 'integer'],
    ['a shorter varchar', { column: 'c', kind: 'string', length: 100 }, { column: 'c', kind: 'string', length: 50 }, 'varchar(100)', 'varchar(50)'],
    ['text to varchar', { column: 'c', kind: 'text' }, { column: 'c', kind: 'string', length: 4000 }, 'text', 'varchar(4000)'],
    ['fewer decimals', { column: 'c', kind: 'money', precision: 12, scale: 4 }, { column: 'c', kind: 'money', precision: 12, scale: 2 }, 'numeric(12,4)', 'numeric(12,2)'],
    ['fewer integer digits', { column: 'c', kind: 'number', precision: 18, scale: 4 }, { column: 'c', kind: 'number', precision: 20, scale: 8 }, 'numeric(18,4)', 'numeric(20,8)'],
    ['integer into too few digits', { column: 'c', kind: 'integer' }, { column: 'c', kind: 'money', precision: 8, scale: 2 }, 'integer', 'numeric(8,2)'],
    ['datetime to date', { column: 'c', kind: 'datetime' }, { column: 'c', kind: 'date' }, 'timestamp', 'date'],
    ['boolean to string', { column: 'c', kind: 'boolean' }, { column: 'c', kind: 'string' }, 'boolean', 'varchar(255)'],
  ] as const)('refuses %s, naming table, column, from and to', (_, from, to, fromText, toText) => {
    const err = refusal(() => planTable(stateAfterCreate({ table: 'fee', fields: [from] }), { table: 'fee', fields: [to] }));
    expect(err).toMatchObject({ table: 'fee', column: 'c', from: fromText, to: toText });
    expect(err.message).toBe(`表 fee 的字段 c 不能从 ${fromText} 改为 ${toText}：这会丢失或拒绝已有数据，已拒绝执行。请恢复原定义，或新增字段后迁移数据`);
  });

  it('keeps a removed field\'s column, and lets it be empty when nothing fills it any more', () => {
    const before: EntityTable = { table: 'fee', fields: [{ column: 'title', kind: 'string', required: true }, { column: 'memo', kind: 'text' }, { column: 'flag', kind: 'string', required: true, defaultValue: '0' }] };
    const plan = planTable(stateAfterCreate(before), { table: 'fee', fields: [] });
    expect(plan.kept).toEqual(['title', 'memo', 'flag']);
    expect(plan.steps).toEqual([{ op: 'allowNull', table: 'fee', column: 'title' }]);
    expect(plan.notes).toEqual(['字段 title 已从 schema 中移除，列和数据保留；因新增数据不再填写它，改为可空']);
  });

  it('relaxes a field that is no longer required and never tightens one that becomes required', () => {
    const plan = planTable(stateAfterCreate(base), { ...base, fields: [{ column: 'name', kind: 'string', length: 50 }] });
    expect(plan.steps).toEqual([{ op: 'allowNull', table: 'expert', column: 'name' }]);
    const tighten = planTable(stateAfterCreate({ ...base, fields: [{ column: 'name', kind: 'string', length: 50 }] }), base);
    expect(tighten.steps).toEqual([]);
    expect(tighten.notes).toEqual(['字段 name 改为必填，但已有数据可能为空，数据库列保持可空（由接口校验必填）']);
  });

  it('follows a changed default but keeps one the schema no longer gives', () => {
    const before: EntityTable = { table: 'fee', fields: [{ column: 'status', kind: 'string', length: 1, defaultValue: '1' }] };
    expect(planTable(stateAfterCreate(before), { table: 'fee', fields: [{ column: 'status', kind: 'string', length: 1, defaultValue: '2' }] }).steps).toEqual([
      { op: 'setDefault', table: 'fee', column: 'status', value: '2' },
    ]);
    expect(planTable(stateAfterCreate(before), { table: 'fee', fields: [{ column: 'status', kind: 'string', length: 1 }] }).steps).toEqual([]);
  });

  it('creates an index for a field that became unique, and keeps a unique index the schema dropped', () => {
    const plan = planTable(stateAfterCreate(base), { ...base, fields: [{ ...base.fields[0], unique: true }], indexes: [{ columns: ['create_time'] }] });
    expect(plan.steps).toEqual([
      { op: 'createIndex', table: 'expert', name: 'expert_name_key', columns: ['name'], unique: true },
      { op: 'createIndex', table: 'expert', name: 'expert_create_time_idx', columns: ['create_time'], unique: false },
    ]);
    const dropped = planTable(stateAfterCreate({ ...base, fields: [{ ...base.fields[0], unique: true }] }), base);
    expect(dropped.steps).toEqual([]);
    expect(dropped.notes).toEqual(['字段 name 已不要求唯一，但唯一索引 expert_name_key 保留（从不自动删除）']);
  });

  it('counts an existing index on the same columns (a UNIQUE constraint, another name) as done', () => {
    const state = stateAfterCreate(base);
    state.indexes.push({ name: 'expert_name_uniq', unique: true, primary: false, columns: ['name'] });
    expect(planTable(state, { ...base, fields: [{ ...base.fields[0], unique: true }] }).steps).toEqual([]);
  });

  it('refuses a declared index name already used for other columns', () => {
    const state = stateAfterCreate(base);
    state.indexes.push({ name: 'by_name', unique: false, primary: false, columns: ['create_by'] });
    const err = refusal(() => planTable(state, { ...base, indexes: [{ columns: ['name'], name: 'by_name' }] }));
    expect(err.message).toContain('已有同名索引 by_name');
  });

  it('refuses to adopt a table without an id column', () => {
    const err = refusal(() => planTable({ columns: [infoOf({ name: 'x', type: { base: 'text' }, notNull: false })], indexes: [] }, base));
    expect(err).toMatchObject({ table: 'expert', column: 'id' });
  });
});

describe('index names', () => {
  it('are <table>_<columns>_idx, or _key when unique', () => {
    expect(indexNameFor('expert', ['name', 'age'], false)).toBe('expert_name_age_idx');
    expect(indexNameFor('expert', ['code'], true)).toBe('expert_code_key');
  });

  it('stay within 63 characters with a hash suffix, the same each time and distinct for different columns', () => {
    const a = indexNameFor('insurance_circular_export', ['insurance_company_id', 'circular_year_month'], false);
    const b = indexNameFor('insurance_circular_export', ['insurance_company_id', 'circular_year_quarter'], false);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).toMatch(/^insurance_circular_export_insurance_company_id_circ\w*_[0-9a-f]{8}$/);
    expect(indexNameFor('insurance_circular_export', ['insurance_company_id', 'circular_year_month'], false)).toBe(a);
    expect(b).not.toBe(a);
  });
});

describe('identifier and field validation', () => {
  const field = { column: 'name', kind: 'string' } as const;

  it.each([
    ['x; drop table sys_user', 'x; drop table sys_user'],
    ['upper case', 'Expert'],
    ['too long', `t${'x'.repeat(63)}`],
    ['a quote', 'expert"'],
    ['leading digit', '1expert'],
    ['empty', ''],
  ])('refuses a table name with %s', (_, name) => {
    const err = refusal(() => planTable(undefined, { table: name, fields: [field] }));
    expect(err.message).toContain(`表名 ${JSON.stringify(name)} 不合法：只能用小写字母开头，由小写字母、数字和下划线组成，最长 63 个字符`);
  });

  it('accepts a name of exactly 63 characters', () => {
    expect(planTable(undefined, { table: `t${'x'.repeat(62)}`, fields: [field] }).action).toBe('create');
  });

  it('refuses hostile column, index and parent names', () => {
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [{ column: 'name" text); drop table sys_user; --', kind: 'text' }] })).message).toContain('表 expert 的字段名');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field], indexes: [{ columns: ['Name'] }] })).message).toContain('表 expert 的索引字段 "Name" 不合法');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field], indexes: [{ columns: ['name'], name: 'x; drop' }] })).message).toContain('表 expert 的索引名 "x; drop" 不合法');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field], tree: { parentColumn: 'PID' } })).message).toContain('父节点字段名 "PID" 不合法');
  });

  it('refuses reserved table names, standard and duplicate columns, unknown index columns', () => {
    expect(refusal(() => planTable(undefined, { table: 'lossdesk_entity_migration', fields: [] })).message).toContain('系统保留');
    expect(refusal(() => planTable(undefined, { table: 'pg_expert', fields: [] })).message).toContain('系统保留');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [{ column: 'tenant_id', kind: 'integer' }] }))).toMatchObject({ column: 'tenant_id' });
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field, field] })).message).toBe('表 expert 的字段 name 重复定义');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field], indexes: [{ columns: ['age'] }] })).message).toBe('表 expert 的索引字段 age 不存在');
    expect(refusal(() => planTable(undefined, { table: 'expert', fields: [field], indexes: [{ columns: [] }] })).message).toBe('表 expert 的索引缺少字段列表 columns');
  });

  it.each([
    [{ column: 'c', kind: 'string', length: 0 }, '长度 0 不合法'],
    [{ column: 'c', kind: 'string', length: 2.5 }, '长度 2.5 不合法'],
    [{ column: 'c', kind: 'money', precision: 4, scale: 6 }, '小数位数 6 不合法'],
    [{ column: 'c', kind: 'integer', defaultValue: 'abc' }, '默认值 "abc" 不合法：应为整数'],
    [{ column: 'c', kind: 'integer', defaultValue: 1.5 }, '默认值 1.5 不合法：应为整数'],
    [{ column: 'c', kind: 'money', precision: 6, scale: 2, defaultValue: '12345.6' }, '整数位数超过 4'],
    [{ column: 'c', kind: 'money', defaultValue: '1.234' }, '小数位数超过 2'],
    [{ column: 'c', kind: 'date', defaultValue: '2024-02-30' }, '应为 YYYY-MM-DD 格式的日期'],
    [{ column: 'c', kind: 'datetime', defaultValue: '2024-02-01T10:00:00' }, '应为 YYYY-MM-DD HH:mm:ss 格式的时间'],
    [{ column: 'c', kind: 'time', defaultValue: '25:00' }, '应为 HH:mm:ss 格式的时间'],
    [{ column: 'c', kind: 'boolean', defaultValue: 'yes' }, '应为 true 或 false'],
    [{ column: 'c', kind: 'string', length: 2, defaultValue: 'abc' }, '超过长度 2'],
    [{ column: 'c', kind: 'uuid' }, '类型 "uuid" 未知'],
  ])('refuses a malformed field %j', (bad, message) => {
    const err = refusal(() => planTable(undefined, { table: 'expert', fields: [bad as unknown as EntityTable['fields'][number]] }));
    expect(err.message).toContain(message);
    expect(err).toMatchObject({ table: 'expert', column: 'c' });
  });
});
