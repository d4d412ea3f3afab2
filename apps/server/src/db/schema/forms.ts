import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { foldedSearchIndexes, trigramIndex, ts } from './base.js';
import { users } from './people.js';

/*
 * ── Form submissions of the public site (docs/spec-index.md S2.3 Contact message, Price-offer and Registration submission) ──
 * Stored as the visitor typed them (text; the admin escapes on output), with the locale of the form and, when a
 * signed-in site member sent it, the user. Removal is a soft delete (role 1).
 */

const field = (name: string, length = 255) => varchar(name, { length }).notNull().default('');
const submitted = () => ({
  language_code: varchar('language_code', { length: 2 }).notNull().default('sk'),
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  deleted_at: ts('deleted_at'),
});
/** The company block shared by price offers and registrations. */
const company = () => ({
  name: field('name'),
  address: field('address'),
  ico: field('ico', 32),
  dic: field('dic', 32),
  icdph: field('icdph', 32),
  contact: field('contact'),
  phone: field('phone', 64),
  email: field('email'),
});

/**
 * The indexes of a submission list (docs/features/lists.md): newest first, live rows, the name and e-mail sorts, and
 * trigram indexes for the search (`ILIKE '%…%'`) in name, e-mail and `third` (company or contact person).
 */
const submissionIndexes = (
  table: string,
  t: {
    id: ExtraConfigColumn;
    created_at: ExtraConfigColumn;
    deleted_at: ExtraConfigColumn;
    name: ExtraConfigColumn;
    email: ExtraConfigColumn;
  },
  third: { name: string; column: ExtraConfigColumn },
) => [
  index(`${table}_created_idx`).on(t.created_at),
  index(`${table}_live_idx`).on(t.id).where(sql`${t.deleted_at} is null`),
  // The list's default order (newest first) over the live rows: a deep page skips index entries alone.
  index(`${table}_live_created_idx`).on(t.created_at, t.id).where(sql`${t.deleted_at} is null`),
  index(`${table}_name_idx`).on(t.name, t.id),
  index(`${table}_email_idx`).on(t.email, t.id),
  trigramIndex(`${table}_name_trgm_idx`, t.name),
  trigramIndex(`${table}_email_trgm_idx`, t.email),
  trigramIndex(`${table}_${third.name}_trgm_idx`, third.column),
  // The search everything (docs/features/search.md): the same three fields, folded.
  ...foldedSearchIndexes(`${table}_name`, t.name),
  ...foldedSearchIndexes(`${table}_email`, t.email),
  ...foldedSearchIndexes(`${table}_${third.name}`, third.column),
];

export const formContacts = pgTable(
  'form_contacts',
  {
    id: serial('id').primaryKey(),
    company: field('company'),
    name: field('name'),
    email: field('email'),
    phone: field('phone', 64),
    message: text('message').notNull().default(''),
    ...submitted(),
  },
  (t) => submissionIndexes('form_contacts', t, { name: 'company', column: t.company }),
);

export const formPrices = pgTable(
  'form_prices',
  {
    id: serial('id').primaryKey(),
    ...company(),
    material: field('material'),
    material_desc: text('material_desc').notNull().default(''),
    faction: field('faction'),
    faction_desc: text('faction_desc').notNull().default(''),
    weight: field('weight', 64),
    place: field('place'),
    deadline: field('deadline', 64),
    delivery: field('delivery'),
    note: text('note').notNull().default(''),
    ...submitted(),
  },
  (t) => submissionIndexes('form_prices', t, { name: 'contact', column: t.contact }),
);

export const formRegistrations = pgTable(
  'form_registrations',
  {
    id: serial('id').primaryKey(),
    ...company(),
    fax: field('fax', 64),
    other_cars: text('other_cars').notNull().default(''),
    cars_total: integer('cars_total').notNull().default(0),
    ...submitted(),
  },
  (t) => submissionIndexes('form_registrations', t, { name: 'contact', column: t.contact }),
);

/** The cars of a registration, in the order given. */
export const formRegistrationCars = pgTable(
  'form_registration_cars',
  {
    id: serial('id').primaryKey(),
    registration_id: integer('registration_id')
      .notNull()
      .references(() => formRegistrations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: field('type'),
    capacity: field('capacity', 64),
    count: integer('count').notNull().default(0),
    license: field('license', 64),
  },
  (t) => [index('form_registration_cars_registration_idx').on(t.registration_id, t.position)],
);
