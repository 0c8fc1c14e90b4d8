/**
 * A schema the DDL layer refuses to apply: a bad identifier, a malformed field, or a change that
 * would lose data. The message names the table and column; `from`/`to` are set for type changes.
 */
export class EntityDdlError extends Error {
  readonly table: string;
  readonly column?: string;
  readonly from?: string;
  readonly to?: string;

  constructor(message: string, where: { table: string; column?: string; from?: string; to?: string }, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EntityDdlError';
    this.table = where.table;
    this.column = where.column;
    this.from = where.from;
    this.to = where.to;
  }
}
