import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Insertable, Transaction } from 'kysely';
import type { CompiledField, CompiledPage, CompiledPermissions } from '../../runtime/schema/compiledPageTypes';
import { EntityDictionaries, entityService, EntityValidationError } from '../crud/entity';
import { isSystemTable } from '../crud/pages';
import type { DB, SysPermission } from '../db/types';
import { DictionaryCache } from '../sys/dict/dictionaryCache';
import { SeedError } from './documents';
import { newId } from '../db/ids';
import type { SeededPermission } from './menus';
import { FINANCE_HOOKS } from '../finance';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTITY_SEED_DIR = 'schemas/seed/entities';

/** The button each permission code of a page gets when the menu does not list it already. */
const BUTTON_NAMES: Record<keyof CompiledPermissions, string> = {
  list: '查看',
  add: '新增',
  edit: '编辑',
  delete: '删除',
  exportXls: '导出',
  importExcel: '导入',
};

const READ_ONLY_ACTIONS: ReadonlySet<keyof CompiledPermissions> = new Set(['list', 'exportXls']);

/** The menu component that opens a page: `schema/<module>/<entity>`. */
export function schemaComponentOf(page: CompiledPage): string {
  return `schema/${page.entity.module}/${page.entity.name}`;
}

/**
 * The menu item opening the page: the one opening it whole, else the first opening one of its views
 * (`schema/<module>/<entity>/<view>`: 费用管理's entries are all views of 案件费用).
 */
export function menuOpening(components: ReadonlyMap<string, string>, component: string): string | undefined {
  const whole = components.get(component);
  if (whole) return whole;
  for (const [key, id] of components) if (key.startsWith(`${component}/`)) return id;
  return undefined;
}

/**
 * Buttons for every permission code of every page (CRUD codes and custom row actions' codes), under
 * the menu item whose component opens the page, unless a button with that code exists already. Returned like insertMenus' rows, so the roles'
 * button patterns (`expert:*`) grant them. A page without a menu item gets none (nobody could open it).
 */
export async function insertEntityButtons(
  trx: Transaction<DB>,
  pages: readonly CompiledPage[],
  permissions: readonly SeededPermission[],
  components: ReadonlyMap<string, string>,
): Promise<SeededPermission[]> {
  const existing = new Set(permissions.flatMap((p) => (p.perms ? p.perms.split(',').map((c) => c.trim()) : [])));
  const rows: Insertable<SysPermission>[] = [];
  for (const page of pages) {
    const menuId = menuOpening(components, schemaComponentOf(page));
    if (!menuId) continue;
    let sortNo = 100;
    const buttons: [string, string][] = [
      ...(Object.entries(BUTTON_NAMES) as [keyof CompiledPermissions, string][])
        // A read-only page (logs) has no write endpoint, so no write code to grant.
        .filter(([action]) => !page.entity.readOnly || READ_ONLY_ACTIONS.has(action))
        .map(([action, name]): [string, string] => [page.permissions[action], name]),
      // Custom row actions (定时任务's 停止, 启动, 立即执行; 角色's 授权, 用户) are named by their link text.
      ...page.list.rowActions.flatMap((action): [string, string][] =>
        action.action === 'custom' || action.action === 'view' ? [[action.permission, action.title]] : [],
      ),
    ];
    for (const [code, name] of buttons) {
      if (existing.has(code)) continue;
      existing.add(code);
      rows.push({
        id: newId(),
        parent_id: menuId,
        name,
        menu_type: 2,
        perms: code,
        perms_type: '1',
        status: '1',
        sort_no: sortNo++,
        is_route: false,
        is_leaf: true,
        description: `${page.entity.title}：${name}`,
        create_by: 'admin',
      });
    }
  }
  if (rows.length === 0) return [];
  await trx.insertInto('sys_permission').values(rows).execute();
  // A page that now has buttons below it is not a leaf.
  await trx.updateTable('sys_permission').set({ is_leaf: false }).where('id', 'in', [...new Set(rows.map((r) => r.parent_id as string))]).execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id ?? null, menuType: 2, url: null, perms: r.perms ?? null }));
}

interface EntitySeedFile {
  file: string;
  entity: string;
  rows: Record<string, unknown>[];
}

function seedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? seedFiles(path.join(dir, e.name)) : e.name.endsWith('.json') ? [path.join(dir, e.name)] : []))
    .sort();
}

/** Reads schemas/seed/entities/**.json: `{ entity: '<module>/<name>', rows: [...] }` each. */
export function loadEntitySeeds(dir: string = path.join(root, ENTITY_SEED_DIR)): EntitySeedFile[] {
  return seedFiles(dir).map((full) => {
    const file = path.relative(root, full).split(path.sep).join('/');
    let doc: unknown;
    try {
      doc = JSON.parse(fs.readFileSync(full, 'utf8'));
    } catch (err) {
      throw new SeedError(`种子文件 ${file} 无法读取: ${err instanceof Error ? err.message : String(err)}`);
    }
    const { entity, rows } = (doc ?? {}) as { entity?: unknown; rows?: unknown };
    if (typeof entity !== 'string' || !Array.isArray(rows) || rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
      throw new SeedError(`种子文件 ${file}: 应为 { "entity": "<模块>/<实体>", "rows": [ {…}, … ] }`);
    }
    return { file, entity, rows: rows as Record<string, unknown>[] };
  });
}

/**
 * Seeds whose rows a table dictionary or a picker of another entity refers to come first (customer
 * types before customers, cases before the invoices that name them).
 */
function inDependencyOrder(seeds: readonly EntitySeedFile[], byEntity: ReadonlyMap<string, CompiledPage>): EntitySeedFile[] {
  const tableOf = (s: EntitySeedFile) => byEntity.get(s.entity)?.entity.table;
  const referred = (f: CompiledField): string | undefined => {
    if (f.dict?.kind === 'table') return f.dict.table;
    const picked = f.widget === 'picker' ? f.options.picker?.page : undefined;
    return picked === undefined ? undefined : byEntity.get(picked)?.entity.table;
  };
  const needs = (s: EntitySeedFile) =>
    new Set(
      (byEntity.get(s.entity)?.fields ?? []).flatMap((f) => {
        const table = referred(f);
        return table !== undefined && table !== tableOf(s) ? [table] : [];
      }),
    );
  const pending = [...seeds];
  const ordered: EntitySeedFile[] = [];
  while (pending.length > 0) {
    const waiting = new Set(pending.map(tableOf));
    const index = pending.findIndex((s) => ![...needs(s)].some((t) => waiting.has(t)));
    // A cycle cannot be ordered; the rest go as they are and validation names what is missing.
    ordered.push(...pending.splice(index === -1 ? 0 : index, 1));
  }
  return ordered;
}

/**
 * Inserts the demo rows of every entity through the same validation and insert path as the API
 * (types, required, rules, dictionaries, unique values), as admin of department A01, in the seed's
 * transaction. A bad row stops the seed naming file, row and fields.
 */
export async function insertEntityRows(trx: Transaction<DB>, pages: readonly CompiledPage[], seeds: readonly EntitySeedFile[]): Promise<void> {
  const byEntity = new Map(pages.map((p) => [`${p.entity.module}/${p.entity.name}`, p]));
  const dicts = new EntityDictionaries(trx, new DictionaryCache(trx, Number.POSITIVE_INFINITY), pages);
  const actor = { username: 'admin', orgCode: 'A01', tenantId: 0 };
  for (const seedFile of inDependencyOrder(seeds, byEntity)) {
    const page = byEntity.get(seedFile.entity);
    if (!page) throw new SeedError(`种子文件 ${seedFile.file}: 没有页面定义实体 ${seedFile.entity}`);
    if (isSystemTable(page)) throw new SeedError(`种子文件 ${seedFile.file}: 系统表 ${page.entity.table} 的数据由系统种子提供`);
    // Demo invoices and their links keep their totals as the API's writes do.
    const service = entityService(page, dicts, undefined, undefined, FINANCE_HOOKS[page.entity.table]);
    for (const [index, row] of seedFile.rows.entries()) {
      try {
        await service.add(trx, row, actor, typeof row.id === 'string' && row.id !== '' ? row.id : undefined);
      } catch (err) {
        if (err instanceof EntityValidationError) throw new SeedError(`种子文件 ${seedFile.file}#/rows/${index}: ${err.message}`);
        throw err;
      }
    }
    await service.store.refreshAllHasChild(trx);
  }
}
