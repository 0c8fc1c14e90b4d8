import type { HostStorage } from '../host/types';
import { DEFAULT_ADD_SETTINGS, loadAddSettings, normaliseAddSettings, saveAddSettings, type AddSettings } from './addSettings';
import { resolveColumns, type GridColumn, type GridColumnSpec } from './columns';
import { linkageLevels, linkageLowerLevels } from './linkage';
import { systemClock, type Clock } from './clock';
import { EditingState, type CellRef } from './editing';
import { Listeners } from './listeners';
import { readableCells, refusedCells, type ReadableRefusal, type RowRefusal } from './refusals';
import { InsertionGuard } from './insertionGuard';
import { mergeLiveRow, type LiveMergeOutcome } from './liveMerge';
import { acceptNumericInput, numericValueOnBlur } from './numericCell';
import type { RowIds } from './rowIds';
import { reloadedRowIds } from './reloadEffect';
import { RowStore, type AddRowsOptions, type GridOutput } from './rowStore';
import type { GridRowValues } from './rowTypes';
import type { LiveRowChange } from './socket/messages';
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
  /** Where the add button's settings live (Host.storage); without one they last as long as the grid. */
  storage?: HostStorage;
  /**
   * Every load after the first highlights the rows it brings that are new or changed, for 1400 ms
   * (JeecgBoot's reloadEffect). A load may say otherwise (see LoadOptions).
   */
  reloadEffect?: boolean;
  /**
   * Rows loaded from the server show their values only (a user without the edit permission);
   * rows added here stay editable, since saving them needs the add permission instead.
   */
  savedRowsReadOnly?: boolean;
  clock?: Clock;
  ids?: RowIds;
}

export interface LoadOptions {
  /** Overrides the grid's reloadEffect for this load (a page reloads after a save, not when paging). */
  reloadEffect?: boolean;
}

/**
 * One editable grid's core: rows, editing, validation, add settings and live merges behind the
 * events a view forwards. The view renders `store`, `editing` and `validator` snapshots and calls
 * these methods; it keeps no grid state of its own.
 */
export class GridController {
  readonly columns: readonly GridColumn[];
  /** The linked select columns of each linkageKey, top level first (see linkage.ts). */
  readonly linkage: ReadonlyMap<string, readonly string[]>;
  readonly store: RowStore;
  readonly editing: EditingState;
  readonly validator: GridValidator;
  private readonly guard: InsertionGuard;
  private readonly storage: HostStorage | undefined;
  private unstoredAddSettings: AddSettings = { ...DEFAULT_ADD_SETTINGS };
  private readonly reloadEffect: boolean;
  private readonly savedRowsReadOnly: boolean;
  private loadedOnce = false;
  private readonly stopBlurOnEnd: () => void;
  private readonly revealed = new Listeners<[CellRef]>();

  constructor(options: GridOptions) {
    const clock = options.clock ?? systemClock;
    this.columns = resolveColumns(options.columns);
    this.linkage = linkageLevels(this.columns);
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
    this.reloadEffect = options.reloadEffect ?? false;
    this.savedRowsReadOnly = options.savedRowsReadOnly ?? false;
    // A cell whose editor closes is validated as on blur.
    this.stopBlurOnEnd = this.editing.onEnd(({ rowId, columnKey }) => this.validator.onBlur(rowId, columnKey));
  }

  /** The id this grid's live updates carry, to recognise their echo. */
  get senderId(): string {
    return this.store.ids.caseId;
  }

  /**
   * Replaces the rows; nothing of the old rows (editing cells, errors, pending checks) survives.
   * With the reload effect, rows new or changed against the ones shown before are highlighted —
   * never on the first load, where every row would be.
   */
  load(records: readonly GridRowValues[], options: LoadOptions = {}): void {
    const before = this.store.getSnapshot().rows;
    const old = before.map((row) => row.id);
    this.editing.forget(old);
    this.validator.forget(old);
    this.validator.clear();
    this.store.load(records);
    const effect = this.loadedOnce && (options.reloadEffect ?? this.reloadEffect);
    this.loadedOnce = true;
    if (!effect) return;
    const changed = reloadedRowIds(before, this.store.getSnapshot().rows);
    if (changed.length > 0) this.store.highlight(changed);
  }

