import type { EntityHooks } from '../../crud/entity';
import { firstDocument } from './documentRules';
import { keepVersion, newTableRefusal } from './headStore';

/**
 * 表单开发's rows through the generic add and edit: a new form gets its first document (the entity
 * its table name gives, no business field yet) as version 1; the table name never changes after
 * (复制 makes a form under another name); 表描述 is the page's title.
 */
export const cgformHeadHooks: EntityHooks = {
  async beforeWrite(db, values, before) {
    const tableTxt = String(values.tableTxt ?? '');
    if (!before) {
      const tableName = String(values.tableName ?? '');
      const refusal = await newTableRefusal(db, tableName);
      if (refusal) return refusal;
      values.document = JSON.stringify(firstDocument(tableName, tableTxt));
      values.tableVersion = 1;
      values.isDbSynch = 'N';
      return undefined;
    }
    if (values.tableName !== undefined && values.tableName !== before.table_name) return '表名保存后不能修改，可以复制为新表名';
    if (values.tableTxt !== undefined && tableTxt !== before.table_txt) {
      const document = JSON.parse(String(before.document)) as { entity?: Record<string, unknown> };
      values.document = JSON.stringify({ ...document, entity: { ...document.entity, title: tableTxt } });
    }
    return undefined;
  },
  async afterWrite(db, changes, actor) {
    for (const { before, after } of changes) {
      if (before || !after) continue;
      await keepVersion(db, String(after.id), 1, String(after.document), actor.username);
    }
    return undefined;
  },
};
