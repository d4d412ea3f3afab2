import { DEFAULT_LOCALE, ERR, isLocale, type Locale } from '@backoffice/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { t } from '../i18n/index.js';
import { HttpError } from './errors.js';

/**
 * The body of every error answer: the message in the request's language, the same text as `error` (what
 * Dropzone and similar upload clients show), and the field errors when there are any.
 */
export function errorBody(message: string, extra: Record<string, unknown> = {}) {
  return { message, error: message, ...extra };
}

/** Maps every error to `{message, error, errors?}` in the request's language; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'sk';
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error, reqId: request.id }, error.key);
      // Why a request was refused, for whoever debugs a client (LOG_LEVEL=debug); never the body's values.
      else
        request.log.debug(
          { status: error.status, reason: error.key, fields: Object.keys(error.errors ?? {}) },
          'refused',
        );
      reply.headers(error.headers).code(error.status);
      return errorBody(t(lang, error.key, error.vars), error.errors ? { errors: error.errors } : {});
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        const key = issue.message && /^(errors|auth)\./.test(issue.message) ? issue.message : ERR.invalid;
        errors[path] = [...new Set([...(errors[path] ?? []), key])];
      }
      // A malformed path or query is not a form error: it names no field the user can fix.
      reply.code(error.validationContext === 'params' ? 404 : 422);
      request.log.debug({ status: reply.statusCode, reason: 'validation', errors }, 'refused');
      const key = error.validationContext === 'params' ? 'http.notFound' : 'http.validation';
      return errorBody(t(lang, key), { errors });
    }
    // A multipart body the parser could not read (no boundary, a truncated part) is the client's, like bad JSON.
    const status = error.statusCode ?? (request.readingMultipart ? 400 : 500);
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(errorBody(t(lang, 'http.tooLarge')));
    }
    if (status === 415) return reply.code(415).send(errorBody(t(lang, 'http.unsupportedType')));
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(t(lang, 'http.badRequest')));
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.code(500).send(errorBody(t(lang, 'http.server', { id: request.id }), { request_id: request.id }));
  });
}

/** The language of a request the router could not even read: the site's path prefix, else Accept-Language. */
export function languageOfRawRequest(request: FastifyRequest): Locale {
  const prefix = /^\/(sk|en)(\/|$)/.exec(request.url)?.[1];
  if (prefix && isLocale(prefix)) return prefix;
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.slice(0, 2).toLowerCase() : '';
  return isLocale(first) ? first : DEFAULT_LOCALE;
}

/** Whether an address belongs to the JSON API (the rest is the public site, the admin's files or media). */
export const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/sanctum/');

/**
 * Errors the framework meets before routing (a malformed escape such as `/gallery/%c0%ae`): a 400 in the product's
 * own shape, `{message, error}` for the API and an HTML page elsewhere, never Fastify's raw body.
 */
export function frameworkErrorHandler(renderPage: (reply: FastifyReply, lang: Locale, status: number) => unknown) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = languageOfRawRequest(request);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    request.log.info({ code: error.code, url: request.url }, 'unreadable request');
    if (isApiUrl(request.url)) return reply.code(status).send(errorBody(t(lang, 'http.badRequest')));
    return renderPage(reply, lang, status);
  };
}
