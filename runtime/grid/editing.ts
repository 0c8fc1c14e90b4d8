import { isEditable, type GridColumn } from './columns';
import { Listeners } from './listeners';

export interface CellRef {
  rowId: string;
  columnKey: string;
}

/**
 * Which cells edit (spec §4 "Grid cell"): cells show their value until clicked, unless the grid
 * is always-edit; at most one cell per row edits; a click in another cell of the row, or the view
 * reporting a mouse-up outside the cell and its popups, ends the editing with an 'end' event
 * (blur validation listens to it).
 */
export class EditingState {
  private readonly listeners = new Listeners();
  private readonly ended = new Listeners<[CellRef]>();
  private editing: ReadonlyMap<string, string> = new Map();
  /** Cells whose dialog is open, with how many holds each has. */
  private readonly held = new Map<string, number>();
  private columns: ReadonlyMap<string, GridColumn>;

  constructor(
    columns: readonly GridColumn[],
    readonly alwaysEdit = false,
  ) {
    this.columns = new Map(columns.map((column) => [column.key, column]));
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  /** Row id → the key of its editing cell. */
  getSnapshot = (): ReadonlyMap<string, string> => this.editing;

  /** Listens to 'end editing': the cell's editor closed. */
  onEnd(listener: (cell: CellRef) => void): () => void {
    return this.ended.subscribe(listener);
  }

  setColumns(columns: readonly GridColumn[]): void {
    this.columns = new Map(columns.map((column) => [column.key, column]));
  }

  canEdit(columnKey: string): boolean {
    const column = this.columns.get(columnKey);
    return column !== undefined && isEditable(column);
  }

  /** Whether the cell shows its editor. */
  isEditing(rowId: string, columnKey: string): boolean {
    if (this.alwaysEdit) return this.canEdit(columnKey);
    return this.editing.get(rowId) === columnKey;
  }

  /** The cell the user is in for a row, if any (always-edit grids too). */
  activeCell(rowId: string): string | undefined {
    return this.editing.get(rowId);
  }

  /** A click in a cell: it starts editing and the row's other editing cell ends. */
  start(rowId: string, columnKey: string): boolean {
    if (!this.canEdit(columnKey)) return false;
    const current = this.editing.get(rowId);
    if (current === columnKey) return true;
    const next = new Map(this.editing);
    next.set(rowId, columnKey);
    this.editing = next;
    if (current !== undefined) this.ended.emit({ rowId, columnKey: current });
    this.listeners.emit();
    return true;
  }

  /** Ends the editing cell of one row. */
  end(rowId: string): void {
    const current = this.editing.get(rowId);
    if (current === undefined) return;
    const next = new Map(this.editing);
    next.delete(rowId);
    this.editing = next;
    this.ended.emit({ rowId, columnKey: current });
    this.listeners.emit();
  }

  /**
   * Keeps a cell editing while its editor shows a dialog (a picker, the upload popup): a mouse-up
   * anywhere — the dialog's mask, a dropdown inside it, a drag ending outside it — must not end the
   * editing, which would unmount the editor and its dialog mid-pick. Returns the release; the cell
   * ends like any other afterwards.
   */
  hold(rowId: string, columnKey: string): () => void {
    const k = `${rowId}\u0000${columnKey}`;
    this.held.set(k, (this.held.get(k) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(k) ?? 1) - 1;
      if (left > 0) this.held.set(k, left);
      else this.held.delete(k);
    };
  }

  isHeld(rowId: string, columnKey: string): boolean {
    return this.held.has(`${rowId}\u0000${columnKey}`);
  }

  /** A mouse-up outside every editing cell and its popups (date picker, dropdown, modal); held cells stay. */
  endAll(): void {
    const cells = [...this.editing]
      .filter(([rowId, columnKey]) => !this.isHeld(rowId, columnKey))
      .map(([rowId, columnKey]) => ({ rowId, columnKey }));
    if (cells.length === 0) return;
    const next = new Map(this.editing);
    for (const cell of cells) next.delete(cell.rowId);
    this.editing = next;
    for (const cell of cells) this.ended.emit(cell);
    this.listeners.emit();
  }

  /** Removed rows edit nothing any more; no 'end' event, there is nothing left to validate. */
  forget(rowIds: Iterable<string>): void {
    const next = new Map(this.editing);
    let changed = false;
    for (const id of rowIds) changed = next.delete(id) || changed;
    if (!changed) return;
    this.editing = next;
    this.listeners.emit();
  }
}
