import type { HostStorage } from '../host/types';
import { DEFAULT_ADD_SETTINGS, loadAddSettings, saveAddSettings, type AddSettings } from './addSettings';
import { resolveColumns, type GridColumn, type GridColumnSpec } from './columns';
import { systemClock, type Clock } from './clock';
import { EditingState } from './editing';
import { InsertionGuard } from './insertionGuard';
import { mergeLiveRow, type LiveMergeOutcome } from './liveMerge';
import { acceptNumericInput, numericValueOnBlur } from './numericCell';
import type { RowIds } from './rowIds';
import { RowStore, type AddRowsOptions, type GridOutput } from './rowStore';
import type { GridRowValues } from './rowTypes';
import { footerRows, type FooterRow } from './statistics';
import { GridValidationError } from './validateTables';
import { GridValidator, type ErrorMap } from './validator';

export interface GridOptions {
  columns: readonly GridColumnSpec[];
  rowKey?: string;
  dragSort?: boolean;
  dragSortKey?: string;
  /** Every editable cell shows its editor all the time. */
  alwaysEdit?: boolean;
  /** Where the add button's settings live (Host.storage); defaults apply without one. */
  storage?: HostStorage;
  clock?: Clock;
  ids?: RowIds;
}

/**
 * One editable grid's core: rows, editing, validation, add settings and live merges behind the
 * events a view forwards. The view renders `store`, `editing` and `validator` snapshots and calls
 * these methods; it keeps no grid state of its own.
 */
export class GridController {
  readonly columns: readonly GridColumn[];
  readonly store: RowStore;
  readonly editing: EditingState;
  readonly validator: GridValidator;
  private readonly guard: InsertionGuard;
  private readonly storage: HostStorage | undefined;
  private readonly stopBlurOnEnd: () => void;

  constructor(options: GridOptions) {
    const clock = options.clock ?? systemClock;
    this.columns = resolveColumns(options.columns);
    this.store = new RowStore({
      columns: this.columns,
      rowKey: options.rowKey,
      dragSort: options.dragSort,
      dragSortKey: options.dragSortKey,
      ids: options.ids,
      clock,
    });
    this.editing = new EditingState(this.columns, options.alwaysEdit ?? false);
    this.validator = new GridValidator(this.store, this.columns, clock);
    this.guard = new InsertionGuard(clock);
    this.storage = options.storage;
    // A cell whose editor closes is validated as on blur.
    this.stopBlurOnEnd = this.editing.onEnd(({ rowId, columnKey }) => this.validator.onBlur(rowId, columnKey));
  }

  /** The id this grid's live updates carry, to recognise their echo. */
  get senderId(): string {
    return this.store.ids.caseId;
  }

  /** Replaces the rows; nothing of the old rows (editing cells, errors, pending checks) survives. */
  load(records: readonly GridRowValues[]): void {
    const old = this.store.getSnapshot().rows.map((row) => row.id);
    this.editing.forget(old);
    this.validator.forget(old);
    this.validator.clear();
    this.store.load(records);
  }

  clickCell(rowId: string, columnKey: string): boolean {
    return this.editing.start(rowId, columnKey);
  }

  /** A keystroke in a text cell. */
  input(rowId: string, columnKey: string, value: unknown): void {
    this.store.setValue(rowId, columnKey, value);
    void this.validator.onInput(rowId, columnKey);
  }

  /** A finished choice (select, date, checkbox, picker) or a committed text. */
  change(rowId: string, columnKey: string, value: unknown): void {
    this.store.setValue(rowId, columnKey, value);
    void this.validator.onChange(rowId, columnKey);
  }

  /** A keystroke in a number cell: returns the text the cell shows (the previous one when refused). */
  numericInput(rowId: string, columnKey: string, previousText: string, nextText: string): string {
    const text = acceptNumericInput(previousText, nextText);
    if (text !== previousText) this.input(rowId, columnKey, text);
    return text;
  }

  /** A number cell loses focus: its value becomes a number or empty. */
  numericBlur(rowId: string, columnKey: string, text: string): void {
    this.change(rowId, columnKey, numericValueOnBlur(text));
  }

  blur(rowId: string, columnKey: string): void {
    this.validator.onBlur(rowId, columnKey);
  }

  /** Mouse-up outside the editing cells and their popups. */
  endEditing(): void {
    this.editing.endAll();
  }

  addRows(options: AddRowsOptions = {}): string[] {
    return this.store.addRows(options);
  }

  /** The toolbar's add: the stored settings, and nothing within 1500 ms of the previous add. */
  addFromToolbar(): string[] {
    if (!this.guard.tryEnter()) return [];
    const { count, position, scrollToBottom } = this.addSettings();
    return this.store.addRows({ count, position, scrollToBottom });
  }

  addSettings(): AddSettings {
    return this.storage ? loadAddSettings(this.storage) : { ...DEFAULT_ADD_SETTINGS };
  }

  saveAddSettings(settings: Partial<AddSettings>): AddSettings {
    if (!this.storage) return { ...DEFAULT_ADD_SETTINGS, ...settings };
    return saveAddSettings(this.storage, settings);
  }

  remove(rowIds: readonly string[]): void {
    this.editing.forget(rowIds);
    this.validator.forget(rowIds);
    this.store.remove(rowIds);
  }

  removeSelected(): void {
    this.remove([...this.store.getSnapshot().selectedIds]);
  }

  footer(): FooterRow[] {
    return footerRows(this.columns, this.store.getSnapshot().rows);
  }

  validateAll(): Promise<ErrorMap | null> {
    return this.validator.validateAll();
  }

  /** Validates every cell; resolves with the output, rejects with GridValidationError (index 0). */
  async validate(): Promise<GridOutput> {
    const errors = await this.validateAll();
    if (errors) throw new GridValidationError(0, errors);
    return this.output();
  }

  output(): GridOutput {
    return this.store.output();
  }

  /** An update_vxe_table change of another client (args [row, senderId]). */
  applyLiveUpdate(row: Readonly<GridRowValues>, senderId: unknown): LiveMergeOutcome {
    return mergeLiveRow(this.store, this.editing, row, senderId);
  }

  dispose(): void {
    this.stopBlurOnEnd();
    this.validator.dispose();
    this.store.dispose();
  }
}

export function createGrid(options: GridOptions): GridController {
  return new GridController(options);
}
