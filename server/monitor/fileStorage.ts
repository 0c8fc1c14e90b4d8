/**
 * 文件存储: the uploaded files (sys_file_upload) with their size and type on disk, who uploaded
 * them and which records use them (sys_file_ref, avatars, announcements); a file no record uses may
 * be deleted — one in use never, whoever asks (the refusal names the users).
 */
import fs from 'node:fs/promises';
import { sql, type Kysely } from 'kysely';
import { fileNameOfPath } from '../../runtime/files/paths';
import { STATIC_URL, staticUrlOf } from '../../runtime/contract/files';
import type { DB } from '../db/types';
import { BusinessError } from '../http/envelope';
import { extensionOf } from '../files/fileTypes';
import { existingFileInside, resolveInside } from '../files/safePath';

export interface StoredFileRow {
  /** The stored path (the key of delete). */
  id: string;
  path: string;
  fileName: string;
  fileType: string;
  size: number | null;
  uploader: string;
  createTime: string;
  /** Who uses it, e.g. 外包机构「监控测试鉴定所」；用户头像 wangwu; 未被使用. */
  usedBy: string;
  inUse: boolean;
}

export const FILE_STORAGE_TEXTS = {
  unused: '未被使用',
  missing: '（文件已不在磁盘上）',
  avatar: '用户头像',
  announcement: '通知公告',
  notFound: '文件不存在',
  inUse: (name: string, users: string) => `文件「${name}」正被使用（${users}），不能删除`,
  deleted: '删除成功!',
} as const;

const SHOWN_USES = 3;

/** How the records of a page table are named to a reader: the page's title and the column that names a row. */
export interface RecordNaming {
  title: string;
  /** Column whose value names a record (the picker's text field, else the list's first text column). */
  column?: string;
}

export type NamingOf = (table: string) => RecordNaming;

/** 外包机构「监控测试鉴定所」 per record, or 外包机构 <id> when the page has no naming column. */
async function recordNames(db: Kysely<DB>, refs: readonly { entity_table: string; record_id: string }[], namingOf: NamingOf): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const byTable = new Map<string, string[]>();
  for (const ref of refs) byTable.set(ref.entity_table, [...(byTable.get(ref.entity_table) ?? []), ref.record_id]);
  for (const [table, ids] of byTable) {
    const naming = namingOf(table);
    const labels = new Map<string, string>();
    if (naming.column) {
      // Table and column come from the page documents, the ids are bound parameters.
      const rows = await sql<{ id: string; label: unknown }>`
        SELECT id, ${sql.ref(naming.column)} AS label FROM ${sql.table(table)} WHERE id IN (${sql.join(ids)})`.execute(db);
      for (const row of rows.rows) if (row.label !== null && row.label !== '') labels.set(String(row.id), String(row.label).slice(0, 50));
    }
    for (const id of ids) names.set(`${table}\u0000${id}`, labels.has(id) ? `${naming.title}「${labels.get(id)}」` : `${naming.title} ${id}`);
  }
  return names;
}

/** What uses each of `paths`: each record (page title and its name), avatars and announcements. */
export async function usesOf(db: Kysely<DB>, paths: readonly string[], namingOf: NamingOf): Promise<Map<string, string[]>> {
  const uses = new Map<string, string[]>(paths.map((p) => [p, []]));
  if (paths.length === 0) return uses;
  const refs = await db.selectFrom('sys_file_ref').select(['path', 'entity_table', 'record_id']).where('path', 'in', paths).orderBy('entity_table').orderBy('record_id').execute();
  const names = await recordNames(db, refs, namingOf);
  for (const ref of refs) uses.get(ref.path)?.push(names.get(`${ref.entity_table}\u0000${ref.record_id}`) ?? ref.record_id);
  const avatars = await db.selectFrom('sys_user').select(['avatar', 'username']).where('avatar', 'in', paths).where('del_flag', '=', 0).execute();
  for (const user of avatars) if (user.avatar) uses.get(user.avatar)?.push(`${FILE_STORAGE_TEXTS.avatar} ${user.username}`);
  for (const path of paths) {
    const needles = [...new Set([`${STATIC_URL}/${path}`, staticUrlOf(path)])];
    const shown = await db
      .selectFrom('sys_announcement')
      .select('titile')
      .where('del_flag', '=', '0')
      .where((eb) => eb.or(needles.map((needle) => sql<boolean>`position(${needle} in coalesce(msg_content, '')) > 0`)))
      .limit(SHOWN_USES)
      .execute();
    for (const a of shown) uses.get(path)?.push(`${FILE_STORAGE_TEXTS.announcement}「${a.titile ?? ''}」`);
  }
  return uses;
}

