/** A row's cells by column key. */
export type GridRowValues = Record<string, unknown>;

/** A row of the store: its id (a temporary one for new rows) and its cells. */
export interface GridRow {
  readonly id: string;
  readonly values: Readonly<GridRowValues>;
}
