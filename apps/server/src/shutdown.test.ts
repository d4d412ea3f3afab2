import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, scratchDatabase, startProcess } from './test/processes.js';

/**
 * A stop under load (main.ts, http/connections.ts): a real server process, clients on kept-alive connections (as
 * browsers, proxies with upstream keepalive and load balancers hold them), requests in flight at the signal. On the
 * embedded database, and on PostgreSQL in the PostgreSQL pass.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const CLIENTS = 20;

let server: ServerProcess | undefined;
let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

afterEach(async () => {
  await server?.kill();
  await database?.drop();
  server = undefined;
  database = undefined;
});

async function start() {
  database = onPostgres ? await scratchDatabase() : undefined;
  // One thread hashes the passwords, so the sign-ins sent at once are answered one after another over about a second.
  server = await startProcess({ UV_THREADPOOL_SIZE: '1', ...(database ? { DATABASE_URL: database.url } : {}) });
  return server;
}

interface Answer {
  status: number;
  connection: string | undefined;
  cookies: string[];
  at: number;
}

/** One request on `agent`'s kept-alive connections; rejects when the connection fails before an answer. */
function send(agent: Agent, port: number, method: string, path: string, headers: Record<string, string>, body = '') {
  return new Promise<Answer>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          cookies: res.headers['set-cookie'] ?? [],
          at: performance.now(),
        }),
      );
    });
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * CLIENTS clients, each on its own kept-alive connection with a session, send a sign-in at once (a password hash
 * each, one at a time: about a second of work); `signal` is called once the server has them. Answers each
 * client's answer (or its connection's failure) and the moment the process exited.
 */
async function signInsInFlight(target: ServerProcess, signal: () => void) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const sessions = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const answer = await send(agent, target.port, 'GET', '/sanctum/csrf-cookie', {});
      const cookies = answer.cookies.map((c) => c.split(';')[0] as string);
      const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      return { cookie: cookies.join('; '), xsrf: decodeURIComponent(xsrf) };
    }),
  );
  expect(Object.values(agent.sockets).flat()).toHaveLength(0);
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(CLIENTS);
  const exited = new Promise<number>((done) => target.child.once('exit', () => done(performance.now())));
  const answers = sessions.map((session, i) =>
    send(
      agent,
      target.port,
      'POST',
      '/api/login',
      {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-xsrf-token': session.xsrf,
        'x-requested-with': 'XMLHttpRequest',
      },
      JSON.stringify({ email: `nobody${i}@example.com`, password: 'not-the-password' }),
    ).catch((err: Error) => err),
  );
  await new Promise((r) => setTimeout(r, 60));
  signal();
  const settled = await Promise.all(answers);
  const timeout = new Promise<number>((done) => setTimeout(() => done(Number.NaN), 10_000));
  const exitedAt = await Promise.race([exited, timeout]);
  agent.destroy();
  return { settled, exitedAt };
}

describe('stopping with requests in flight on kept-alive connections', () => {
  it('SIGTERM: every request in flight is answered with Connection: close, and the process exits 0 at once', async () => {
    const target = await start();
    const { settled, exitedAt } = await signInsInFlight(target, () => target.child.kill('SIGTERM'));
    const answers = settled.filter((a): a is Answer => !(a instanceof Error));
    expect(answers).toHaveLength(CLIENTS);
    // Every sign-in is answered (a wrong password: 422), none refused or cut.
    expect(answers.filter((a) => a.status !== 422)).toEqual([]);
    // Answers that left before the process took the signal keep their connections (idle, closed by the stop); from
    // the first one after it, every answer says close.
    const connections = answers.sort((a, b) => a.at - b.at).map((a) => a.connection);
    const firstClose = connections.indexOf('close');
    expect(firstClose).toBeGreaterThanOrEqual(0);
    expect(firstClose).toBeLessThan(CLIENTS / 2);
    expect(connections.slice(firstClose).every((c) => c === 'close')).toBe(true);
    expect(target.child.exitCode).toBe(0);
    const lastAnswer = Math.max(...answers.map((a) => a.at));
    expect(exitedAt - lastAnswer).toBeLessThan(1_000);
  });

  it('a request half sent at the signal, on a kept-alive connection, is served with Connection: close', async () => {
    const target = await start();
    const socket = connect(target.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => {
      received += d;
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const write = (text: string) => new Promise<void>((done) => socket.write(text, () => done()));
    await new Promise<void>((done) => socket.once('connect', () => done()));
    // A first request and its answer: the connection is kept alive.
    await write('GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    while (!received.includes('\r\n\r\n')) await new Promise((r) => setTimeout(r, 10));
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toMatch(/connection: keep-alive/i);
    received = '';
    // The next one's first bytes arrive before the signal (as a proxy's reused connection does), the rest after.
    await write('GET /sanctum/csrf-cookie HTTP/1.1\r\nHost: x\r\n');
    await new Promise((r) => setTimeout(r, 100));
    target.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 150));
    await write('Accept: application/json\r\n\r\n');
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 204/);
    expect(received).toMatch(/connection: close/i);
    if (target.child.exitCode === null) await new Promise((done) => target.child.once('exit', done));
    expect(target.child.exitCode).toBe(0);
  });

  it('a second signal during the stop is noted and the stop still drains', async () => {
    const target = await start();
    const { settled } = await signInsInFlight(target, () => {
      // As a signal to the process group arrives through scripts/start.mjs too; then Ctrl-C on top.
      target.child.kill('SIGTERM');
      setTimeout(() => target.child.kill('SIGTERM'), 20);
      setTimeout(() => target.child.kill('SIGINT'), 50);
    });
    expect(settled.filter((a) => a instanceof Error)).toEqual([]);
    expect(settled.filter((a) => !(a instanceof Error) && a.status === 422).length).toBeGreaterThan(0);
    expect(target.child.exitCode).toBe(0);
    expect(target.output()).toContain('already stopping');
  });
});
