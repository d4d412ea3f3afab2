import { ERR } from '@backoffice/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { t } from '../i18n/index.js';
import { HttpError } from './errors.js';

/** Maps every error to `{message, errors?}` in the request's language; a 500 never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'sk';
    if (error instanceof HttpError) {
      reply.headers(error.headers).code(error.status);
      return { message: t(lang, error.key, error.vars), ...(error.errors ? { errors: error.errors } : {}) };
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        const key = issue.message && /^(errors|auth)\./.test(issue.message) ? issue.message : ERR.invalid;
        errors[path] = [...(errors[path] ?? []), key];
      }
      // A malformed path or query is not a form error: it names no field the user can fix.
      reply.code(error.validationContext === 'params' ? 404 : 422);
      return { message: t(lang, error.validationContext === 'params' ? 'http.notFound' : 'http.validation'), errors };
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ message: t(lang, 'http.tooLarge') });
    }
    if (status === 415) return reply.code(415).send({ message: t(lang, 'http.unsupportedType') });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: t(lang, 'http.badRequest') });
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.code(500).send({ message: t(lang, 'http.server', { id: request.id }), request_id: request.id });
  });
}
