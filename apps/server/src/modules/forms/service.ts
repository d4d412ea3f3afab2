import {
  type ContactFormInput,
  type ContactRecord,
  FORM_DEFAULT_SORT,
  FORM_SORTS,
  type FormKind,
  type FormRecord,
  type FormRow,
  type ListQuery,
  type ListResponse,
  type Locale,
  type PriceFormInput,
  type PriceRecord,
  type RegistrationFormInput,
  type RegistrationRecord,
} from '@backoffice/shared';
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  formContacts,
  formPrices,
  formRegistrationCars,
  formRegistrations,
  languages,
  users,
} from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { keysetOf } from '../../resources/cursors.js';
import { foundCount, foundFirst, iso, keyColumns, pageKeys, readList } from '../../resources/list.js';
import { likePattern, resolveSort } from '../../resources/paging.js';

/** The table behind each kind of submission. */
export const FORM_TABLES = {
  contact: formContacts,
  price: formPrices,
  registration: formRegistrations,
} as const;

/** What every kind's list searches: name and e-mail, and the company (contact) or the contact person. */
const searchColumns = (kind: FormKind) => [FORM_TABLES[kind].name, FORM_TABLES[kind].email, companyColumn(kind)];
/** The company of a contact message; the contact person of a price offer or a registration. */
const companyColumn = (kind: FormKind) => (kind === 'contact' ? formContacts.company : FORM_TABLES[kind].contact);

/**
 * One page of a submission list (docs/spec-index.md S2.2): live rows only, search in name, e-mail and company/contact, the
 * requested sort (else created_at descending) with id as the tie-break.
 */
export async function listSubmissions(db: Db, kind: FormKind, query: ListQuery): Promise<ListResponse<FormRow>> {
  const table = FORM_TABLES[kind];
  const pattern = query.search ? likePattern(query.search) : '';
  const where = and(
    isNull(table.deleted_at),
    query.search ? or(...searchColumns(kind).map((column) => ilike(column, pattern))) : undefined,
  );
  const { sort, order } = resolveSort(query, FORM_SORTS, FORM_DEFAULT_SORT);
  const direction = order === 'asc' ? asc : desc;
  const sortColumn = table[sort];
  // "Next" and "previous" start from their neighbour's row (cursors.ts keysetOf), a page by number from its offset.
  const keyset = keysetOf(query, sort, order, sortColumn);
  const { keyDirection } = keyset;
  // The page's ids first, skipping index entries alone (the live rows' indexes, schema/forms.ts); a search that
  // matched few rows sorts them once found (foundFirst).
  const keys = (few: boolean) => {
    const matches = db
      .select(keyColumns(sortColumn, table.id))
      .from(table)
      .where(and(where, keyset.startAt(sortColumn, table.id)))
      .$dynamic();
    const ordered = few
      ? foundFirst(db, matches, keyDirection, !keyset.fromCursor)
      : matches.orderBy(keyDirection(sortColumn), keyDirection(table.id));
    return pageKeys(ordered, query, keyset.fromCursor);
  };
  const rows = (few: boolean) => {
    const page = keys(few);
    return db
      .select({
        id: table.id,
        name: table.name,
        email: table.email,
        company: companyColumn(kind),
        created_at: table.created_at,
        deleted_at: table.deleted_at,
        ...keyset.fields(table.id),
        ...foundCount(page),
      })
      .from(table)
      .innerJoin(page, eq(page.id, table.id))
      .orderBy(direction(sortColumn), direction(table.id));
  };
  const read = await readList(db, query, {
    rows: query.search ? rows : rows(false),
    count: () => db.select({ one: sql`1` }).from(table).where(where).$dynamic(),
    filtered: false,
    counted: !keyset.fromCursor,
  });
  const page = keyset.withCursors(read);
  return {
    data: page.rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      deleted_at: iso(r.deleted_at),
    })),
    meta: page.meta,
  };
}

const stamps = (row: {
  id: number;
  language_code: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}) => ({
  id: row.id,
  language_code: row.language_code as Locale,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  deleted_at: iso(row.deleted_at),
});

const companyOf = (row: typeof formPrices.$inferSelect | typeof formRegistrations.$inferSelect) => ({
  name: row.name,
  address: row.address,
  ico: row.ico,
  dic: row.dic,
  icdph: row.icdph,
  contact: row.contact,
  phone: row.phone,
  email: row.email,
});

/** A contact message with its language's title and the site member who sent it, if any. */
async function getContact(db: Db, id: number): Promise<ContactRecord> {
  const [found] = await db
    .select({ row: formContacts, language: languages.title, name: users.name, surname: users.surname })
    .from(formContacts)
    .leftJoin(languages, eq(languages.code, formContacts.language_code))
    .leftJoin(users, eq(users.id, formContacts.user_id))
    .where(eq(formContacts.id, id))
    .limit(1);
  if (!found) throw notFound();
  const { row } = found;
  return {
    ...stamps(row),
    company: row.company,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    language: { code: row.language_code as Locale, title: found.language ?? row.language_code },
    user: row.user_id ? { id: row.user_id, name: found.name ?? '', surname: found.surname ?? '' } : null,
  };
}

