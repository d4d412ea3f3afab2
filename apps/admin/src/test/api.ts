import { vi } from 'vitest';

/** One call the admin made, as the server would have received it. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** What a route answers: a status (200 when left out) and a JSON body. */
export interface Reply {
  status?: number;
  body?: unknown;
}

export type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** The routes of a stub, keyed `METHOD /path` (no query string), e.g. `GET /api/content/text/`. */
export type Routes = Record<string, Route>;

const XSRF = 'test-xsrf-token';

function bodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (typeof body === 'string') return JSON.parse(body);
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return body ?? undefined;
}

/**
 * Answers the admin's fetch calls from `routes` instead of a server, with the CSRF cookie set as after sign-in.
 * Returns every call made, in order; an unknown route answers 404 and is recorded too. `routes` may be changed
 * between steps of a test (the next call reads it again).
 */
export function stubApi(routes: Routes): { calls: ApiCall[]; routes: Routes; callsTo: (key: string) => ApiCall[] } {
  // biome-ignore lint/suspicious/noDocumentCookie: the client reads this very cookie (jsdom has no Cookie Store)
  document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: bodyOf(init),
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const reply: Reply = route
      ? typeof route === 'function'
        ? await route(call)
        : route
      : { status: 404, body: { message: `No stub for ${call.method} ${call.path}` } };
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  return {
    calls,
    routes,
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** The token the stub's cookie carries, which the admin must echo in `X-XSRF-TOKEN`. */
export const STUB_XSRF = XSRF;
