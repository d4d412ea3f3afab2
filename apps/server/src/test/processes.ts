import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const MAIN = resolve(import.meta.dirname, '../main.ts');
const BASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A scratch PostgreSQL database on the test server, dropped (with its connections) by `drop`. */
export async function scratchDatabase() {
  const name = `backoffice_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Runs one query in this database. */
    async query(sql: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    /** Runs one statement on the server's maintenance connection (e.g. terminating this database's backends). */
    async admin(sql: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    async drop() {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Standard output and standard error, interleaved as they came. */
  output: () => string;
  /** Standard output alone. */
  stdout: () => string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process ends at once, as in a crash. */
  kill(): Promise<void>;
}

/**
 * Starts a real server process (`main.ts`, as `npm start` runs it; or `args` in `cwd`, e.g. the production build's
 * `server.cjs`) on a free port with its own DATA_DIR and the given environment; resolves once `/api/health` answers ok.
 */
export async function startProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  { args = ['--import', 'tsx', MAIN], cwd }: { args?: string[]; cwd?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-process-'));
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  let out = '';
  child.stdout?.on('data', (d) => {
    log += d;
    out += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    url,
    port,
    dataDir,
    child,
    output: () => log,
    stdout: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      cleanUp();
      return code;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      cleanUp();
    },
  };
}

/** A browser-like client of one or several server processes: one cookie jar, the CSRF header echoed. */
export class HttpAgent {
  private cookies = new Map<string, string>();

  /** Sends JSON, or a FormData as multipart (the way Dropzone and the admin send files). */
  async request(base: string, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json: json as Record<string, unknown> & { data?: Record<string, unknown> } };
  }
}

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** One beacon of the public site's tracker to a server, from `address` (the server must trust the proxy header). */
export async function sendBeacon(base: string, beacon: Record<string, unknown>, address: string) {
  const res = await fetch(`${base}/api/collect`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, 'x-forwarded-for': address },
    body: JSON.stringify(beacon),
  });
  await res.arrayBuffer();
  return res.status;
}