  /** Whether a cell of a row can edit: its column, and the row unless saved rows are read-only. */
  canEditCell(rowId: string, columnKey: string): boolean {
    if (this.savedRowsReadOnly && !this.store.isNew(rowId)) return false;
    return this.editing.canEdit(columnKey);
  }

  /** A click in a cell: it starts editing; false for a cell that cannot edit (the view shows the row). */
  clickCell(rowId: string, columnKey: string): boolean {
    return this.canEditCell(rowId, columnKey) && this.editing.start(rowId, columnKey);
  }

  /** A keystroke in a text cell. */
  input(rowId: string, columnKey: string, value: unknown): void {
    this.store.setValue(rowId, columnKey, value);
    void this.validator.onInput(rowId, columnKey);
  }

  /** A finished choice (select, date, checkbox, picker) or a committed text. */
  change(rowId: string, columnKey: string, value: unknown): void {
    const column = this.columns.find((c) => c.key === columnKey);
    const before = column?.linkageKey ? this.store.getRow(rowId)?.values[columnKey] : undefined;
    this.store.setValue(rowId, columnKey, value);
    void this.validator.onChange(rowId, columnKey);
    // A new choice in a linked select empties the levels below it: they belonged to the old
    // parent. Not validated yet: the user is about to choose them.
    if (!column?.linkageKey || before === value) return;
    for (const lower of linkageLowerLevels(this.linkage, column)) {
      if (this.store.getRow(rowId)?.values[lower] !== '') this.store.setValue(rowId, lower, '');
    }
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

  /** Keeps a cell editing while its dialog is open (see EditingState.hold); returns the release. */
  holdEditing(rowId: string, columnKey: string): () => void {
    return this.editing.hold(rowId, columnKey);
  }

  /** Asks the view to scroll a cell into sight (a failed cell after a save). */
  reveal(rowId: string, columnKey: string): void {
    if (this.store.indexOf(rowId) >= 0) this.revealed.emit({ rowId, columnKey });
  }

  /** Listens to reveal requests (the view scrolls). */
  onReveal(listener: (cell: CellRef) => void): () => void {
    return this.revealed.subscribe(listener);
  }

  /**
   * The server refused the save: marks each refused cell failed with the server's reason (tooltip,
   * failed style) and reveals the first. `rowIds` are the row ids in the order the save numbered
   * them. A reason that names a stored key the cell shows as an option's text names that text.
   * Returns the cells marked.
   */
  showRefusals(refusals: readonly RowRefusal[], rowIds: readonly string[]): ReadableRefusal[] {
    const located = refusedCells(refusals, rowIds, this.columns).filter((cell) => this.store.indexOf(cell.rowId) >= 0);
    const cells = readableCells(located, this.columns, (rowId) => this.store.getRow(rowId)?.values);
    this.validator.markFailed(cells);
    const first = [...cells].sort((a, b) => this.store.indexOf(a.rowId) - this.store.indexOf(b.rowId))[0];
    if (first) this.reveal(first.rowId, first.columnKey);
    return cells;
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
    return this.storage ? loadAddSettings(this.storage) : { ...this.unstoredAddSettings };
  }

  saveAddSettings(settings: Partial<AddSettings>): AddSettings {
    if (this.storage) return saveAddSettings(this.storage, settings);
    // Nowhere to keep them: they still apply to this grid's adds until it goes.
    this.unstoredAddSettings = normaliseAddSettings({ ...this.unstoredAddSettings, ...settings });
    return { ...this.unstoredAddSettings };
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

  /** An update_vxe_table change of another client (args [row, senderId, change]). */
  applyLiveUpdate(row: Readonly<GridRowValues>, senderId: unknown, change: LiveRowChange = 'update', showsNew?: () => boolean): LiveMergeOutcome {
    return mergeLiveRow(this, row, senderId, change, showsNew);
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
