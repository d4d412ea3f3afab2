import { type Dirent, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { vi } from 'vitest';
import { mediaDisk } from '../media/storage.js';

/** A system error as node:fs raises it: `ENOSPC` is a full disk, `EACCES` a folder the server may not write. */
export function systemError(code: 'ENOSPC' | 'EACCES' | 'EDQUOT') {
  return Object.assign(new Error(`${code}: simulated, write`), { code, errno: -1, syscall: 'write' });
}

/**
 * Makes media writes fail from the `at`-th on (1 = the first), the way a disk that fills up does: that write
 * leaves half of its bytes on disk before it throws `code`. The tests may run as root, where a read-only folder
 * does not stop a write, so the fault goes through the storage's writer. Answers the restore function.
 */
export function failMediaWrites(options: { at?: number; code?: 'ENOSPC' | 'EACCES' | 'EDQUOT' } = {}) {
  const { at = 1, code = 'ENOSPC' } = options;
  const write = mediaDisk.writeFile;
  let calls = 0;
  const spy = vi.spyOn(mediaDisk, 'writeFile').mockImplementation(async (path, data, flags) => {
    calls += 1;
    if (calls < at) return write(path, data, flags);
    await write(path, data.subarray(0, Math.floor(data.length / 2)), flags);
    throw systemError(code);
  });
  return () => spy.mockRestore();
}

/** Every file under `dir` (relative paths, sorted); folders alone are not listed. */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else out.push(relative(dir, child));
    }
  };
  walk(dir);
  return out.sort();
}
