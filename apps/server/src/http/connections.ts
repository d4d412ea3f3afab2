import type { Socket } from 'node:net';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@backoffice/shared';
import type { FastifyInstance } from 'fastify';
import { t } from '../i18n/index.js';
import { errorBody } from './error-handler.js';

/** How often a draining server closes the connections that have become idle since its last look. */
const IDLE_SWEEP_MS = 25;

/**
 * A stop that ends as soon as its last answer is out (main.ts, docs/DEPLOY.md). From `app.close()` on, every answer
 * says `Connection: close`, so the client's kept-alive connection ends with it instead of holding the server open
 * until its keep-alive timeout; connections idle at the signal close at once (Node's `server.close`), and those that
 * become idle later (an answer whose headers left before the signal) within IDLE_SWEEP_MS. A request that still
 * arrives on an open connection (a proxy's kept-alive upstream connection, a request half sent at the signal) is
 * served like any other, with `Connection: close`: the database closes only after the last connection (server.ts),
 * and a refusal would reach the user as an error the proxy cannot retry on another process.
 */
export function registerDrain(app: FastifyInstance) {
  let sweep: NodeJS.Timeout | null = null;
  app.addHook('preClose', async () => {
    sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (sweep) reply.header('Connection', 'close');
  });
  app.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
}

/** The status and message of a request Node's parser refused, by its error code. */
const UNREADABLE: Record<string, { status: number; reason: string; key: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', key: 'http.tooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', key: 'http.badRequest' },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', key: 'http.badRequest' };

/** The language named by the raw bytes of a request the parser refused: its Accept-Language, else the default. */
function languageOfPacket(packet: unknown): Locale {
  const header = Buffer.isBuffer(packet)
    ? /\r\naccept-language:[ \t]*([a-z]{2})/i.exec(packet.toString('latin1'))?.[1]
    : undefined;
  const lang = header?.toLowerCase();
  return lang && isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser cannot read (a malformed chunk, both Content-Length and
 * Transfer-Encoding, headers over the limit, a request that took too long) gets the product's `{message, error}`
 * with `Connection: close`, and the connection ends once it is written. Its framing is unknown from there on, so the
 * next bytes cannot be read as a request: RFC 9112 §6.3 requires the close, which also keeps a smuggled request
 * from being read. A request with valid framing (none, Content-Length or chunked) never comes here.
 */
export function answerUnreadableRequest(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already under way on this connection cannot be followed by another.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || current?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, reason, key } = UNREADABLE[err.code ?? ''] ?? BAD_REQUEST;
  const body = JSON.stringify(errorBody(t(languageOfPacket(err.rawPacket), key)));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that never reads its answer does not hold the socket.
  socket.setTimeout(5_000, () => socket.destroy());
}
