/** `org_code` → `orgCode`, as JeecgBoot's Jackson output names entity fields. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

export type CamelKeys<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

export function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelRow<T extends object>(row: T): CamelKeys<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camelCase(key)] = value;
  return out as CamelKeys<T>;
}

/** `workNo` → `work_no`: clients may name columns either way. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
