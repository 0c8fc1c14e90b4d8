/** What every editable cell of the designer's tables shares: the row update and the cell's problem. */
import type { ReactNode } from 'react';
import type { DesignerCell } from '../../designer/problems';
import type { DesignerFieldRow } from '../../designer/types';

export interface RowEditing {
  update(key: string, patch: Partial<DesignerFieldRow>): void;
  /** The problem the last save (or the check before it) found in this cell. */
  problem(key: string, property: DesignerCell): string | undefined;
  /** A problem of the row as a whole (the server named the field, not one of its properties). */
  rowProblem(key: string): string | undefined;
}

/** The primary key every online table has: shown first, never editable (JeecgBoot's fixed id row). */
export const ID_ROW_KEY = '(id)';

export function isIdRow(row: DesignerFieldRow): boolean {
  return row.key === ID_ROW_KEY;
}

export const ID_ROW: DesignerFieldRow = {
  key: ID_ROW_KEY,
  column: 'id',
  label: '主键',
  type: 'string',
  length: 32,
  nullable: false,
  unique: true,
  defaultValue: '',
  listShow: false,
  sortable: false,
  queryMode: '',
  formShow: false,
  widget: '',
  dictCode: '',
  validation: { kind: 'none' },
  readOnly: true,
};

/** A control with the cell's problem under it, in red. */
export function Cell({ problem, children }: { problem?: string; children: ReactNode }) {
  return (
    <div className={problem ? 'designer-cell designer-cell-error' : 'designer-cell'}>
      {children}
      {problem && (
        <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, lineHeight: '16px', marginTop: 2, whiteSpace: 'normal' }}>
          {problem}
        </div>
      )}
    </div>
  );
}
