// Gallery upload: 50 photos of about 3 MB through the chunked endpoint, two at a time, beside the image pipeline
// alone on the same files, with the server's peak memory; then the serving of a stored original and its thumbnail
// from /gallery/. On PGlite, PostgreSQL (both with the local media directory) and PostgreSQL with S3 (s3rver).
// Run alone: `npx tsx bench/upload.bench.ts`.
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GALLERY_UPLOAD, type GalleryImage, THUMBNAIL } from '@backoffice/shared';
import sharp from 'sharp';
import { openDatabase } from '../apps/server/src/db/client.js';
import { galleries } from '../apps/server/src/db/schema.js';
import { processImage } from '../apps/server/src/media/images.js';
import {
  BENCH_ADMIN,
  childEnv,
  fmt,
  freePort,
  type Group,
  serverCommand,
  spawnGroup,
  stats,
  stopGroup,
  table,
  waitForHealth,
  writeResult,
} from './lib/common.mjs';
import { bucketKeys, startBucket } from './lib/s3.js';
import { cleanUpOnExit, targetStorage } from './lib/scratch.js';

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 50);
const WIDTH = 3000;
const HEIGHT = 2000;
const PARALLEL = GALLERY_UPLOAD.parallel;
const CHUNK = GALLERY_UPLOAD.chunkSize;
const RATIO_TARGET = 0.7;
const RSS_TARGET_MB = 300;
const LIMIT_MS = 600_000; // the whole upload phase of one target
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SERVE_REQUESTS = Number(process.env.BENCH_SERVE_REQUESTS ?? 300); // of each kind: original, thumbnail
const SERVE_WARMUP = 10;
const SERVE_LIMIT_MS = 120_000;
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgresql,postgresql-s3')
  .toLowerCase()
  .split(',')
  .map((s) => s.trim());

const { cleanups, cleanUp } = cleanUpOnExit();

// ── photos ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Photo-like JPEGs: soft gradients and rings (what a camera sees) under sensor-like noise, which JPEG cannot
 * squeeze, so a 3000×2000 frame at quality 92 weighs about 3 MB. Every photo has its own noise.
 */
async function generatePhotos(dir: string): Promise<string[]> {
  const pixels = WIDTH * HEIGHT * 3;
  const base = Buffer.allocUnsafe(pixels);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const ring = 90 * Math.sin(Math.hypot(x - 1100, y - 700) / 108);
      const i = (y * WIDTH + x) * 3;
      base[i] = 40 + (x * 150) / WIDTH + ring * 0.4;
      base[i + 1] = 60 + (y * 120) / HEIGHT + ring * 0.3;
      base[i + 2] = 128 - ring * 0.8;
    }
  }
  const raw = Buffer.allocUnsafe(pixels);
  const paths: string[] = [];
  for (let n = 0; n < PHOTOS; n++) {
    let s = ((n + 1) * 2654435761) >>> 0;
    for (let i = 0; i < pixels; i++) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const v = (base[i] ?? 0) + ((((s >>> 0) & 0xff) - 128) * 60) / 256;
      raw[i] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    const path = join(dir, `photo-${String(n + 1).padStart(2, '0')}.jpg`);
    writeFileSync(
      path,
      await sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
    paths.push(path);
  }
  return paths;
}

/** Runs `work` over `items`, `parallel` at a time; answers the wall time in ms. */
async function pool<T>(items: T[], parallel: number, work: (item: T) => Promise<void>): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
  return performance.now() - start;
}

/** The server's image work alone, in this process: `processImage` (check, original, thumbnail) per photo. */
async function pipelineAlone(paths: string[]) {
  const ms = await pool(paths, PARALLEL, async (path) => {
    await processImage(readFileSync(path));
  });
  return { ms, perSecond: (paths.length * 1000) / ms };
}

