/** The problem list above the tabs: each problem with the place it belongs to, in words. */
import type { DesignerProblem } from '../../designer/problems';
import type { DesignerModel } from '../../designer/types';

const CELL_TEXT: Readonly<Record<string, string>> = {
  column: '字段名称',
  label: '字段备注',
  type: '字段类型',
  length: '长度',
  scale: '小数位',
  nullable: '允许空',
  unique: '唯一',
  defaultValue: '默认值',
  widget: '控件',
  dictCode: '字典',
  validation: '校验',
  readOnly: '只读',
};

const TABLE_PROPERTY_TEXT = { tableName: '表名', title: '表描述', tableType: '表类型' } as const;
const SUB_TABLE_TEXT = { tableName: '附表表名', foreignKey: '外键字段', title: '页签标题' } as const;

export function problemLines(problems: readonly DesignerProblem[], model: DesignerModel): string[] {
  return problems.map((problem) => {
    if (problem.area === 'table') return `${TABLE_PROPERTY_TEXT[problem.property]}：${problem.message}`;
    if (problem.area === 'subTable') {
      const at = model.subTables.findIndex((row) => row.key === problem.rowKey);
      const row = model.subTables[at];
      const name = row?.tableName || `第${at + 1}行`;
      return `附表「${name}」${problem.property ? `的${SUB_TABLE_TEXT[problem.property]}` : ''}：${problem.message}`;
    }
    if (problem.area === 'field') {
      const at = model.fields.findIndex((row) => row.key === problem.rowKey);
      const row = model.fields[at];
      const name = row ? row.label || row.column || `第${at + 1}行` : '字段';
      return `字段「${name}」${problem.property ? `的${CELL_TEXT[problem.property] ?? problem.property}` : ''}：${problem.message}`;
    }
    if (problem.area === 'index') return `索引 ${model.indexes.findIndex((i) => i.key === problem.rowKey) + 1}：${problem.message}`;
    return problem.message;
  });
}
