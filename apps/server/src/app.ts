import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { registerHealth } from './health.js';
import { answerUnreadableRequest, registerDrain } from './http/connections.js';
import { errorBody, frameworkErrorHandler, registerErrorHandler } from './http/error-handler.js';
import { registerEmptyBodies, registerInputGuard, registerMultipartBodies } from './http/input.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRoleCheck } from './http/policy.js';
import { registerRequestLog } from './http/request-log.js';
import { serializerCompiler } from './http/serializer.js';
import { authenticate, registerSessions } from './http/session.js';
import { t } from './i18n/index.js';
import { jobRunner } from './jobs/queue.js';
import { galleryRoutes } from './media/gallery.js';
import { makeRenditions, RENDITIONS_JOB, RENDITIONS_SWEEP_JOB, sweepRenditions } from './media/renditions.js';
import { registerMetrics } from './metrics.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { articleRoutes } from './modules/articles/routes.js';
import { SIGN_IN_ALERT_JOB, sendSignInAlert } from './modules/auth/guesses.js';
import { NEW_SIGN_IN_JOB, sendNewSignIn } from './modules/auth/new-device.js';
import { authRoutes } from './modules/auth/routes.js';
import { PASSWORD_RESET_JOB, sendPasswordReset } from './modules/auth/service.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import {
  FORM_CONFIRMATION_JOB,
  FORM_STAFF_MAIL_JOB,
  sendConfirmationMail,
  sendStaffMail,
} from './modules/forms/mail.js';
import { formRoutes } from './modules/forms/routes.js';
import { galleryImageRoutes } from './modules/galleries/images-routes.js';
import { galleryApiRoutes } from './modules/galleries/routes.js';
import { sendDelivery } from './modules/integrations/deliver.js';
import { integrationRoutes } from './modules/integrations/routes.js';
import { WEBHOOK_JOB } from './modules/integrations/webhooks.js';
import { mailTemplateRoutes } from './modules/mail/routes.js';
import { moduleRoutes } from './modules/modules/routes.js';
import { navigationRoutes } from './modules/navigation/routes.js';
import { pageRoutes } from './modules/pages/routes.js';
import { panelRoutes } from './modules/panels/routes.js';
import { partnerRoutes } from './modules/partners/routes.js';
import { referenceRoutes } from './modules/references/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { textRoutes } from './modules/texts/routes.js';
import { translationRoutes } from './modules/translations/routes.js';
import { uploadRoutes } from './modules/upload/routes.js';
import { lookupRoutes } from './modules/users/lookups.js';
import { userRoutes } from './modules/users/routes.js';
import { CHANGE_JOB } from './resources/activity-log.js';
import { deliveryRoutes } from './site/delivery-routes.js';
import { publicFormRoutes } from './site/form-routes.js';
import { sendBadRequestPage } from './site/respond.js';
import { siteRoutes } from './site/routes.js';
import { deliverChange } from './site/webhook-events.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The built admin; `ADMIN_DIST` points elsewhere (a test run serving its own build while another rebuilds). */
export const ADMIN_DIST = process.env.ADMIN_DIST ? resolve(process.env.ADMIN_DIST) : resolve(here, '../../admin/dist');

const SWAGGER_UI_LOGO = createRequire(import.meta.url).resolve('@fastify/swagger-ui/static/logo.svg');

