import type { GridColumn, ValidationTrigger } from './columns';
import { systemClock, type Clock } from './clock';
import { BLUR_VALIDATE_MS } from './constants';
import { Listeners } from './listeners';
import type { RowStore } from './rowStore';
import type { GridRowValues } from './rowTypes';
import { checkCell, hasUniqueRule } from './rules';

/** A cell that failed validation: where (row and column) and why. */
export interface CellFailure {
  rowId: string;
  /** 0-based position of the row in the grid. */
  rowIndex: number;
  row: Readonly<GridRowValues>;
  columnKey: string;
  column: GridColumn;
  message: string;
}

/** Failures by column key, each list in row order (the shape of vxe-table's error map). */
export type ErrorMap = Record<string, CellFailure[]>;

/** Row id → column key → message: what the cells show as failed (tooltip, red border). */
export type CellErrors = Readonly<Record<string, Readonly<Record<string, string>>>>;

const key = (rowId: string, columnKey: string) => `${rowId}\u0000${columnKey}`;

/**
 * Validation of a grid's cells (spec §5): on input and change at once, on blur after 100 ms (so a
 * click into the cell's own popup does not validate a half-chosen value); the whole grid on save.
 * Only the latest check of a cell counts when an async handler answers late.
 */
export class GridValidator {
  private readonly listeners = new Listeners();
  private errors: CellErrors = {};
  private readonly seq = new Map<string, number>();
  private readonly blurTimers = new Map<string, unknown>();
  private columns: ReadonlyMap<string, GridColumn>;

  constructor(
    private readonly store: RowStore,
    columns: readonly GridColumn[],
    private readonly clock: Clock = systemClock,
  ) {
    this.columns = new Map(columns.map((column) => [column.key, column]));
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.subscribe(listener);

  getSnapshot = (): CellErrors => this.errors;

  setColumns(columns: readonly GridColumn[]): void {
    this.columns = new Map(columns.map((column) => [column.key, column]));
  }

  errorOf(rowId: string, columnKey: string): string | undefined {
    return this.errors[rowId]?.[columnKey];
  }

  onInput(rowId: string, columnKey: string): Promise<CellFailure | undefined> {
    return this.validateCell(rowId, columnKey, 'input');
  }

  onChange(rowId: string, columnKey: string): Promise<CellFailure | undefined> {
    return this.validateCell(rowId, columnKey, 'change');
  }

  /** Schedules the blur check 100 ms on; a later blur of the same cell replaces it. */
  onBlur(rowId: string, columnKey: string): void {
    const k = key(rowId, columnKey);
    this.clock.clearTimeout(this.blurTimers.get(k));
    this.blurTimers.set(
      k,
      this.clock.setTimeout(() => {
        this.blurTimers.delete(k);
        void this.validateCell(rowId, columnKey, 'blur');
      }, BLUR_VALIDATE_MS),
    );
  }

  /** Checks one cell now and shows the outcome. */
  async validateCell(rowId: string, columnKey: string, trigger: ValidationTrigger): Promise<CellFailure | undefined> {
    const column = this.columns.get(columnKey);
    if (!column) return undefined;
    const failure = await this.check(rowId, column, trigger);
    if (failure === 'stale') return undefined;
    // Another row's unique clash may have ended (or begun) with this value: recheck the failed ones.
    if (hasUniqueRule(column)) {
      for (const [otherId, cells] of Object.entries(this.errors)) {
        if (otherId !== rowId && cells[columnKey] !== undefined) void this.check(otherId, column, trigger);
      }
    }
    return failure;
  }

  /**
   * Checks every cell with rules; resolves with the failures by column, or null when all pass.
   * Never rejects: a throwing handler is a failed cell.
   */
  async validateAll(): Promise<ErrorMap | null> {
    const { rows } = this.store.getSnapshot();
    const checks: Array<Promise<CellFailure | undefined | 'stale'>> = [];
    for (const row of rows) {
      for (const column of this.columns.values()) {
        if (column.validateRules.length > 0) checks.push(this.check(row.id, column, 'submit'));
      }
    }
    const failures = (await Promise.all(checks)).filter((f): f is CellFailure => f !== undefined && f !== 'stale');
    if (failures.length === 0) return null;
    const map: ErrorMap = {};
    for (const failure of failures.sort((a, b) => a.rowIndex - b.rowIndex)) {
      (map[failure.columnKey] ??= []).push(failure);
    }
    return map;
  }

  /**
   * Shows failures found elsewhere — the server refusing a save for a reason the grid cannot check
   * (another user's value, a record gone meanwhile). A pending or running check of such a cell is
   * dropped so it cannot wipe the mark at once; the cell's next own check (the user edits it, or
   * the next save) replaces it.
   */
  markFailed(failures: ReadonlyArray<{ rowId: string; columnKey: string; message: string }>): void {
    for (const { rowId, columnKey, message } of failures) {
      if (!this.columns.has(columnKey) || this.store.indexOf(rowId) < 0) continue;
      const k = key(rowId, columnKey);
      this.clock.clearTimeout(this.blurTimers.get(k));
      this.blurTimers.delete(k);
      this.seq.set(k, (this.seq.get(k) ?? 0) + 1);
      this.show(rowId, columnKey, message);
    }
  }

  /** Forgets removed rows: their errors and pending blur checks. */
  forget(rowIds: Iterable<string>): void {
    const gone = new Set(rowIds);
    for (const [k, handle] of this.blurTimers) {
      if (gone.has(k.slice(0, k.indexOf('\u0000')))) {
        this.clock.clearTimeout(handle);
        this.blurTimers.delete(k);
      }
    }
    if (![...gone].some((id) => id in this.errors)) return;
    const next = { ...this.errors };
    for (const id of gone) delete next[id];
    this.errors = next;
    this.listeners.emit();
  }

  clear(): void {
    this.errors = {};
    this.listeners.emit();
  }

  dispose(): void {
    for (const handle of this.blurTimers.values()) this.clock.clearTimeout(handle);
    this.blurTimers.clear();
  }

  private async check(rowId: string, column: GridColumn, trigger: ValidationTrigger): Promise<CellFailure | undefined | 'stale'> {
    const k = key(rowId, column.key);
    const mine = (this.seq.get(k) ?? 0) + 1;
    this.seq.set(k, mine);
    const { rows } = this.store.getSnapshot();
    const message = await checkCell({ column, rowId, rows, trigger });
    if (this.seq.get(k) !== mine) return 'stale';
    const rowIndex = this.store.indexOf(rowId);
    if (rowIndex < 0) return undefined;
    this.show(rowId, column.key, message);
    if (message === undefined) return undefined;
    return { rowId, rowIndex, row: this.store.getSnapshot().rows[rowIndex].values, columnKey: column.key, column, message };
  }

  private show(rowId: string, columnKey: string, message: string | undefined): void {
    const current = this.errors[rowId]?.[columnKey];
    if (current === message) return;
    const cells = { ...this.errors[rowId] };
    if (message === undefined) delete cells[columnKey];
    else cells[columnKey] = message;
    const next = { ...this.errors };
    if (Object.keys(cells).length === 0) delete next[rowId];
    else next[rowId] = cells;
    this.errors = next;
    this.listeners.emit();
  }
}
