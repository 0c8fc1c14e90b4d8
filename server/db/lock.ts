import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on the embedded database folder: PGlite corrupts its files when two
 * processes open one folder. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'lossdesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
        throw new DataDirLockedError(
          `数据目录 ${dir} 已被另一个 lossdesk 进程 (pid ${owner}) 使用；同一数据目录只能由一个进程打开。` +
            `请先停止该进程，或用 DATA_DIR 指定另一个目录。`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`无法锁定数据目录 ${dir}`);
}