async function getPrice(db: Db, id: number): Promise<PriceRecord> {
  const [row] = await db.select().from(formPrices).where(eq(formPrices.id, id)).limit(1);
  if (!row) throw notFound();
  return {
    ...stamps(row),
    ...companyOf(row),
    material: row.material,
    material_desc: row.material_desc,
    faction: row.faction,
    faction_desc: row.faction_desc,
    weight: row.weight,
    place: row.place,
    deadline: row.deadline,
    delivery: row.delivery,
    note: row.note,
  };
}

async function getRegistration(db: Db, id: number): Promise<RegistrationRecord> {
  const [row] = await db.select().from(formRegistrations).where(eq(formRegistrations.id, id)).limit(1);
  if (!row) throw notFound();
  const cars = await db
    .select({
      type: formRegistrationCars.type,
      capacity: formRegistrationCars.capacity,
      count: formRegistrationCars.count,
      license: formRegistrationCars.license,
    })
    .from(formRegistrationCars)
    .where(eq(formRegistrationCars.registration_id, id))
    .orderBy(asc(formRegistrationCars.position), asc(formRegistrationCars.id));
  return {
    ...stamps(row),
    ...companyOf(row),
    fax: row.fax,
    cars,
    other_cars: row.other_cars,
    cars_total: row.cars_total,
  };
}

/** One submission of a kind, every field (a removed one has deleted_at). */
export function getSubmission(db: Db, kind: FormKind, id: number): Promise<FormRecord> {
  if (kind === 'contact') return getContact(db, id);
  if (kind === 'price') return getPrice(db, id);
  return getRegistration(db, id);
}

/** A submission as the public form validated it, by kind. */
export type SubmissionInput =
  | { kind: 'contact'; input: ContactFormInput }
  | { kind: 'price'; input: PriceFormInput }
  | { kind: 'registration'; input: RegistrationFormInput };

/** Who sent a submission (the site member when signed in: none yet on this site) and when (default: now). */
export interface SubmissionOrigin {
  userId?: number | null;
  at?: Date;
}

/** The stored columns of a submission, keyed by column name: what its mail's `%form.*%` placeholders read. */
export type StoredSubmission = { id: number; language_code: Locale } & Record<string, string | number>;

/**
 * Stores one submission (a registration with its cars) in the caller's transaction and returns its stored columns
 * (the operation `submitForm` in operations.ts). The text is kept as typed; whoever shows it escapes it.
 */
export async function storeSubmission(
  tx: Tx,
  submission: SubmissionInput,
  origin: SubmissionOrigin = {},
): Promise<StoredSubmission> {
  const meta = {
    language_code: submission.input.locale,
    user_id: origin.userId ?? null,
    ...(origin.at ? { created_at: origin.at, updated_at: origin.at } : {}),
  };
  if (submission.kind === 'contact') {
    const { locale: _l, website: _w, ...values } = submission.input;
    const [row] = await tx
      .insert(formContacts)
      .values({ ...values, ...meta })
      .returning();
    if (!row) throw new Error('form insert returned no row');
    return storedOf(row);
  }
  if (submission.kind === 'price') {
    const { locale: _l, website: _w, ...values } = submission.input;
    const [row] = await tx
      .insert(formPrices)
      .values({ ...values, ...meta })
      .returning();
    if (!row) throw new Error('form insert returned no row');
    return storedOf(row);
  }
  const { locale: _l, website: _w, cars, ...values } = submission.input;
  const [row] = await tx
    .insert(formRegistrations)
    .values({ ...values, ...meta })
    .returning();
  if (!row) throw new Error('form insert returned no row');
  if (cars.length > 0) {
    await tx
      .insert(formRegistrationCars)
      .values(cars.map((car, position) => ({ ...car, registration_id: row.id, position })));
  }
  const carLines = cars.map((c) => [c.type, c.capacity, c.count, c.license].filter((v) => v !== '').join(', '));
  return { ...storedOf(row), cars: carLines.join('\n') };
}

/** The row's text columns (timestamps as ISO text, internal columns left out). */
function storedOf(row: Record<string, unknown> & { id: number; language_code: string }): StoredSubmission {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'user_id' || key === 'updated_at' || key === 'deleted_at') continue;
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  return { ...out, id: row.id, language_code: row.language_code as Locale };
}

/** The live submissions of all three kinds (the dashboard's Form tile). */
export async function liveSubmissionCount(db: Db): Promise<number> {
  const counts = await Promise.all(
    Object.values(FORM_TABLES).map((table) => db.select({ n: count() }).from(table).where(isNull(table.deleted_at))),
  );
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
}
