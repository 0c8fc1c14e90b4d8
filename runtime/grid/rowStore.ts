import type { GridColumn } from './columns';
import { systemClock, type Clock } from './clock';
import { DEFAULT_ORDER_FIELD, DEFAULT_ROW_KEY, RELOAD_HIGHLIGHT_MS } from './constants';
import { createdRowValues } from './createdValue';
import { Listeners } from './listeners';
import { createRowIds, type RowIds } from './rowIds';
import type { GridRow, GridRowValues } from './rowTypes';

export interface RowStoreOptions {
  columns: readonly GridColumn[];
  /** Field of a record holding its id (default 'id'). */
  rowKey?: string;
  /** Rows carry an order number, renumbered from 1 after every change of order. */
  dragSort?: boolean;
  /** The order number's field (default orderNum). */
  dragSortKey?: string;
  ids?: RowIds;
  clock?: Clock;
}

export interface AddRowsOptions {
  /** Rows to add; at least 1 (default 1). */
  count?: number;
  /**
   * 0 (default) appends at the bottom; n ≥ 1 makes the first new row the n-th row (the rows from
   * the n-th on move down). Beyond the end means the bottom.
   */
  position?: number;
  /** Tells the view to scroll to the bottom after the add. */
  scrollToBottom?: boolean;
  /** Cells of the new rows, one object per row (over the created values). */
  values?: readonly GridRowValues[];
}

/** The last add, for the view to scroll; `seq` changes with every add. */
export interface AddedRows {
  ids: readonly string[];
  scrollToBottom: boolean;
  seq: number;
}

/** What a view renders. A new object after every change; unchanged rows keep their identity. */
export interface RowsSnapshot {
  rows: readonly GridRow[];
  selectedIds: ReadonlySet<string>;
  /** Rows changed by a live update or reload, highlighted for 1400 ms. */
  highlightedIds: ReadonlySet<string>;
  lastAdd: AddedRows | null;
}

/** What the grid hands to a save: records in row order, and the removed existing records. */
export interface GridOutput {
  /** Every row; new rows without an id, others with the case prefix cut off. */
  rows: GridRowValues[];
  newRows: GridRowValues[];
  updatedRows: GridRowValues[];
  removedRows: GridRowValues[];
  removedIds: string[];
}

/**
 * The rows of one editable grid (spec §3, §4): loaded rows keep their id, new rows get temporary
 * ids; cell changes of loaded rows mark them edited; removing drops new rows and moves loaded ones
 * into the removed list; reordering renumbers the order column. Headless: a view subscribes and
 * renders `getSnapshot()`.
 */
export class RowStore {
  readonly ids: RowIds;
  readonly rowKey: string;
  readonly dragSort: boolean;
  readonly dragSortKey: string;
  private columns: readonly GridColumn[];
  private readonly clock: Clock;
  private readonly listeners = new Listeners();
  private rows: GridRow[] = [];
  private removed: GridRow[] = [];
  private readonly edited = new Set<string>();
  private selected = new Set<string>();
  private highlighted = new Set<string>();
  private readonly highlightTimers = new Map<string, unknown>();
  private lastAdd: AddedRows | null = null;
  private addSeq = 0;
  /** Order numbers start after this: the rows of page n follow the (n − 1) × size rows before them. */
  private orderBase = 0;
  private snapshot: RowsSnapshot;

  constructor(options: RowStoreOptions) {
    this.columns = options.columns;
    this.rowKey = options.rowKey ?? DEFAULT_ROW_KEY;
    this.dragSort = options.dragSort ?? false;
    this.dragSortKey = options.dragSortKey ?? DEFAULT_ORDER_FIELD;
    this.ids = options.ids ?? createRowIds();
    this.clock = options.clock ?? systemClock;
    this.snapshot = this.buildSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): RowsSnapshot => this.snapshot;

  setColumns(columns: readonly GridColumn[]): void {
    this.columns = columns;
  }

  /**
   * How many rows come before the ones shown (a paged grid: (page − 1) × size), so a reorder numbers
   * them after the earlier pages' rows instead of clashing with page 1's numbers. Set before load.
   */
  setOrderBase(base: number): void {
    this.orderBase = Number.isInteger(base) && base > 0 ? base : 0;
  }

