/**
 * Our own table of file types: the Content-Type we serve, whether a browser may show it inline,
 * and the leading bytes a real file of that type starts with. We never trust the client's MIME type
 * nor guess from the content when serving (nosniff): the extension picks the row, and an upload
 * whose extension is sniffable must start with the right bytes.
 */

interface FileType {
  contentType: string;
  /** Shown in the browser (pictures, PDF); everything else downloads as an attachment. */
  inline: boolean;
  /** Alternatives of leading bytes; `null` in a signature matches any byte. */
  magic?: readonly (readonly (number | null)[])[];
}

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const TYPES: Readonly<Record<string, FileType>> = {
  jpg: { contentType: 'image/jpeg', inline: true, magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { contentType: 'image/jpeg', inline: true, magic: [[0xff, 0xd8, 0xff]] },
  png: { contentType: 'image/png', inline: true, magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  gif: { contentType: 'image/gif', inline: true, magic: [ascii('GIF87a'), ascii('GIF89a')] },
  bmp: { contentType: 'image/bmp', inline: true, magic: [ascii('BM')] },
  webp: { contentType: 'image/webp', inline: true, magic: [[...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')]] },
  pdf: { contentType: 'application/pdf', inline: true, magic: [ascii('%PDF-')] },
  // An operator may allow svg; it can carry script, so it is only ever downloaded.
  svg: { contentType: 'image/svg+xml', inline: false },
  txt: { contentType: 'text/plain; charset=utf-8', inline: false },
  csv: { contentType: 'text/csv; charset=utf-8', inline: false },
  doc: { contentType: 'application/msword', inline: false },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false },
  xls: { contentType: 'application/vnd.ms-excel', inline: false },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
  ppt: { contentType: 'application/vnd.ms-powerpoint', inline: false },
  pptx: { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', inline: false },
  zip: { contentType: 'application/zip', inline: false },
  rar: { contentType: 'application/vnd.rar', inline: false },
  '7z': { contentType: 'application/x-7z-compressed', inline: false },
  mp3: { contentType: 'audio/mpeg', inline: false },
  mp4: { contentType: 'video/mp4', inline: false },
  wav: { contentType: 'audio/wav', inline: false },
};

export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** Bytes to read from the start of a file to check any signature above. */
export const MAGIC_BYTES_NEEDED = 12;

/** Lower-case extension of a file name without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

function typeOf(ext: string): FileType | undefined {
  return Object.hasOwn(TYPES, ext) ? TYPES[ext] : undefined;
}

export function contentTypeOf(ext: string): string {
  return typeOf(ext)?.contentType ?? UNKNOWN_CONTENT_TYPE;
}

export function servedInline(ext: string): boolean {
  return typeOf(ext)?.inline ?? false;
}

/** False when the extension has a known signature and `head` does not start with it. */
export function contentMatchesExtension(ext: string, head: Uint8Array): boolean {
  const magic = typeOf(ext)?.magic;
  if (!magic) return true;
  return magic.some((signature) => signature.length <= head.length && signature.every((byte, i) => byte === null || head[i] === byte));
}
