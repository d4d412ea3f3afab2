import {
  DEFAULT_LOCALE,
  FORM_HONEYPOT,
  FORM_KINDS,
  FORM_LIMITS,
  FORM_SCHEMAS,
  type FormKind,
  isLocale,
  type Locale,
  messageSchema,
  noContentResponse,
} from '@backoffice/shared';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { unflatten } from '../http/body.js';
import { forbidden, HttpError, invalid, throttled } from '../http/errors.js';
import { databaseRateLimitStore } from '../http/rate-store.js';
import { visitorIdOf } from '../modules/analytics/goals.js';
import { submitForm } from '../modules/forms/operations.js';
import type { SubmissionInput } from '../modules/forms/service.js';
import { formPageSender } from './form-pages.js';
import type { FormState } from './form-templates.js';
import { formUrl, formWord } from './form-words.js';

const URLENCODED = 'application/x-www-form-urlencoded';
const kindParams = z.object({ kind: z.enum(FORM_KINDS) });

/**
 * The JSON answers in the OpenAPI document: 201 `{message}` (also for a filled honeypot); a plain form post is
 * redirected (303) to its page with `?sent=1`. A refused form post gets its HTML page again (422, 413, 429);
 * a refused JSON post the usual error body.
 */
const PUBLIC_FORM_RESPONSES = {
  201: messageSchema,
  303: noContentResponse('A urlencoded form post was accepted: Location is its page with ?sent=1'),
};

/** A plain HTML form post (the site has no script): answered with pages and redirects rather than JSON. */
const isHtmlPost = (request: FastifyRequest) => (request.headers['content-type'] ?? '').startsWith(URLENCODED);

/** The field errors of a failed parse, keyed by dotted path, each a list of message keys. */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '_';
    const key = /^errors\./.test(issue.message) ? issue.message : 'errors.invalid';
    errors[path] = [...new Set([...(errors[path] ?? []), key])];
  }
  return errors;
}

/** The submission of a kind as its shared schema reads `body`, or the field errors. */
function parseSubmission(
  kind: FormKind,
  body: unknown,
): { submission: SubmissionInput; errors?: never } | { submission?: never; errors: Record<string, string[]> } {
  if (kind === 'contact') {
    const r = FORM_SCHEMAS.contact.safeParse(body);
    return r.success ? { submission: { kind, input: r.data } } : { errors: fieldErrors(r.error) };
  }
  if (kind === 'price') {
    const r = FORM_SCHEMAS.price.safeParse(body);
    return r.success ? { submission: { kind, input: r.data } } : { errors: fieldErrors(r.error) };
  }
  const r = FORM_SCHEMAS.registration.safeParse(body);
  return r.success ? { submission: { kind, input: r.data } } : { errors: fieldErrors(r.error) };
}

/** The locale the visitor's form names, if it names one. */
const namedLocale = (body: unknown): Locale | undefined => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).locale : undefined;
  return isLocale(value) ? value : undefined;
};
/** The locale the visitor's form names, else the default. */
const localeOf = (body: unknown): Locale => namedLocale(body) ?? DEFAULT_LOCALE;

/**
 * The public site's forms, `POST /api/public/form/{contact|price|registration}` (docs/features/forms.md, SECURITY.md): no
 * session and no CSRF token (an `Origin`/`Referer` from another site is refused), JSON or a plain urlencoded form
 * post, at most 64 KB. Per address in `FORM_LIMITS.windowMs`, counted in the database so every server shares it:
 * `FORM_LIMITS.perAddress` accepted submissions, and `FORM_LIMITS.postsPerAddress` posts of any kind (junk).
 * A filled honeypot is answered like a success, and nothing is kept. A valid submission is stored with its mails
 * queued as jobs (sent after the answer). JSON callers get `201 {message}` or `422 {message, errors}`; a form post
 * is redirected to its page with `?sent=1`, or gets the page again with the errors (or the too-many note) and the
 * values kept; the tracker on that page reports the form's own address, not this one.
 */