/** Only the thumbnail (for context: the original's re-encoding is most of the work). */
async function thumbnailsAlone(paths: string[]) {
  const ms = await pool(paths, PARALLEL, async (path) => {
    await sharp(readFileSync(path))
      .rotate()
      .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  });
  return { ms, perSecond: (paths.length * 1000) / ms };
}

// ── the server ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A cookie-keeping client that echoes the CSRF cookie, like the admin. */
class Client {
  private cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  headers(): Record<string, string> {
    const headers: Record<string, string> = { 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    return headers;
  }

  async send(path: string, init: RequestInit = {}) {
    const res = await fetch(this.base + path, {
      ...init,
      headers: { ...this.headers(), ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(60_000), // docs/spec-index.md S1.9: upload time-out 60000 ms
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async login() {
    await (await this.send('/sanctum/csrf-cookie')).arrayBuffer();
    const res = await this.send('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
}

/** One photo through the chunked endpoint the way Dropzone sends it: chunks in order, one at a time. */
async function uploadPhoto(client: Client, galleryId: number, path: string): Promise<number> {
  const start = performance.now();
  const file = readFileSync(path);
  const count = Math.ceil(file.length / CHUNK);
  const uuid = randomUUID();
  for (let index = 0; index < count; index++) {
    const form = new FormData();
    form.append('dzuuid', uuid);
    form.append('dzchunkindex', String(index));
    form.append('dztotalfilesize', String(file.length));
    form.append('dzchunksize', String(CHUNK));
    form.append('dztotalchunkcount', String(count));
    form.append('dzchunkbyteoffset', String(index * CHUNK));
    form.append('file', new Blob([file.subarray(index * CHUNK, (index + 1) * CHUNK)]), 'photo.jpg');
    const res = await client.send(`/api/gallery/image/${galleryId}/upload`, { method: 'POST', body: form });
    const body = await res.text();
    const expected = index === count - 1 ? 201 : 200;
    if (res.status !== expected) throw new Error(`chunk ${index + 1}/${count} answered ${res.status}: ${body}`);
  }
  return performance.now() - start;
}

/** p50/p95 of one kind of stored file fetched from /gallery/, with its mean size. */
interface Served extends ReturnType<typeof stats> {
  kb: number;
}

/**
 * Serving: GET of an original and of its thumbnail from /gallery/ (public, no session), alternating and cycling over
 * the stored images, one request at a time over a kept-alive connection (fetch's pool), each timed to the last byte
 * of the body. Every process streams these from the store, so this is where the drivers differ for visitors.
 */
async function measureServing(base: string, images: GalleryImage[]) {
  const get = async (path: string) => {
    const start = performance.now();
    const res = await fetch(base + path, { signal: AbortSignal.timeout(30_000) });
    const bytes = (await res.arrayBuffer()).byteLength;
    const elapsed = performance.now() - start;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return { elapsed, bytes };
  };
  for (let i = 0; i < SERVE_WARMUP; i++) {
    const image = images[i % images.length] as GalleryImage;
    await get(image.path);
    await get(image.thumbnail);
  }
  const samples = { original: [] as number[], thumbnail: [] as number[] };
  const bytes = { original: 0, thumbnail: 0 };
  const start = performance.now();
  for (let i = 0; i < SERVE_REQUESTS && performance.now() - start < SERVE_LIMIT_MS; i++) {
    const image = images[i % images.length] as GalleryImage;
    const original = await get(image.path);
    samples.original.push(original.elapsed);
    bytes.original += original.bytes;
    const thumbnail = await get(image.thumbnail);
    samples.thumbnail.push(thumbnail.elapsed);
    bytes.thumbnail += thumbnail.bytes;
  }
  const served = (kind: 'original' | 'thumbnail'): Served => ({
    ...stats(samples[kind]),
    kb: bytes[kind] / samples[kind].length / 1024,
  });
  return { original: served('original'), thumbnail: served('thumbnail') };
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Migrates the database and adds the gallery the photos go into, before the server owns it. */
async function prepareDatabase(dataDir: string, url: string | undefined): Promise<number> {
  const database = await openDatabase({ url, dataDir });
  try {
    await database.migrate();
    const [row] = await database.db.insert(galleries).values({}).returning({ id: galleries.id });
    if (!row) throw new Error('no gallery was created');
    return row.id;
  } finally {
    await database.close();
  }
}

interface TargetResult {
  target: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  photos?: number;
  seconds?: number;
  mbPerSecond?: number;
  thumbsPerSecond?: number;
  pipelinePerSecond?: number;
  ratio?: number;
  peakRssMb?: number;
  idleRssMb?: number;
  perPhoto?: ReturnType<typeof stats>;
  load?: number[];
  /** GET of a stored original and of its thumbnail from /gallery/, after the upload. */
  serving?: { original: Served; thumbnail: Served; load: number[] };
}

type Target = 'PGlite' | 'PostgreSQL' | 'PostgreSQL-S3';

async function runTarget(target: Target, photos: string[], baseline: () => Promise<number>): Promise<TargetResult> {
  console.log(`\n▶ ${target}`);
  const storage = await targetStorage(target === 'PGlite' ? 'PGlite' : 'PostgreSQL', 'upload', PG_BASE, cleanups);
  if ('skip' in storage) return { target, status: 'skipped', reason: storage.skip };
  const { dataDir, url } = storage;
  // The S3 driver: the tests' S3-protocol server on loopback (in this process), the server started with its variables.
  const s3Env = target === 'PostgreSQL-S3' ? await startBucket(cleanups) : {};
  const galleryId = await prepareDatabase(dataDir, url);
  const port = await freePort();
  // The server exactly as `npm start` runs it: the bundle, node's flags and the allocator's settings.
  const { command, args, env } = await serverCommand(
    childEnv({ DATA_DIR: dataDir, PORT: String(port), ...(url ? { DATABASE_URL: url } : {}), ...s3Env }),
  );
  const since = performance.now();
  const server: Group = spawnGroup(command, args, env);
  cleanups.push(() => void stopGroup(server));
  try {
    await waitForHealth(port, { since, exited: server.exited });
    const pid = server.child.pid as number;
    const client = new Client(`http://127.0.0.1:${port}`);
    await client.login();
    const idle = memoryOf(pid);
    console.log(`  server pid ${pid} on port ${port}, ${fmt(idle.rss)} MB resident before the upload`);

    let peakRss = idle.rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
    }, 50);
    const load = [loadavg()[0] ?? Number.NaN];
    const perPhoto: number[] = [];
    const deadline = performance.now() + LIMIT_MS;
    let ms: number;
    try {
      ms = await pool(photos, PARALLEL, async (path) => {
        if (performance.now() > deadline) throw new Error(`the upload took over ${LIMIT_MS / 1000} s`);
        perPhoto.push(await uploadPhoto(client, galleryId, path));
      });
    } finally {
      clearInterval(sampler);
    }
    load.push(loadavg()[0] ?? Number.NaN);
    const { hwm } = memoryOf(pid);

    // What was stored: every photo once, full size, with a 150×120 thumbnail; no upload left half-way.
    const list = await client.send(`/api/gallery/image/${galleryId}`);
    const images = ((await list.json()) as { data: GalleryImage[] }).data;
    if (images.length !== photos.length) throw new Error(`${images.length} images listed, ${photos.length} sent`);
    if (images.some((i) => i.width !== WIDTH || i.height !== HEIGHT)) throw new Error('an image has a wrong size');
    const sample = images[Math.floor(images.length / 2)] as GalleryImage;
    const thumb = await sharp(Buffer.from(await (await client.send(sample.thumbnail)).arrayBuffer())).metadata();
    if (thumb.width !== THUMBNAIL.width || thumb.height !== THUMBNAIL.height)
      throw new Error('a thumbnail is not 150×120');
    const assembling = join(dataDir, 'tmp', 'gallery-uploads');
    const leftovers = existsSync(assembling) ? readdirSync(assembling).length : 0;
    if (leftovers) throw new Error(`${leftovers} assembly files left in ${assembling}`);
    if ('S3_BUCKET' in s3Env) {
      // Every original and thumbnail went to the bucket, and nothing to the local media directory.
      const keys = await bucketKeys(s3Env);
      if (keys.length < 2 * photos.length)
        throw new Error(`${keys.length} objects in the bucket for ${photos.length} photos`);
      const media = join(dataDir, 'media');
      const files = existsSync(media) ? readdirSync(media, { recursive: true, withFileTypes: true }) : [];
      if (files.some((f) => f.isFile())) throw new Error(`files were stored in ${media} with S3_BUCKET set`);
      console.log(`  ${keys.length} objects in the bucket, none in the local media directory`);
    }

    const pipelinePerSecond = await baseline();
    const serveLoad = [loadavg()[0] ?? Number.NaN];
    const served = await measureServing(client.base, images);
    serveLoad.push(loadavg()[0] ?? Number.NaN);
    const bytes = photos.reduce((sum, p) => sum + statSync(p).size, 0);
    const seconds = ms / 1000;
    const thumbsPerSecond = photos.length / seconds;
    const result: TargetResult = {
      target,
      status: 'ok',
      photos: photos.length,
      seconds,
      mbPerSecond: bytes / 1e6 / seconds,
      thumbsPerSecond,
      pipelinePerSecond,
      ratio: thumbsPerSecond / pipelinePerSecond,
      peakRssMb: Math.max(hwm, peakRss),
      idleRssMb: idle.rss,
      perPhoto: stats(perPhoto),
      load,
      serving: { ...served, load: serveLoad },
    };
    console.log(
      `  ${photos.length} photos, ${fmt(bytes / 1e6, 1)} MB in ${fmt(seconds, 1)} s; 1-minute load ${load.map((l) => fmt(l, 1)).join(' → ')}`,
    );
    console.log(
      `  serving from /gallery/ (${served.original.n} × original of ${fmt(served.original.kb)} KB, ` +
        `${served.thumbnail.n} × thumbnail of ${fmt(served.thumbnail.kb, 1)} KB, alternating, keep-alive): ` +
        `p50/p95 ${fmt(served.original.p50, 1)} / ${fmt(served.original.p95, 1)} ms and ` +
        `${fmt(served.thumbnail.p50, 1)} / ${fmt(served.thumbnail.p95, 1)} ms; load ${serveLoad.map((l) => fmt(l, 1)).join(' → ')}`,
    );
    return result;
  } catch (err) {
    const out = server.output().trim().split('\n').slice(-15).join('\n');
    console.error(`  FAILED: ${(err as Error).message}\n--- server output ---\n${out}`);
    return { target, status: 'failed', reason: (err as Error).message };
  } finally {
    await stopGroup(server);
  }
}

// ── main ─────────────────────────────────────────────────────────────────────────────────────────────────────────

console.log(
  `Gallery upload: ${PHOTOS} photos of ${WIDTH}×${HEIGHT} through POST /api/gallery/image/{id}/upload in ` +
    `${CHUNK.toLocaleString('en')}-byte chunks, ${PARALLEL} photos at a time (docs/spec-index.md S1.9), on ${availableParallelism()} cores`,
);
const photoDir = mkdtempSync(join(tmpdir(), 'backoffice-bench-photos-'));
cleanups.push(() => rmSync(photoDir, { recursive: true, force: true }));
mkdirSync(photoDir, { recursive: true });
const generated = performance.now();
const photos = await generatePhotos(photoDir);
const sizes = photos.map((p) => statSync(p).size / 1e6);
console.log(
  `Generated in ${fmt((performance.now() - generated) / 1000, 1)} s (not measured): ${fmt(Math.min(...sizes), 2)}–${fmt(Math.max(...sizes), 2)} MB, ` +
    `${fmt(
      sizes.reduce((a, b) => a + b, 0),
      1,
    )} MB in all`,
);

// The pipeline alone runs on every fifth photo before and after each target's upload (its rate per photo is
// steady, and the whole set three times would triple the run); the mean of the two is the comparison.
const sample = photos.filter((_, i) => i % 5 === 0);
await pipelineAlone(photos.slice(0, PARALLEL)); // warm-up
let before = await pipelineAlone(sample);
const thumbsOnly = await thumbnailsAlone(photos);
console.log(
  `Image pipeline alone (processImage, ${PARALLEL} at a time, ${sample.length} photos): ${fmt(before.perSecond, 2)} photos/s; ` +
    `the thumbnail alone: ${fmt(thumbsOnly.perSecond, 2)}/s`,
);

const results: TargetResult[] = [];
for (const target of ['PGlite', 'PostgreSQL', 'PostgreSQL-S3'] as const) {
  if (!TARGETS.includes(target.toLowerCase())) continue;
  const prior = before;
  results.push(
    await runTarget(target, photos, async () => {
      const after = await pipelineAlone(sample);
      before = after;
      console.log(
        `  image pipeline alone: ${fmt(prior.perSecond, 2)} photos/s before, ${fmt(after.perSecond, 2)} after`,
      );
      return (prior.perSecond + after.perSecond) / 2;
    }),
  );
}
await cleanUp();

console.log('');
table(
  ['target', 'MB/s', 'thumbs/s', 'pipeline alone/s', 'ratio', 'per photo p50/p95 ms', 'RSS idle → peak MB'],
  results.map((r) =>
    r.status === 'ok'
      ? [
          r.target,
          fmt(r.mbPerSecond ?? Number.NaN, 1),
          fmt(r.thumbsPerSecond ?? Number.NaN, 2),
          fmt(r.pipelinePerSecond ?? Number.NaN, 2),
          `${fmt((r.ratio ?? Number.NaN) * 100)} % ${(r.ratio ?? 0) >= RATIO_TARGET ? 'PASS' : 'FAIL'}`,
          `${fmt(r.perPhoto?.p50 ?? Number.NaN)} / ${fmt(r.perPhoto?.p95 ?? Number.NaN)}`,
          `${fmt(r.idleRssMb ?? Number.NaN)} → ${fmt(r.peakRssMb ?? Number.NaN)} ${(r.peakRssMb ?? Infinity) < RSS_TARGET_MB ? 'PASS' : 'FAIL'}`,
        ]
      : [r.target, r.status, r.reason ?? '', '', '', '', ''],
  ),
);
console.log('');
table(
  ['target', 'original p50 / p95 ms', 'thumbnail p50 / p95 ms', 'requests', 'KB original / thumb', 'load'],
  results
    .filter((r) => r.serving)
    .map((r) => {
      const s = r.serving as NonNullable<TargetResult['serving']>;
      return [
        r.target,
        `${fmt(s.original.p50, 1)} / ${fmt(s.original.p95, 1)}`,
        `${fmt(s.thumbnail.p50, 1)} / ${fmt(s.thumbnail.p95, 1)}`,
        `${s.original.n} + ${s.thumbnail.n}`,
        `${fmt(s.original.kb)} / ${fmt(s.thumbnail.kb, 1)}`,
        s.load.map((l) => fmt(l, 1)).join(' → '),
      ];
    }),
);
console.log(
  `\n  Targets: thumbnails/s ≥ ${RATIO_TARGET * 100} % of the pipeline alone; server peak RSS (VmHWM of its process) < ${RSS_TARGET_MB} MB.` +
    `\n  MB = 10^6 bytes of JPEG sent. Other work on this machine (see the load) slows both sides alike.` +
    `\n  Serving: GET /gallery/… without a session, original and thumbnail alternating, one at a time, kept alive.`,
);
writeResult({ upload: results });
process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
