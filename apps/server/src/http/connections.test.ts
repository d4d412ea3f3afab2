import { connect, type Socket } from 'node:net';
import { isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../db/schema.js';
import { useSignedInServer } from '../test/content-cases.js';
import { buildArticle } from '../test/factories.js';

const ctx = useSignedInServer();
let port = 0;

beforeAll(async () => {
  await ctx.server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.server.app.server.address() as { port: number }).port;
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One kept-alive connection to the test server that writes raw bytes and reads whole answers, one at a time. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  closed = false;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on('error', () => {});
  }

  static async open() {
    const socket = connect(port, '127.0.0.1');
    await new Promise((done) => socket.once('connect', done));
    return new RawConnection(socket);
  }

  /** Writes `raw` and reads one answer (a HEAD's has no body); null when the connection closes first. */
  async exchange(raw: string, { head = false } = {}): Promise<Answer | null> {
    this.socket.write(raw);
    for (;;) {
      const answer = this.take(head);
      if (answer) return answer;
      if (this.closed) return null;
      await new Promise<void>((done) => {
        const timer = setTimeout(done, 5_000);
        this.waiting = () => {
          clearTimeout(timer);
          done();
        };
      });
      this.waiting = null;
    }
  }

  /** The first whole answer in the buffer, taken out of it; an interim answer (100 Continue) is read past. */
  private take(head: boolean): Answer | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const at = line.indexOf(':');
      headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    if (status === 100) {
      this.buffer = this.buffer.subarray(end + 4);
      return this.take(head);
    }
    const length = head ? 0 : Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status, headers, body };
  }

  close() {
    this.socket.destroy();
  }
}

const request = (method: string, path: string, headers: Record<string, string>, framing: string) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}${framing}`;

/** The body framings a client may use (RFC 9112 §6): none, a length, chunks (with an extension and a trailer). */
const FRAMINGS: Record<string, string> = {
  none: '\r\n',
  'content-length': 'content-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  'content-length 0': 'content-type: application/json\r\ncontent-length: 0\r\n\r\n',
  chunked: 'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n{\r\n1\r\n}\r\n0\r\n\r\n',
  'chunked, empty': 'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
  'chunked, extension and trailer':
    'content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n2;note=x\r\n{}\r\n0\r\nx-trailer: 1\r\n\r\n',
  'chunked, no type': 'transfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  'chunked, 100-continue':
    'content-type: application/json\r\nexpect: 100-continue\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
};
const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** An answer in the product's shape (docs/api.md): `{message, error}` for an error, never Fastify's own body. */
function expectProductShape(answer: Answer) {
  if (answer.status < 400 || !answer.body) return;
  const body = JSON.parse(answer.body);
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String), error: body.message }));
  expect(body).not.toHaveProperty('statusCode');
}

describe('connections: every body framing on every method', () => {
  it('a chunked DELETE removes the record, and the next request on the same connection is answered', async () => {
    const id = await buildArticle(ctx.server.ctx.db);
    const connection = await RawConnection.open();
    const removed = await connection.exchange(
      request('DELETE', `/api/blog/${id}`, ctx.admin.rawHeaders(), FRAMINGS.chunked as string),
    );
    expect(removed?.status).toBe(200);
    expect(JSON.parse(removed?.body ?? '{}').message).toEqual(expect.any(String));
    const live = await ctx.server.ctx.db.select({ id: articles.id }).from(articles).where(isNull(articles.deleted_at));
    expect(live.map((a) => a.id)).not.toContain(id);
    const next = await connection.exchange(
      request('GET', `/api/blog/${id}`, ctx.admin.rawHeaders(), FRAMINGS.none as string),
    );
    expect(next?.status).toBe(200);
    expect(JSON.parse(next?.body ?? '{}').data.deleted_at).not.toBeNull();
    connection.close();
  });

  it('each method with each framing gets the product answer and leaves the connection usable', async () => {
    const id = await buildArticle(ctx.server.ctx.db);
    const connection = await RawConnection.open();
    const statuses: string[] = [];
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const [name, framing] of Object.entries(FRAMINGS)) {
        // Signed in and not: the early answers (401, 419) come before the body is read.
        for (const headers of [ctx.editor.rawHeaders(), { 'accept-language': 'en' }]) {
          const path = method === 'DELETE' ? '/api/blog/999999' : `/api/blog/${id}`;
          const answer = await connection.exchange(request(method, path, headers, framing), {
            head: method === 'HEAD',
          });
          expect(answer, `${method} ${name}`).not.toBeNull();
          expectProductShape(answer as Answer);
          statuses.push(`${method} ${name}: ${answer?.status}`);
          const health = await connection.exchange(HEALTH);
          expect(health?.status, `after ${method} ${name}`).toBe(200);
        }
      }
    }
    expect(statuses.every((s) => !s.endsWith(': 400') && !s.endsWith(': 500'))).toBe(true);
    connection.close();
  });

  it('a request whose framing cannot be read gets the product 400 in its language, then the connection closes', async () => {
    const unreadable = {
      'both a length and chunks': 'content-length: 2\r\ntransfer-encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      'a malformed chunk size': 'transfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    };
    for (const [name, framing] of Object.entries(unreadable)) {
      const connection = await RawConnection.open();
      const answer = await connection.exchange(request('DELETE', '/api/blog/1', { 'accept-language': 'en' }, framing));
      expect(answer?.status, name).toBe(400);
      expect(answer?.headers.connection).toBe('close');
      expect(JSON.parse(answer?.body ?? '{}')).toEqual({
        message: 'The request could not be read.',
        error: 'The request could not be read.',
      });
      // RFC 9112 §6.3: what follows such a request cannot be told from a smuggled one, so nothing more is read.
      expect(await connection.exchange(HEALTH)).toBeNull();
      connection.close();
    }
  });

  it('an unknown API address answers 404 in the product shape', async () => {
    const connection = await RawConnection.open();
    const answer = await connection.exchange(request('OPTIONS', '/api/nothing', { 'accept-language': 'sk' }, '\r\n'));
    expect(answer?.status).toBe(404);
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({ message: 'Záznam sa nenašiel.', error: 'Záznam sa nenašiel.' });
    connection.close();
  });
});
