/**
 * May a signed-in user read a stored file? Yes when one of these holds, checked cheapest first:
 *  - the user uploaded it (sys_file_upload) — so a form shows a file before its record is saved;
 *  - it is some user's avatar (sys_user.avatar, indexed): avatars are shown to everybody;
 *  - a record that uses it (sys_file_ref, indexed by path) belongs to a page whose list code
 *    (`<prefix>:list`) the user holds and, on a tenant-scoped page, to the request's tenant (an
 *    online form's too: `onl_<table>:list`, or 功能测试);
 *  - an announcement the user may read shows it (few rows: the readable ones naming the path are
 *    read and their static URLs compared exactly);
 *  - the user holds 文件存储's list code (系统监控 → 文件存储 previews and downloads every file).
 * Everything else is refused as if the file did not exist.
 */
import { sql, type Kysely } from 'kysely';
import type { CompiledPage } from '../../runtime/schema/compiledPageTypes';
import { STATIC_URL, staticUrlOf } from '../../runtime/contract/files';
import { permissionCodesOf } from '../auth/permissions';
import type { DB } from '../db/types';
import { visibleTo } from '../sys/announcementRoutes';
import { storedPathsIn } from './fileReferences';
import { ONLINE_LIST_CODE, ONLINE_TEST_CODE } from '../online/form/naming';
import { onlineDb } from '../online/form/tables';

/** Who asks, in which tenant (one the guard or the file route has checked the user belongs to). */
export interface FileReader {
  userId: string;
  tenantId: number;
}

const ANNOUNCEMENT_CANDIDATES = 20;
/** The code of 文件存储's list (schemas/pages/monitor/fileStorage.json). */
export const FILE_STORAGE_LIST_CODE = 'fileStorage:list';

/** The table an online form's list code opens (design of issue 17: codes `onl_<table>:list`). */
function onlineTableOf(code: string): string[] {
  const match = ONLINE_LIST_CODE.exec(code);
  return match ? [match[1]] : [];
}

export class FileAccess {
  /** Page tables by their list code (a code may open several pages). */
  private readonly tablesByListCode = new Map<string, string[]>();

  constructor(
    private readonly db: Kysely<DB>,
    pages: readonly CompiledPage[],
  ) {
    for (const page of pages) {
      const code = page.permissions.list;
      this.tablesByListCode.set(code, [...(this.tablesByListCode.get(code) ?? []), page.entity.table]);
    }
  }

  /** Remembers the uploader of a file just stored. */
  async uploaded(path: string, userId: string): Promise<void> {
    await this.db.insertInto('sys_file_upload').values({ path, user_id: userId }).onConflict((oc) => oc.column('path').doNothing()).execute();
  }

  async maySee(reader: FileReader, path: string): Promise<boolean> {
    return (
      (await this.isUploader(reader, path)) ||
      (await this.isAvatar(path)) ||
      (await this.keepsTheStorage(reader)) ||
      (await this.usedByReadableRecord(reader, path)) ||
      (await this.shownByReadableAnnouncement(reader, path))
    );
  }

  private async isUploader(reader: FileReader, path: string): Promise<boolean> {
    const row = await this.db.selectFrom('sys_file_upload').select('path').where('path', '=', path).where('user_id', '=', reader.userId).executeTakeFirst();
    return row !== undefined;
  }

  private async isAvatar(path: string): Promise<boolean> {
    const row = await this.db.selectFrom('sys_user').select('id').where('avatar', '=', path).where('del_flag', '=', 0).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** 文件存储 (系统监控) lists every stored file to whoever holds its code, for preview and download. */
  private async keepsTheStorage(reader: FileReader): Promise<boolean> {
    return (await permissionCodesOf(this.db, reader.userId)).has(FILE_STORAGE_LIST_CODE);
  }

  private async usedByReadableRecord(reader: FileReader, path: string): Promise<boolean> {
    const codes = await permissionCodesOf(this.db, reader.userId);
    const tables = [...codes].flatMap((code) => this.tablesByListCode.get(code) ?? onlineTableOf(code));
    // 功能测试 opens every online form; their tables are read since a sync may add one at any time.
    if (codes.has(ONLINE_TEST_CODE)) {
      const heads = await onlineDb(this.db).selectFrom('onl_cgform_head').select('table_name').where('del_flag', '=', 0).execute();
      tables.push(...heads.map((h) => h.table_name));
    }
    if (tables.length === 0) return false;
    const row = await this.db
      .selectFrom('sys_file_ref')
      .select('record_id')
      .where('path', '=', path)
      .where('entity_table', 'in', tables)
      .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', reader.tenantId)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async shownByReadableAnnouncement(reader: FileReader, path: string): Promise<boolean> {
    const needles = [...new Set([`${STATIC_URL}/${path}`, staticUrlOf(path)])];
    const rows = await this.db
      .selectFrom('sys_announcement as a')
      .select('a.msg_content')
      .where(visibleTo(reader.userId))
      .where((eb) => eb.or(needles.map((needle) => sql<boolean>`position(${needle} in coalesce(a.msg_content, '')) > 0`)))
      .limit(ANNOUNCEMENT_CANDIDATES)
      .execute();
    return rows.some((row) => storedPathsIn('html', row.msg_content).includes(path));
  }
}
