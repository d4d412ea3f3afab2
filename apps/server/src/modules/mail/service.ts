import {
  isMailEvent,
  type ListQuery,
  type ListResponse,
  type Locale,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_DEFAULT_SORT,
  MAIL_TEMPLATE_SORTS,
  type MailEvent,
  type MailTemplateInput,
  type MailTemplateRecord,
  type MailTemplateRow,
} from '@backoffice/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { mailTemplateLangs, mailTemplates } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/session.js';
import { attemptThrottle } from '../../http/throttle.js';
import { t } from '../../i18n/index.js';
import { mailDocument, mailSender, renderTemplate, sampleValues, siteValues } from '../../mail/templates.js';
import { type OwnerTable, translations } from '../../resources/langs.js';
import { iso, translatedList } from '../../resources/list.js';
import { updateUnlessStale } from '../../resources/resource.js';
import { keepOriginal, recordWrite, type WriteEntry } from '../../resources/revisions.js';
import { canMailTemplate } from './policy.js';

/** The language rows of a template; `content` is rich text, sanitised on every save. */
export const mailTemplateLangRows = translations({
  // The list helper reads `status` only for a status filter, which this list has not.
  owner: mailTemplates as unknown as OwnerTable,
  table: mailTemplateLangs,
  ownerColumn: mailTemplateLangs.template_id,
  fields: ['title', 'subject', 'content_plain', 'content'] as const,
  richText: ['content'] as const,
});

const eventOf = (value: string): MailEvent => {
  if (!isMailEvent(value)) throw new Error(`unknown mail event ${value}`);
  return value;
};

/** The mail template list in each language: the columns a page shows and the expression behind each sort. */
const mailTemplateList = translatedList(mailTemplateLangRows, {
  columns: () => ({
    select: {
      id: mailTemplates.id,
      title: mailTemplateLangs.title,
      event: mailTemplates.event,
      updated_at: mailTemplates.updated_at,
      deleted_at: mailTemplates.deleted_at,
    },
    sorts: {
      title: mailTemplateLangs.title,
      event: mailTemplates.event,
      updated_at: mailTemplates.updated_at,
      id: mailTemplates.id,
    },
  }),
  allowedSorts: MAIL_TEMPLATE_SORTS,
  defaultSort: MAIL_TEMPLATE_DEFAULT_SORT,
});

/** The template list (docs/spec-index.md S2.2): title in the caller's language, event, updated_at; updated_at descending. */
export async function listMailTemplates(
  db: Db,
  query: ListQuery,
  lang: Locale,
): Promise<ListResponse<MailTemplateRow>> {
  const { rows, meta } = await mailTemplateList(db, { query, lang });
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      event: eventOf(r.event),
      updated_at: r.updated_at.toISOString(),
      deleted_at: iso(r.deleted_at),
      translation: r.translation,
    })),
    meta,
  };
}

/** One template with both language versions and the placeholders of its event; `db` may be a transaction. */
export async function getMailTemplate(db: Db, id: number): Promise<MailTemplateRecord> {
  const [row] = await db.select().from(mailTemplates).where(eq(mailTemplates.id, id)).limit(1);
  if (!row) throw notFound();
  const event = eventOf(row.event);
  return {
    id: row.id,
    event,
    langs: await mailTemplateLangRows.read(db, id),
    models: MAIL_PLACEHOLDERS[event],
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    deleted_at: iso(row.deleted_at),
  };
}

/**
 * A template as its revision keeps it (docs/features/revisions.md): both language versions and the stamps, without
 * the event's placeholders (they belong to the event, not to a version).
 */
export async function mailTemplateRevision(db: Db, id: number) {
  const { models: _placeholders, ...kept } = await getMailTemplate(db, id);
  return kept;
}

/** Saves both language versions where updated_at still matches what the editor loaded (else 409). */
async function updateMailTemplate(tx: Tx, id: number, input: MailTemplateInput): Promise<void> {
  await updateUnlessStale(tx, mailTemplates as unknown as OwnerTable, id, input.updated_at, {});
  await mailTemplateLangRows.write(tx, id, input.langs);
}

/**
 * The writes of mail templates, each one operation: the policy, then both language versions, the activity log entry
 * and the revision in one transaction; answers the template as saved. `revert` saves a version from its history.
 */
export function mailTemplateOperations(db: Db) {
  const save = async (actor: AuthUser, id: number, input: MailTemplateInput, revision?: 'revert') => {
    if (!canMailTemplate(actor, 'update')) throw forbidden();
    await db.transaction(async (tx) => {
      await keepOriginal(tx, 'MailTemplate', id, (rowId) => mailTemplateRevision(tx, rowId));
      await updateMailTemplate(tx, id, input);
      const entry: WriteEntry = { userId: actor.id, model: 'MailTemplate', rowIds: [id], action: 'update', revision };
      await recordWrite(tx, entry, (rowId) => mailTemplateRevision(tx, rowId));
    });
    return getMailTemplate(db, id);
  };
  return {
    update: (actor: AuthUser, id: number, input: MailTemplateInput) => save(actor, id, input),
    revert: (actor: AuthUser, id: number, input: MailTemplateInput) => save(actor, id, input, 'revert'),
  };
}

/** The template's HTML in `lang` filled with sample values, as a whole document (GET preview/{id}). */
export async function previewMailTemplate(ctx: Pick<AppContext, 'db' | 'config'>, id: number, lang: Locale) {
  const template = await getMailTemplate(ctx.db, id);
  const site = await siteValues(ctx, lang);
  const values = sampleValues(template.event, { appUrl: site.url, siteName: site.name });
  const langRow = template.langs[lang].content.trim() ? template.langs[lang] : template.langs.sk;
  const rendered = renderTemplate(langRow, template.event, values, lang);
  return { content: rendered.html, subject: rendered.subject, text: rendered.text } as const;
}

/** How many test mails one user may send: a few while editing, never a stream from one account. */
const TEST_MAILS = { max: 5, windowMs: 10 * 60_000 } as const;

/**
 * Mails the saved template `id` in `lang`, filled with the preview's sample values, to `actor`'s own address and
 * from the e-mail settings' sender, through the mailer the product's own mail takes (SMTP or the outbox): what an
 * editor checks is what an event would send. The subject says it is a test. At most TEST_MAILS per user (429).
 * Answers the address it went to.
 */
export async function sendTestMail(ctx: AppContext, actor: AuthUser, id: number, lang: Locale): Promise<string> {
  if (!canMailTemplate(actor, 'update')) throw forbidden();
  const preview = await previewMailTemplate(ctx, id, lang);
  await attemptThrottle(ctx.db, TEST_MAILS).hit(`mail-test|${actor.id}`);
  const from = await mailSender(ctx.db, lang);
  await ctx.mailer.send({
    to: actor.email,
    subject: t(lang, 'mail.testSubject', { subject: preview.subject }),
    html: preview.content,
    text: preview.text,
    ...(from ? { from } : {}),
  });
  return actor.email;
}

export { mailDocument };
