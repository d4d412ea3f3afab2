import { type FormKind, isFormKind, LOCALES, type Locale } from '@backoffice/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { EMPTY_FORM, type FormState, formBody } from './form-templates.js';
import { formUrl, formWord } from './form-words.js';
import type { PageSeo } from './head.js';
import { homeCrumb, sendDocument, siteResponder } from './respond.js';
import { siteMenus } from './service.js';
import { siteSettings } from './site-settings.js';
import { documentOf } from './templates.js';

/** Renders a form page of the site with `state` (values, errors, the thank-you note) and `status`. */
export function formPageSender({ db, config }: Pick<AppContext, 'db' | 'config'>) {
  return async (reply: FastifyReply, locale: Locale, kind: FormKind, state: FormState, status = 200) => {
    const [menus, site] = await Promise.all([siteMenus(db, locale), siteSettings({ db, config }, locale)]);
    const languageLinks = Object.fromEntries(LOCALES.map((l) => [l, formUrl(l, kind)]));
    // Answered to a post, the page stands at /api/public/form/…: the statistics count it under the form's page.
    const trackedPath = formUrl(locale, kind);
    const title = formWord(locale, `title.${kind}`);
    const seo: PageSeo = {
      canonical: formUrl(locale, kind),
      alternates: languageLinks,
      type: 'website',
      crumbs: [homeCrumb(locale), { name: title, path: formUrl(locale, kind) }],
    };
    const frame = { locale, title, menus, languageLinks, site, trackedPath, seo };
    // The page holds what the visitor typed: never cache it, never index the thank-you state.
    reply.header('Cache-Control', 'no-store');
    return sendDocument(reply, status, documentOf(frame, formBody(locale, kind, state)));
  };
}

type FormPageRequest = FastifyRequest<{
  Params: { locale: string; titleUrl?: string; kind: string };
  Querystring: { preview?: string | string[]; page?: string | string[]; sent?: string | string[] };
}>;

/**
 * The site's three form pages, `/{locale}/form/{contact|price|registration}` (`?sent=1` shows the thank-you
 * note after a plain HTML post); any other kind is the 404 page.
 */
export function registerFormPages(app: FastifyInstance, ctx: AppContext) {
  const { notFound, withLocale } = siteResponder(ctx);
  const send = formPageSender(ctx);
  app.get('/:locale/form/:kind', (request: FormPageRequest, reply) =>
    withLocale(request, reply, (locale) => {
      const { kind } = request.params;
      if (!isFormKind(kind)) return notFound(reply, locale);
      return send(reply, locale, kind, { ...EMPTY_FORM, sent: request.query.sent === '1' });
    }),
  );
}
