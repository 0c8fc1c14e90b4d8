/** Server answers → the cache's `{value, text}` items; anything unusable is left out. */
import type { DictItem, DictMap } from './types';

function asText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  return undefined;
}

/** One item: `value` must be present; the text is `text`, else `label`, else `title`, else the value. */
export function normalizeItem(raw: unknown): DictItem | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  const value = asText(record.value);
  if (value === undefined) return undefined;
  const text = asText(record.text) ?? asText(record.label) ?? asText(record.title) ?? value;
  return record.isDefault === 'Y' ? { value, text, isDefault: true } : { value, text };
}

export function normalizeItems(raw: unknown): DictItem[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map(normalizeItem).filter((item): item is DictItem => item !== undefined);
}

export function normalizeMap(raw: unknown): DictMap {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  // fromEntries defines own properties, so a code such as '__proto__' stays a plain entry.
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>)
      .map(([code, items]) => [code, normalizeItems(items)] as const)
      .filter((entry): entry is readonly [string, DictItem[]] => entry[1] !== undefined),
  );
}

/** `code` in the URL path: encoded, but the commas of 'table,text,code' stay literal (the signature reads them). */
export function dictPathSegment(code: string): string {
  return encodeURIComponent(code).replace(/%2C/gi, ',');
}
