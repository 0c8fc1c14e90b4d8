/**
 * Row ids of one grid instance (spec §3 "Grid row"). New rows get a temporary id
 * `<caseId><n><tempSuffix>`: the case prefix names this grid instance (it is also the sender id of
 * its live updates, so a grid recognises its own echo), the temp suffix marks the id as not yet
 * stored. On output a temporary id is dropped (the server assigns one) and a case prefix is cut off.
 */
export interface RowIds {
  readonly caseId: string;
  readonly tempSuffix: string;
  newTempId(): string;
  isTemp(id: string): boolean;
  /** The id a saved row carries, or undefined for a new row. */
  outputId(id: string): string | undefined;
}

function randomTag(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function createRowIds(tag: string = randomTag(6)): RowIds {
  const caseId = `_jet-${tag}-`;
  const tempSuffix = `_tid-${tag}`;
  let next = 0;
  return {
    caseId,
    tempSuffix,
    newTempId: () => `${caseId}${++next}${tempSuffix}`,
    isTemp: (id) => id.endsWith(tempSuffix),
    outputId(id) {
      if (id.endsWith(tempSuffix)) return undefined;
      return id.startsWith(caseId) ? id.slice(caseId.length) : id;
    },
  };
}
