import { FORM_SCHEMAS, ROLES } from '@backoffice/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthUser } from './http/session.js';
import { resetTwoFactor, setRequired } from './modules/auth/two-factor.js';
import { submitForm } from './modules/forms/operations.js';
import { galleryImageOperations } from './modules/galleries/image-operations.js';
import { canText } from './modules/texts/policy.js';
import { textLangRows } from './modules/texts/service.js';
import { markLocaleCurrent } from './resources/operations.js';
import { useSignedInServer } from './test/content-cases.js';
import { buildGallery, buildText, buildUser } from './test/factories.js';
import { registration } from './test/form-cases.js';
import { noiseJpeg } from './test/gallery-images.js';
import { refusedInserts } from './test/refused-inserts.js';

// Every write is one operation that asks its own policy (docs/ARCHITECTURE.md "How a save travels"): whoever calls it
// (a route, the CLI, a job) gets 403 for a user the policy refuses, and nothing is written. The public form's
// submission is one transaction: its rows, its address's count and its mails' jobs, or none of them.

const ctx = useSignedInServer();
const db = () => ctx.server.ctx.db;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = ((await db().execute(query)) as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** A signed-in user of `role_id`, as a route hands it to an operation. */
async function actor(role_id: number): Promise<AuthUser> {
  const user = await buildUser(db(), { role_id });
  return { ...user, image: null, language_code: 'en', sessionId: 'test' };
}

const refused = { status: 403 };

describe('an operation asks its policy, whoever calls it', () => {
  it("two-factor: an editor neither resets another user's nor sets the rule; role 1 not their own", async () => {
    const editor = await actor(ROLES.editor);
    const admin = await actor(ROLES.admin);
    const other = await buildUser(db(), { role_id: ROLES.editor });
    const logged = () => count(sql`select count(*)::int as n from activity_logs where action = 'two_factor_reset'`);
    const before = await logged();
    await expect(resetTwoFactor(ctx.server.ctx, other.id, editor)).rejects.toMatchObject(refused);
    await expect(resetTwoFactor(ctx.server.ctx, admin.id, admin)).rejects.toMatchObject(refused);
    await expect(setRequired(ctx.server.ctx, editor, false)).rejects.toMatchObject(refused);
    expect(await logged()).toBe(before);
    // Role 1 for another user, and the server (the operator's command), may.
    await resetTwoFactor(ctx.server.ctx, other.id, admin);
    await resetTwoFactor(ctx.server.ctx, other.id, 'server');
    expect(await logged()).toBe(before + 2);
  });

  it('"mark as up to date": refused to a role the resource\'s policy refuses, and nothing is logged', async () => {
    const member = await actor(ROLES.member);
    const text = await buildText(db());
    const spec = { model: 'Text' as const, translations: textLangRows, can: canText };
    await expect(markLocaleCurrent(db(), spec, member, text, 'en')).rejects.toMatchObject(refused);
    expect(
      await count(sql`select count(*)::int as n from activity_logs where row_id = ${text} and model = 'Text'
      and action = 'translation_current'`),
    ).toBe(0);
    // Allowed, a locale that is not outdated is a 422 on `locale`.
    const editor = await actor(ROLES.editor);
    await expect(markLocaleCurrent(db(), spec, editor, text, 'en')).rejects.toMatchObject({ status: 422 });
  });

  it('a gallery upload: refused to a member before anything is kept', async () => {
    const member = await actor(ROLES.member);
    const gallery = await buildGallery(db());
    const images = galleryImageOperations(ctx.server.ctx);
    await expect(images.upload(member, gallery, await noiseJpeg(), null)).rejects.toMatchObject(refused);
    expect(await count(sql`select count(*)::int as n from gallery_images where gallery_id = ${gallery}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from gallery_uploads where gallery_id = ${gallery}`)).toBe(0);
  });
});

describe("a visitor's submission is one transaction", () => {
  const jobs = refusedInserts(db, 'jobs');
  afterEach(() => jobs.accept());

  it('with its mails refused, no registration, car or count of the address is left; then it is stored once', async () => {
    const submission = { kind: 'registration' as const, input: FORM_SCHEMAS.registration.parse(registration()) };
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    const visit = { address, visitor: null, log: pino({ level: 'silent' }) };
    const rows = () => count(sql`select count(*)::int as n from form_registrations where email = 'peter@example.com'`);
    const cars = () => count(sql`select count(*)::int as n from form_registration_cars`);
    const counted = () => count(sql`select count(*)::int as n from login_attempts`);
    const [rowsBefore, carsBefore, countedBefore] = [await rows(), await cars(), await counted()];
    await jobs.refuse();
    await expect(submitForm(db(), submission, visit)).rejects.toThrow(/insert into "jobs"/);
    expect(await rows()).toBe(rowsBefore);
    expect(await cars()).toBe(carsBefore);
    expect(await counted()).toBe(countedBefore);

    await jobs.accept();
    const stored = await submitForm(db(), submission, visit);
    expect(await rows()).toBe(rowsBefore + 1);
    expect(await cars()).toBe(carsBefore + 2);
    expect(
      await count(
        sql`select count(*)::int as n from jobs where payload -> 'submission' ->> 'id' = ${String(stored.id)}`,
      ),
    ).toBe(1);
  });
});