  /** Replaces every row with loaded records and forgets edits, removals and selection. */
  load(records: readonly GridRowValues[]): void {
    this.rows = records.map((record) => {
      const raw = record[this.rowKey];
      const id = raw === undefined || raw === null || raw === '' ? this.ids.newTempId() : String(raw);
      return { id, values: { ...record } };
    });
    this.removed = [];
    this.edited.clear();
    this.selected = new Set();
    this.lastAdd = null;
    this.changed();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  getRow(id: string): GridRow | undefined {
    return this.rows.find((row) => row.id === id);
  }

  indexOf(id: string): number {
    return this.rows.findIndex((row) => row.id === id);
  }

  isNew(id: string): boolean {
    return this.ids.isTemp(id);
  }

  isEdited(id: string): boolean {
    return this.edited.has(id);
  }

  /** A user's change of one cell. */
  setValue(id: string, key: string, value: unknown): void {
    this.patch(id, { [key]: value }, true);
  }

  /**
   * Writes cells of a row. `track` false is for values that did not come from this user (a live
   * update of another user): the row is not marked edited by it.
   */
  patch(id: string, values: Readonly<GridRowValues>, track = true): boolean {
    const index = this.indexOf(id);
    if (index < 0) return false;
    const row = this.rows[index];
    const changedKeys = Object.keys(values).filter((key) => key !== this.rowKey && !Object.is(row.values[key], values[key]));
    if (changedKeys.length === 0) return false;
    const next: GridRowValues = { ...row.values };
    for (const key of changedKeys) next[key] = values[key];
    this.rows = this.rows.slice();
    this.rows[index] = { id, values: next };
    if (track && !this.ids.isTemp(id)) this.edited.add(id);
    this.changed();
    return true;
  }

  /** Adds rows with created values per column (spec §4); returns their temporary ids. */
  addRows(options: AddRowsOptions = {}): string[] {
    const count = Math.max(1, Math.floor(options.count ?? 1), options.values?.length ?? 0);
    const added: GridRow[] = [];
    for (let i = 0; i < count; i++) {
      added.push({ id: this.ids.newTempId(), values: createdRowValues(this.columns, options.values?.[i]) });
    }
    const position = Math.floor(options.position ?? 0);
    const at = position >= 1 && position <= this.rows.length ? position - 1 : this.rows.length;
    this.rows = [...this.rows.slice(0, at), ...added, ...this.rows.slice(at)];
    this.lastAdd = { ids: added.map((row) => row.id), scrollToBottom: options.scrollToBottom ?? false, seq: ++this.addSeq };
    this.renumber();
    this.changed();
    return this.lastAdd.ids.slice();
  }

  /** New rows are dropped; loaded rows move into the removed list (their delete is part of the save). */
  remove(ids: Iterable<string>): void {
    const gone = new Set(ids);
    if (gone.size === 0) return;
    const kept: GridRow[] = [];
    for (const row of this.rows) {
      if (!gone.has(row.id)) kept.push(row);
      else if (!this.ids.isTemp(row.id)) this.removed.push(row);
    }
    if (kept.length === this.rows.length) return;
    this.rows = kept;
    for (const id of gone) {
      this.selected.delete(id);
      this.edited.delete(id);
    }
    this.selected = new Set(this.selected);
    this.renumber();
    this.changed();
  }

  /**
   * Shows a record another client saved as new (a live 'add'): not new here and not edited, since it
   * is stored already. A drag-sort grid puts it before the first row with a larger order number
   * (the sender's renumbered rows arrive before it), others at the bottom. False when the grid
   * shows a row with that id already or the record has none.
   */
  insertSaved(record: Readonly<GridRowValues>): string | undefined {
    const raw = record[this.rowKey];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const id = String(raw);
    if (this.indexOf(id) >= 0 || this.removed.some((row) => row.id === id)) return undefined;
    const order = Number(record[this.dragSortKey]);
    let at = this.rows.length;
    if (this.dragSort && Number.isFinite(order)) {
      const after = this.rows.findIndex((row) => Number(row.values[this.dragSortKey]) > order);
      if (after >= 0) at = after;
    }
    const row: GridRow = { id, values: { ...createdRowValues(this.columns), ...record } };
    this.rows = [...this.rows.slice(0, at), row, ...this.rows.slice(at)];
    this.changed();
    return id;
  }

  /**
   * Forgets rows another client deleted (a live 'remove'): gone from the rows and from this grid's
   * own removed list too (deleting them again would fail), never into it. No renumbering — the
   * sender's renumbered rows arrive as edits. Returns the ids it forgot.
   */
  dropDeleted(ids: Iterable<string>): string[] {
    const gone = new Set(ids);
    const dropped = [...this.rows, ...this.removed].filter((row) => gone.has(row.id)).map((row) => row.id);
    if (dropped.length === 0) return [];
    this.rows = this.rows.filter((row) => !gone.has(row.id));
    this.removed = this.removed.filter((row) => !gone.has(row.id));
    for (const id of dropped) this.edited.delete(id);
    if (dropped.some((id) => this.selected.has(id))) this.selected = new Set([...this.selected].filter((id) => !gone.has(id)));
    this.changed();
    return dropped;
  }

  removeSelected(): void {
    this.remove([...this.selected]);
  }

  get removedRows(): readonly GridRow[] {
    return this.removed;
  }

  setSelected(ids: Iterable<string>): void {
    const known = new Set(this.rows.map((row) => row.id));
    this.selected = new Set([...ids].filter((id) => known.has(id)));
    this.changed();
  }

  toggleSelected(id: string, on = !this.selected.has(id)): void {
    const next = new Set(this.selected);
    if (on && this.indexOf(id) >= 0) next.add(id);
    else next.delete(id);
    this.selected = next;
    this.changed();
  }

  selectAll(on = true): void {
    this.setSelected(on ? this.rows.map((row) => row.id) : []);
  }

  clearSelection(): void {
    this.setSelected([]);
  }

  /** Moves a row one place up (-1) or down (+1); false at the edge. */
  move(id: string, delta: -1 | 1): boolean {
    const from = this.indexOf(id);
    return from >= 0 && this.reorder(from, from + delta);
  }

  /** A drag: the row at `from` ends at index `to` (0-based). */
  reorder(from: number, to: number): boolean {
    if (from === to || from < 0 || to < 0 || from >= this.rows.length || to >= this.rows.length) return false;
    const rows = this.rows.slice();
    const [row] = rows.splice(from, 1);
    rows.splice(to, 0, row);
    this.rows = rows;
    this.renumber();
    this.changed();
    return true;
  }

  /** Highlights rows for 1400 ms (a live update or a reload showed new values there). */
  highlight(ids: Iterable<string>): void {
    const next = new Set(this.highlighted);
    for (const id of ids) {
      next.add(id);
      this.clock.clearTimeout(this.highlightTimers.get(id));
      this.highlightTimers.set(
        id,
        this.clock.setTimeout(() => {
          this.highlightTimers.delete(id);
          const after = new Set(this.highlighted);
          after.delete(id);
          this.highlighted = after;
          this.changed();
        }, RELOAD_HIGHLIGHT_MS),
      );
    }
    this.highlighted = next;
    this.changed();
  }

  /** Whether a save would send anything: a new, edited or removed row (nothing built to find out). */
  hasChanges(): boolean {
    return this.edited.size > 0 || this.removed.length > 0 || this.rows.some((row) => this.ids.isTemp(row.id));
  }

  output(): GridOutput {
    const rows = this.rows.map((row) => this.outputRecord(row));
    return {
      rows,
      newRows: rows.filter((_, i) => this.ids.isTemp(this.rows[i].id)),
      updatedRows: rows.filter((_, i) => this.edited.has(this.rows[i].id)),
      removedRows: this.removed.map((row) => this.outputRecord(row)),
      removedIds: this.removed.map((row) => this.ids.outputId(row.id)).filter((id): id is string => id !== undefined),
    };
  }

  /** One row as output() gives it (for a live update), or undefined when the row is gone. */
  outputRow(id: string): GridRowValues | undefined {
    const row = this.getRow(id);
    return row && this.outputRecord(row);
  }

  /** Stops the highlight timers (the view unmounts). */
  dispose(): void {
    for (const handle of this.highlightTimers.values()) this.clock.clearTimeout(handle);
    this.highlightTimers.clear();
  }

  private outputRecord(row: GridRow): GridRowValues {
    const record: GridRowValues = { ...row.values };
    const id = this.ids.outputId(row.id);
    if (id === undefined) delete record[this.rowKey];
    else record[this.rowKey] = id;
    return record;
  }

  /** Order numbers from 1 (after the order base) in row order; a loaded row whose number changes is edited. */
  private renumber(): void {
    if (!this.dragSort) return;
    const key = this.dragSortKey;
    this.rows = this.rows.map((row, index) => {
      const order = this.orderBase + index + 1;
      if (row.values[key] === order) return row;
      if (!this.ids.isTemp(row.id)) this.edited.add(row.id);
      return { id: row.id, values: { ...row.values, [key]: order } };
    });
  }

  private buildSnapshot(): RowsSnapshot {
    return { rows: this.rows, selectedIds: this.selected, highlightedIds: this.highlighted, lastAdd: this.lastAdd };
  }

  private changed(): void {
    this.snapshot = this.buildSnapshot();
    this.listeners.emit();
  }
}
