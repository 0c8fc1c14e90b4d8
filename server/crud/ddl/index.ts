export type {
  ApplyReport,
  AppliedTable,
  ColumnInfo,
  ColumnSpec,
  ColumnType,
  EntityField,
  EntityIndex,
  EntityTable,
  FieldKind,
  IndexInfo,
  IndexMethod,
  ListShape,
  Step,
  TablePlan,
  TableState,
} from './types';
export { EntityDdlError } from './errors';
export { indexNameFor } from './identifiers';
export { STANDARD_COLUMNS } from './standardColumns';
export { planTable } from './plan';
export { desiredTable } from './desired';
export { readTable } from './introspect';
export { applyEntityTables, DDL_LOCK_KEY, planEntityTables, schemaHash } from './apply';
export { ddlPreview, renderPlans, stepText } from './render';
