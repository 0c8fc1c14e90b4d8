import { sql, type Kysely } from 'kysely';

// The category dictionary (JeecgBoot's 分类字典, sys_category): one tree of named, coded categories
// that categoryTree fields choose from under a root code (`pcode`). Columns follow JeecgBoot
// (id, pid, name, code unique, has_child '1'/'0', audit, sys_org_code; no tenant, like sys_position),
// so the 分类字典 page (schemas/pages/sys/category.json) maintains it through generic CRUD.
// JeecgBoot ships its category rows in its install script; ours ship the tree below the same way.

interface Category {
  id: string;
  pid: string;
  name: string;
  code: string;
}

/** Roots hang under '0'; codes are hierarchical (A01, A01A01) as JeecgBoot's are. */
const CATEGORIES: readonly Category[] = [
  { id: 'cat_knowledge', pid: '0', name: '知识库分类', code: 'A01' },
  { id: 'cat_kb_law', pid: 'cat_knowledge', name: '法律法规', code: 'A01A01' },
  { id: 'cat_kb_law_insurance', pid: 'cat_kb_law', name: '保险法及司法解释', code: 'A01A01A01' },
  { id: 'cat_kb_law_regulation', pid: 'cat_kb_law', name: '监管规定', code: 'A01A01A02' },
  { id: 'cat_kb_clause', pid: 'cat_knowledge', name: '保险条款', code: 'A01A02' },
  { id: 'cat_kb_clause_property', pid: 'cat_kb_clause', name: '财产险条款', code: 'A01A02A01' },
  { id: 'cat_kb_clause_engineering', pid: 'cat_kb_clause', name: '工程险条款', code: 'A01A02A02' },
  { id: 'cat_kb_clause_cargo', pid: 'cat_kb_clause', name: '货运险条款', code: 'A01A02A03' },
  { id: 'cat_kb_method', pid: 'cat_knowledge', name: '理算方法', code: 'A01A03' },
  { id: 'cat_kb_case', pid: 'cat_knowledge', name: '典型案例', code: 'A01A04' },
  { id: 'cat_case', pid: '0', name: '案件类别', code: 'B01' },
  { id: 'cat_case_property', pid: 'cat_case', name: '财产损失', code: 'B01A01' },
  { id: 'cat_case_fire', pid: 'cat_case_property', name: '火灾', code: 'B01A01A01' },
  { id: 'cat_case_flood', pid: 'cat_case_property', name: '水灾', code: 'B01A01A02' },
  { id: 'cat_case_typhoon', pid: 'cat_case_property', name: '台风暴雨', code: 'B01A01A03' },
  { id: 'cat_case_theft', pid: 'cat_case_property', name: '盗抢', code: 'B01A01A04' },
  { id: 'cat_case_engineering', pid: 'cat_case', name: '工程事故', code: 'B01A02' },
  { id: 'cat_case_cargo', pid: 'cat_case', name: '货运损失', code: 'B01A03' },
  { id: 'cat_case_cargo_sea', pid: 'cat_case_cargo', name: '海运', code: 'B01A03A01' },
  { id: 'cat_case_cargo_land', pid: 'cat_case_cargo', name: '陆运', code: 'B01A03A02' },
  { id: 'cat_case_liability', pid: 'cat_case', name: '责任险', code: 'B01A04' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sys_category (
      id varchar(32) PRIMARY KEY,
      pid varchar(32) NOT NULL DEFAULT '0',
      name varchar(100) NOT NULL,
      code varchar(100) NOT NULL UNIQUE,
      has_child varchar(3) NOT NULL DEFAULT '0',
      create_by varchar(50),
      create_time timestamp NOT NULL DEFAULT now(),
      update_by varchar(50),
      update_time timestamp,
      sys_org_code varchar(64)
    )`.execute(db);
  await sql`CREATE INDEX idx_sys_category_pid ON sys_category (pid)`.execute(db);
  const parents = new Set(CATEGORIES.map((c) => c.pid));
  for (const c of CATEGORIES) {
    await sql`
      INSERT INTO sys_category (id, pid, name, code, has_child, create_by)
      VALUES (${c.id}, ${c.pid}, ${c.name}, ${c.code}, ${parents.has(c.id) ? '1' : '0'}, 'admin')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sys_category`.execute(db);
}