const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Builds the server: plugins first, then one `register` per module (docs/ARCHITECTURE.md). */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel },
    // One line per request, written when it is answered (http/request-log.ts), in place of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: frameworkErrorHandler(sendBadRequestPage),
    clientErrorHandler: answerUnreadableRequest,
    // What arrives on an open connection during a stop is served, with Connection: close (registerDrain).
    return503OnClosing: false,
  });
  registerDrain(app);
  registerRequestLog(app);
  registerRoleCheck(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Bodies are JSON or multipart (docs/api.md); anything else is 415, unless there is no body at all.
  app.removeContentTypeParser('text/plain');
  registerEmptyBodies(app);
  await app.register(cookie);
  await registerMultipartBodies(app);
  registerInputGuard(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (request.url.startsWith('/admin')) {
      reply.header('Content-Security-Policy', ADMIN_CSP);
      reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });

  registerSessions(app, ctx.db, ctx.config);
  registerErrorHandler(app);

  // The OpenAPI document: tags, summaries, security and error answers are decided in http/openapi.ts.
  await registerOpenApi(app);
  // The API description is for signed-in staff only, under a CSP of its own that no page may frame.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The plugin's own logo, read here at once: its asynchronous read waited up to 0.25 s of a busy machine's start.
    logo: { type: 'image/svg+xml', content: readFileSync(SWAGGER_UI_LOGO) },
    uiHooks: { onRequest: authenticate },
    staticCSP: DOCS_CSP,
  });

  registerJobs(app, ctx);

  registerHealth(app, ctx);
  registerMetrics(app, ctx, ctx.config.metricsToken);
  await app.register(authRoutes, { ctx });
  await app.register(textRoutes, { ctx, prefix: '/api/content/text' });
  await app.register(panelRoutes, { ctx, prefix: '/api/content/panel' });
  await app.register(categoryRoutes, { ctx, prefix: '/api/content/category' });
  await app.register(moduleRoutes, { ctx, prefix: '/api/module' });
  await app.register(pageRoutes, { ctx, prefix: '/api/content/page' });
  await app.register(navigationRoutes, { ctx, prefix: '/api/content/navigation' });
  await app.register(galleryApiRoutes, { ctx, prefix: '/api/gallery' });
  await app.register(galleryImageRoutes, { ctx, prefix: '/api/gallery/image' });
  await app.register(articleRoutes, { ctx, prefix: '/api/blog' });
  await app.register(referenceRoutes, { ctx, prefix: '/api/reference' });
  await app.register(partnerRoutes, { ctx, prefix: '/api/partner' });
  await app.register(statsRoutes, { ctx, prefix: '/api/stats' });
  await app.register(translationRoutes, { ctx, prefix: '/api/stats' });
  await app.register(analyticsRoutes, { ctx });
  await app.register(formRoutes, { ctx, prefix: '/api/form' });
  await app.register(publicFormRoutes, { ctx, prefix: '/api/public/form' });
  await app.register(userRoutes, { ctx, prefix: '/api/user' });
  await app.register(lookupRoutes, { ctx });
  await app.register(settingsRoutes, { ctx, prefix: '/api/settings' });
  await app.register(mailTemplateRoutes, { ctx, prefix: '/api/mail' });
  await app.register(searchRoutes, { ctx, prefix: '/api/search' });
  await app.register(deliveryRoutes, { ctx, prefix: '/api/delivery' });
  await app.register(integrationRoutes, { ctx, prefix: '/api' });
  await app.register(uploadRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
  await app.register(galleryRoutes, { ctx });
  await app.register(siteRoutes, { ctx });

  await registerAdmin(app);
  return app;
}

/**
 * The work done after an answer, by kind (`jobs/queue.ts`): every server runs due jobs, taken from the database so
 * none runs twice; tests call `app.jobs.drain()`.
 */
function registerJobs(app: FastifyInstance, ctx: AppContext) {
  const runner = jobRunner(
    ctx.db,
    {
      [PASSWORD_RESET_JOB]: (payload) => sendPasswordReset(ctx, payload),
      [FORM_STAFF_MAIL_JOB]: (payload) => sendStaffMail(ctx, app.log, payload),
      [FORM_CONFIRMATION_JOB]: (payload) => sendConfirmationMail(ctx, payload),
      [SIGN_IN_ALERT_JOB]: (payload) => sendSignInAlert(ctx, payload),
      [NEW_SIGN_IN_JOB]: (payload) => sendNewSignIn(ctx, payload),
      [CHANGE_JOB]: (payload) => deliverChange(ctx, payload),
      [WEBHOOK_JOB]: (payload) => sendDelivery(ctx, payload),
      [RENDITIONS_JOB]: (payload) => makeRenditions(ctx, payload),
      [RENDITIONS_SWEEP_JOB]: (payload) => sweepRenditions(ctx.db, payload),
    },
    app.log,
  );
  app.decorate('jobs', runner);
  // A write's jobs (its webhooks, its mails) go out right after its answer, not at the next poll.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) runner.nudge();
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
}

/** What /admin answers while `npm start` still builds the admin beside the running server; it reloads itself. */
const ADMIN_BUILDING_PAGE =
  '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Back office</title>' +
  '<p>The admin is being built; this page reloads itself in a moment.</p>';

/**
 * The built admin under /admin: its files under /admin/assets/, and index.html for every other /admin path, so the
 * admin shows its 404. One wildcard route rather than @fastify/static's route per file (`wildcard: false` globbed
 * the build and registered a GET and a HEAD route for each of its some 400 files, .br and .gz included: about a
 * third of building the app). With ADMIN_BUILDING=1 (scripts/start.mjs builds a missing or stale admin while the
 * server starts) the folder may not exist yet: /admin answers 503 with a page that reloads itself until index.html
 * is there.
 */
async function registerAdmin(app: FastifyInstance) {
  const indexHtml = resolve(ADMIN_DIST, 'index.html');
  let hasAdmin = existsSync(indexHtml);
  const building = process.env.ADMIN_BUILDING === '1';
  if (hasAdmin || building) {
    await app.register(fastifyStatic, {
      root: ADMIN_DIST,
      serve: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    app.get('/admin/assets/*', (request, reply) =>
      reply.sendFile(`assets/${(request.params as { '*': string })['*']}`),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if ((path === '/admin' || path.startsWith('/admin/')) && !path.startsWith('/admin/assets/')) {
      hasAdmin ||= building && existsSync(indexHtml);
      if (hasAdmin) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      if (building) {
        return reply
          .code(503)
          .header('Retry-After', '2')
          .header('Cache-Control', 'no-store')
          .type('text/html')
          .send(ADMIN_BUILDING_PAGE);
      }
    }
    return reply.code(404).send(errorBody(t(request.lang ?? 'sk', 'http.notFound')));
  });
}
