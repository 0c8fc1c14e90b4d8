/**
 * What the widget cells of the editable grid (sel_user, sel_depart, popup, upload) need beyond
 * the grid: the Host their widgets call the server through, and the page field behind each column
 * (its label, placeholder and widget options). A grid page provides both; a grid without a page
 * gets a field made from the column (its `props` carry the widget options).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { GridColumn, GridOption } from '../../grid';
import type { FieldOptions } from '../../generated/page';
import type { Host } from '../../host/types';
import type { CompiledDict, CompiledField } from '../../schema/compiledPageTypes';

export interface GridCellEnv {
  host: Host;
  /** The page field a column edits, when the grid belongs to a page. */
  fieldOf?(columnKey: string): CompiledField | undefined;
  /** The options of a linked select column under a parent (null: the top level's). */
  linkageOptions?: (column: GridColumn, parent: string | null) => Promise<readonly GridOption[]>;
}

const GridCellEnvContext = createContext<GridCellEnv | null>(null);

export function GridCellEnvProvider({ env, children }: { env: GridCellEnv; children: ReactNode }) {
  return <GridCellEnvContext.Provider value={env}>{children}</GridCellEnvContext.Provider>;
}

/** The env of the grid around, or null for a grid nobody gave a Host (its widget cells cannot call a server). */
export function useGridCellEnv(): GridCellEnv | null {
  return useContext(GridCellEnvContext);
}

/** A column's dictCode as a field's dictionary: 'table,text,code' names a table dictionary. */
function dictOf(dictCode: string): CompiledDict {
  const [table, textColumn, valueColumn] = dictCode.split(',');
  return valueColumn ? { kind: 'table', dictCode, table, textColumn, valueColumn } : { kind: 'code', dictCode };
}

/** The field a widget cell hands its widget: the page's, else one made from the column. */
export function cellField(column: GridColumn, env: GridCellEnv): CompiledField {
  const pageField = env.fieldOf?.(column.key);
  if (pageField) return pageField;
  return {
    name: column.key,
    column: column.key,
    label: column.title,
    type: 'string',
    system: false,
    stored: true,
    pointer: '',
    required: false,
    unique: false,
    readOnly: column.disabled,
    hidden: false,
    sensitive: false,
    encrypted: false,
    widget: column.type === 'sel_depart' ? 'depart' : column.type === 'sel_user' ? 'user' : column.type === 'popup' ? 'popup' : column.type === 'sel_search_async' ? 'searchSelect' : 'input',
    options: column.props as FieldOptions,
    ...(column.dictCode ? { dict: dictOf(column.dictCode) } : {}),
    rules: [],
    placeholder: typeof column.props.placeholder === 'string' ? column.props.placeholder : '',
  };
}