function describeUses(uses: readonly string[]): string {
  if (uses.length === 0) return FILE_STORAGE_TEXTS.unused;
  const shown = uses.slice(0, SHOWN_USES).join('；');
  return uses.length > SHOWN_USES ? `${shown} 等 ${uses.length} 处` : shown;
}

export interface FileListQuery {
  pageNo: number;
  pageSize: number;
  fileName?: string;
}

export async function listStoredFiles(
  db: Kysely<DB>,
  uploadDir: string,
  query: FileListQuery,
  namingOf: NamingOf,
): Promise<{ records: StoredFileRow[]; total: number }> {
  const name = (query.fileName ?? '').replace(/\*/g, '').trim();
  let base = db.selectFrom('sys_file_upload as f').leftJoin('sys_user as u', 'u.id', 'f.user_id');
  // The name is part of the last path segment; LIKE's own wildcards in it are matched literally.
  if (name !== '') base = base.where(sql<boolean>`f.path ILIKE ${`%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const [rows, count] = await Promise.all([
    base
      .select(['f.path', 'f.user_id', 'u.username', 'u.realname', sql<string>`to_char(f.create_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('created')])
      .orderBy('f.create_time', 'desc')
      .orderBy('f.path')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const uses = await usesOf(db, rows.map((r) => r.path), namingOf);
  const records = await Promise.all(
    rows.map(async (r): Promise<StoredFileRow> => {
      const full = resolveInside(uploadDir, r.path);
      const file = full ? await existingFileInside(uploadDir, full) : undefined;
      const used = uses.get(r.path) ?? [];
      return {
        id: r.path,
        path: r.path,
        fileName: file ? fileNameOfPath(r.path) : `${fileNameOfPath(r.path)}${FILE_STORAGE_TEXTS.missing}`,
        fileType: extensionOf(r.path).toUpperCase() || '—',
        size: file?.size ?? null,
        uploader: r.realname ? `${r.realname}（${r.username ?? ''}）` : (r.username ?? r.user_id),
        createTime: r.created,
        usedBy: describeUses(used),
        inUse: used.length > 0,
      };
    }),
  );
  return { records, total: Number(count.n) };
}

/** Deletes a stored file no record uses: its upload row, then the file itself; refuses one in use. */
export async function deleteStoredFile(db: Kysely<DB>, uploadDir: string, path: string, namingOf: NamingOf): Promise<void> {
  const full = resolveInside(uploadDir, path);
  const known = await db.selectFrom('sys_file_upload').select('path').where('path', '=', path).executeTakeFirst();
  if (!full || !known) throw new BusinessError(FILE_STORAGE_TEXTS.notFound, 404);
  const uses = (await usesOf(db, [path], namingOf)).get(path) ?? [];
  if (uses.length > 0) throw new BusinessError(FILE_STORAGE_TEXTS.inUse(fileNameOfPath(path), describeUses(uses)));
  await db.deleteFrom('sys_file_upload').where('path', '=', path).execute();
  const file = await existingFileInside(uploadDir, full);
  if (file) await fs.rm(file.path, { force: true });
}
