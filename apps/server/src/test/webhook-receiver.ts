import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

/**
 * A webhook receiver on the loopback address for tests: it keeps what it gets and answers `status()` (200 unless a
 * test says otherwise). Stopped by `close`.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body);
      } catch {}
      received.push({ headers: request.headers, body, json });
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answerWith(status: number) {
      answer = status;
    },
    /** The events received about one record, in order. */
    about(id: number) {
      return received.filter((r) => r.json.record_id === id).map((r) => r.json.event);
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Verifies a delivery the way a receiver does (docs/api.md "Webhooks", the Standard Webhooks scheme), written apart
 * from the server's code: HMAC-SHA256 under the secret's bytes of `id.timestamp.body`.
 */
export function verifies(secret: string, delivery: Received) {
  const id = String(delivery.headers['webhook-id']);
  const timestamp = String(delivery.headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64');
  const given = String(delivery.headers['webhook-signature'])
    .split(' ')
    .map((part) => part.split(',')[1]);
  return given.includes(expected);
}
