/**
 * Amounts as whole fen (bigint), so sums and comparisons of numeric(16,2) columns are exact; the
 * database answers numerics as text.
 */
export function fen(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const text = String(value).trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const magnitude = BigInt(whole || '0') * 100n + BigInt((fraction + '00').slice(0, 2));
  return sign === '-' ? -magnitude : magnitude;
}

/** '1234.50' (the text a numeric(…,2) column takes and answers). */
export function yuan(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
