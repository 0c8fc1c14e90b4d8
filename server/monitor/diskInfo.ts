/** 磁盘监控: the file systems holding this node's data and upload folders (fs.statfs). */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface DiskRow {
  id: string;
  name: string;
  path: string;
  total: number | null;
  used: number | null;
  free: number | null;
  usedPercent: number | null;
  /** Empty, or why the figures are missing (the folder does not exist yet). */
  note: string;
}

export interface Folder {
  name: string;
  path: string;
}

/** The nearest existing folder at or above `folder` (a folder made on first use may not exist yet). */
async function existingAncestor(folder: string): Promise<string | undefined> {
  let at = path.resolve(folder);
  for (;;) {
    try {
      await fs.access(at);
      return at;
    } catch {
      const up = path.dirname(at);
      if (up === at) return undefined;
      at = up;
    }
  }
}

export async function diskRows(folders: readonly Folder[]): Promise<DiskRow[]> {
  return Promise.all(
    folders.map(async (folder, index): Promise<DiskRow> => {
      const row = { id: String(index + 1), name: folder.name, path: folder.path };
      const at = await existingAncestor(folder.path);
      if (!at) return { ...row, total: null, used: null, free: null, usedPercent: null, note: '目录不存在' };
      const stats = await fs.statfs(at);
      const total = stats.blocks * stats.bsize;
      // bavail: what an unprivileged process may still write; bfree counts blocks kept for root too.
      const free = stats.bavail * stats.bsize;
      const used = total - stats.bfree * stats.bsize;
      const note = at === path.resolve(folder.path) ? '' : `目录尚未创建，显示其所在的 ${at}`;
      return { ...row, total, used, free, usedPercent: total > 0 ? Math.round((used / (used + free)) * 1000) / 10 : null, note };
    }),
  );
}
