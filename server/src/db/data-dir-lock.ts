import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite is single-process: a second server or CLI opening the same files would corrupt them. */
export function lockDataDir(dir: string): () => void {
  const lockPath = path.join(dir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.resolve(dir)} is in use by process ${pid}. ` +
            'Stop that process first (or point DATA_DIR elsewhere, or use DATABASE_URL).',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}
