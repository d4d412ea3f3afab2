import { createRequire } from 'node:module';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';

type SharpModule = typeof import('sharp');
let loaded: SharpModule | undefined;

/**
 * sharp, loaded on the first image instead of at start-up (its native library took about 0.1 s of every start), with
 * the process-wide settings applied once. No operation cache: every upload is read once, and the cache would keep up
 * to 20 input files open (an assembled chunked upload stays on disk, and mapped into memory, after it was removed)
 * and up to 50 MB of decoded pixels. One libvips thread per image: JPEG decoding and encoding run on one thread
 * anyway, and two uploads at a time already fill two cores (sharp chooses 1 itself on glibc, but not once
 * MALLOC_ARENA_MAX is set, as scripts/start.mjs does).
 */
function load(): SharpModule {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('sharp') as SharpModule;
    loaded.cache(false);
    loaded.concurrency(1);
  }
  return loaded;
}

/** `sharp(…)` as the package exports it, the package loaded on the first call. */
export function sharp(options?: SharpOptions): Sharp;
export function sharp(input?: SharpInput | SharpInput[], options?: SharpOptions): Sharp;
export function sharp(...args: unknown[]): Sharp {
  return (load() as unknown as (...a: unknown[]) => Sharp)(...args);
}