export const publicFormRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sendPage = formPageSender(ctx);

  await app.register(rateLimit, {
    global: false,
    // Counted once the body is read, so the too-many page of a form post can give the visitor's values back.
    hook: 'preValidation',
    store: databaseRateLimitStore(ctx.db),
    keyGenerator: (request) => `form:${request.ip}`,
    errorResponseBuilder: (_request, context) => throttled(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  // A plain HTML form posts urlencoded, with bracket keys for the car rows (`cars[0][type]`).
  app.addContentTypeParser(URLENCODED, { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(String(body))) fields[key] = value;
    done(null, unflatten(fields));
  });

  // Only this site's pages post here: a browser names the page's origin, and a foreign one is refused.
  app.addHook('onRequest', async (request) => {
    if ((request.headers['content-type'] ?? '').startsWith('multipart/')) {
      throw new HttpError(415, 'http.unsupportedType');
    }
    const claimed = request.headers.origin ?? request.headers.referer;
    if (!claimed) return;
    const allowed = new Set([new URL(ctx.config.appUrl).origin, `${request.protocol}://${request.host}`]);
    let origin: string | null = null;
    try {
      origin = new URL(claimed).origin;
    } catch {
      origin = null;
    }
    if (!origin || !allowed.has(origin)) throw forbidden();
  });

  // A form post that is refused as a whole (too many, too long) gets its page with a note, not JSON.
  app.setErrorHandler(async (error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof HttpError ? error.status : error.statusCode;
    const kind = (request.params as { kind?: string } | undefined)?.kind;
    if (isHtmlPost(request) && (status === 429 || status === 413) && FORM_KINDS.includes(kind as FormKind)) {
      if (error instanceof HttpError) reply.headers(error.headers);
      const notice = status === 429 ? 'tooMany' : 'tooLarge';
      const locale = request.body ? localeOf(request.body) : request.lang;
      // A body too large was never read; one refused as too many keeps what the visitor typed.
      const values = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      return sendPage(reply, locale, kind as FormKind, { values, errors: {}, sent: false, notice }, status);
    }
    throw error;
  });

  app.post(
    '/:kind',
    {
      bodyLimit: FORM_LIMITS.bodyBytes,
      config: {
        csrf: false,
        rateLimit: { max: FORM_LIMITS.postsPerAddress, timeWindow: FORM_LIMITS.windowMs },
      },
      schema: { params: kindParams, response: PUBLIC_FORM_RESPONSES },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const body: unknown = request.body ?? {};
      const named = namedLocale(body);
      const locale = named ?? DEFAULT_LOCALE;
      // A form that names its language is answered in it, its errors too (a JSON 422, the per-address 429), whatever
      // the browser's Accept-Language says.
      if (named) request.lang = named;
      const html = isHtmlPost(request);
      const done = (r: FastifyReply) =>
        html
          ? r.redirect(`${formUrl(locale, kind)}?sent=1`, 303)
          : r.code(201).send({ message: formWord(locale, `sent.${kind}`) });

      // A bot that filled the honeypot learns nothing: the answer is the success one.
      const trap = body && typeof body === 'object' ? (body as Record<string, unknown>)[FORM_HONEYPOT] : undefined;
      if (trap !== undefined && trap !== null && String(trap).trim() !== '') {
        request.log.info({ kind }, 'form honeypot filled; submission dropped');
        return done(reply);
      }

      const { submission, errors } = parseSubmission(kind, body);
      if (errors) {
        if (!html) throw invalid(errors);
        const values = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
        const state: FormState = { values, errors, sent: false };
        return sendPage(reply, locale, kind, state, 422);
      }

      // The submission's operation (modules/forms/operations.ts): stored with its goal and mails, or nothing.
      try {
        await submitForm(ctx.db, submission, { address: request.ip, visitor: visitorIdOf(body), log: request.log });
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 429 || !html) throw err;
        reply.headers(err.headers);
        const values = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
        return sendPage(reply, locale, kind, { values, errors: {}, sent: false, notice: 'tooMany' }, 429);
      }
      app.jobs.nudge();
      return done(reply);
    },
  );
};
