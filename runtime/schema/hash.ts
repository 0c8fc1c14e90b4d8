/**
 * A fast, synchronous content fingerprint (two FNV-1a 32-bit passes with different seeds → 16 hex digits).
 * Not cryptographic: it only keys the compile cache, and the cache compares the full text on a hit.
 */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193 + 0x2);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
