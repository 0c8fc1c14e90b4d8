// The editable grid's headless core (widgets spec §3–§9): no React, no antd. A view renders the
// snapshots of GridController's store, editing and validator and forwards the user's events.
export * from './constants';
export * from './texts';
export * from './columns';
export * from './rowTypes';
export { createdValue, createdRowValues, checkboxValues } from './createdValue';
export * from './widths';
export * from './rowIds';
export * from './rowStore';
export * from './addSettings';
export { InsertionGuard } from './insertionGuard';
export * from './editing';
export * from './numericCell';
export * from './rules';
export * from './validator';
export * from './validateTables';
export * from './statistics';
export * from './tagsCell';
export * from './toolbar';
export * from './liveMerge';
export * from './grid';
export { systemClock, type Clock } from './clock';
export * from './socket/messages';
export * from './socket/VxeSocket';
export * from './socket/vxeSocketUrl';
export * from './socket/liveGrid';
export { useGridRows, useGridEditing, useGridErrors } from './useGrid';
export * from './gridPage';
