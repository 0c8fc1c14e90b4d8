/**
 * What the grid bench page (bench/grid/main.tsx) offers the runner (bench/gridView.bench.ts) on
 * `window.gridBench`. Both sides import this, so the runner's calls are type-checked.
 */

/** The editable grid (runtime GridView over the grid core), or the baseline: a plain antd Table. */
export type BenchSubject = 'grid' | 'table';

export interface BenchSize {
  rows: number;
  columns: number;
}

export interface MountOptions {
  /** Footer sums on every third column (the screenshot's grid; the timed runs have no footer). */
  sums?: boolean;
  /** The first column is fixed:'left' (the screenshot's grid). */
  fixedFirst?: boolean;
}

export interface GridBenchApi {
  /**
   * Mounts `subject` with `size` generated rows and answers the ms from before the grid controller
   * (or the table's data) is created to after the first paint that shows the rows.
   */
  mount(subject: BenchSubject, size: BenchSize, options?: MountOptions): Promise<number>;
  /** CSS selector of a cell to click to start editing it (row 0, column c1), for the mounted subject. */
  editableCell(): string;
  /** Listens for the next keydown; `keystroke()` then answers its latency. */
  arm(): void;
  /** ms from the armed keydown's event time to after the next paint (the typed character is on screen). */
  keystroke(): Promise<number>;
  /** The focused element's value (to check that the keystrokes reached an editor). */
  focusedValue(): string | null;
  unmount(): Promise<void>;
}

declare global {
  interface Window {
    gridBench?: GridBenchApi;
    /** Chromium's, with --js-flags=--expose-gc: the runner collects between runs. */
    gc?: () => void;
  }
}
