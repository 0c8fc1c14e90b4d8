import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds the lock: the pid, and where /proc tells, when that process started and in which boot. */
interface LockOwner {
  pid: number;
  /** Clock ticks since boot at which the process started (/proc/<pid>/stat field 22). */
  startTime?: string;
  /** /proc/sys/kernel/random/boot_id: a pid and start time only name one process within one boot. */
  bootId?: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function startTimeOf(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // The command name (field 2) is in parentheses and may hold spaces; field 22 is the 20th after it.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}

function ownOwner(): LockOwner {
  return { pid: process.pid, startTime: startTimeOf(process.pid), bootId: bootId() };
}

/** The lock file's owner: JSON as written now, or the bare pid older versions wrote. */
function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid ?? 0) <= 0) return undefined;
    return {
      pid: parsed.pid as number,
      startTime: typeof parsed.startTime === 'string' ? parsed.startTime : undefined,
      bootId: typeof parsed.bootId === 'string' ? parsed.bootId : undefined,
    };
  } catch {
    return undefined;
  }
}

/** Node runs every lossdesk server (`tsx server/main.ts` is node with a loader). */
function runsNode(pid: number): boolean {
  const cmdline = readProc(`/proc/${pid}/cmdline`);
  if (cmdline === undefined) return true;
  const program = path.basename(cmdline.split('\0')[0] ?? '');
  return /node|tsx/i.test(program);
}

/**
 * Whether the lock's owner is still the process that took it. A pid alone proves little: after a
 * crash and a restart of the machine or container the pid is often reused by another program, and
 * the folder would stay locked for good. Where /proc is readable the owner must still have the
 * start time and boot it recorded; a lock without them (older versions) counts only while its pid
 * runs Node. Without /proc a live pid keeps the lock.
 */
function ownerHoldsLock(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !processAlive(owner.pid)) return false;
  const startTime = startTimeOf(owner.pid);
  if (startTime === undefined) return true;
  if (owner.startTime !== undefined && owner.bootId !== undefined) {
    return owner.startTime === startTime && owner.bootId === bootId();
  }
  return runsNode(owner.pid);
}

/**
 * Takes an exclusive lock on the embedded database folder: PGlite corrupts its files when two
 * processes open one folder. A lock whose owner is gone — dead, or its pid now another program's —
 * is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'lossdesk.lock');
  const content = JSON.stringify(ownOwner());
  // Written aside and linked into place: the lock file never exists without its owner in it.
  const pending = path.join(dir, `.lossdesk.lock.${process.pid}`);
  fs.writeFileSync(pending, content);
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.linkSync(pending, lockPath);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
          } catch {
            /* already gone */
          }
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const owner = parseOwner(fs.readFileSync(lockPath, 'utf8'));
        if (owner && ownerHoldsLock(owner)) {
          throw new DataDirLockedError(
            `数据目录 ${dir} 已被另一个 lossdesk 进程 (pid ${owner.pid}) 使用；同一数据目录只能由一个进程打开。` +
              `请先停止该进程，或用 DATA_DIR 指定另一个目录。`,
          );
        }
        fs.unlinkSync(lockPath);
      }
    }
  } finally {
    fs.rmSync(pending, { force: true });
  }
  throw new DataDirLockedError(`无法锁定数据目录 ${dir}`);
}
