/** Command-line options shared by the benchmarks: `--rows N` and `--db pglite|postgres|both`. */
export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchArgs {
  rows: number;
  kinds: DatabaseKind[];
}

function valueOf(argv: readonly string[], name: string): string | undefined {
  const inline = argv.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** The value of `--name v` or `--name=v` on the command line, or `fallback`. */
export function option(name: string): string | undefined;
export function option(name: string, fallback: string): string;
export function option(name: string, fallback?: string): string | undefined {
  return valueOf(process.argv.slice(2), name) ?? fallback;
}

export function readArgs(argv: readonly string[] = process.argv.slice(2), defaults: { rows: number } = { rows: 100_000 }): BenchArgs {
  const rowsText = valueOf(argv, 'rows');
  const rows = rowsText === undefined ? defaults.rows : Number(rowsText.replaceAll('_', ''));
  if (!Number.isInteger(rows) || rows < 1000) throw new Error(`--rows must be an integer ≥ 1000, got "${rowsText}"`);
  const db = valueOf(argv, 'db') ?? 'both';
  if (db !== 'pglite' && db !== 'postgres' && db !== 'both') throw new Error(`--db must be pglite, postgres or both, got "${db}"`);
  return { rows, kinds: db === 'both' ? ['pglite', 'postgres'] : [db] };
}
