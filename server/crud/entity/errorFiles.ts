import crypto from 'node:crypto';

interface StoredFile {
  userId: string;
  fileName: string;
  content: Buffer;
  expiresAt: number;
}

/** How long a failed import's error workbook stays downloadable. */
export const ERROR_FILE_TTL_MS = 60 * 60 * 1000;
/** Beyond this many kept files the oldest go first, so a burst of failed imports cannot fill memory. */
const MAX_FILES = 200;

/**
 * Error workbooks of failed imports, kept in memory for an hour under an unguessable key and handed
 * only to the user whose import produced them.
 */
export class ImportErrorFiles {
  private readonly files = new Map<string, StoredFile>();

  constructor(private readonly now: () => number = Date.now) {}

  put(userId: string, fileName: string, content: Buffer): string {
    this.sweep();
    while (this.files.size >= MAX_FILES) {
      const oldest = this.files.keys().next().value;
      if (oldest === undefined) break;
      this.files.delete(oldest);
    }
    const key = crypto.randomBytes(24).toString('hex');
    this.files.set(key, { userId, fileName, content, expiresAt: this.now() + ERROR_FILE_TTL_MS });
    return key;
  }

  /** The file for its owner while it is fresh; undefined for anyone else, an unknown key or an expired file. */
  get(key: string, userId: string): { fileName: string; content: Buffer } | undefined {
    this.sweep();
    const file = this.files.get(key);
    if (!file || file.userId !== userId) return undefined;
    return { fileName: file.fileName, content: file.content };
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, file] of this.files) if (file.expiresAt <= now) this.files.delete(key);
  }
}
