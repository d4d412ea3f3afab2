import { FORM_SCHEMAS, type FormKind } from '@backoffice/shared';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { formContacts, formPrices, formRegistrations } from '../../db/schema.js';
import { importSubmissions } from '../../modules/forms/operations.js';
import type { SubmissionInput } from '../../modules/forms/service.js';
import { DAY_MS, type Log } from './seeding.js';

/** When a demo submission came: `days` days and `hours` hours ago, so the lists span the recent weeks. */
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY_MS - hours * 60 * 60 * 1000);

const CONTACTS = [
  {
    company: 'Stavebniny Horák s.r.o.',
    name: 'Martin Horák',
    email: 'martin.horak@example.com',
    phone: '+421 905 111 222',
    message: 'Dobrý deň, potrebovali by sme pravidelný odvoz stavebnej sute z Trnavy. Môžete nám poslať podmienky?',
    language_code: 'sk',
    created_at: ago(1, 3),
  },
  {
    company: '',
    name: 'Jana Kováčová',
    email: 'jana.kovacova@example.com',
    phone: '',
    message: 'Máte voľné skladové priestory na obdobie troch mesiacov?',
    language_code: 'sk',
    created_at: ago(4, 6),
  },
  {
    company: 'Nordic Freight AB',
    name: 'Erik Lindqvist',
    email: 'erik.lindqvist@example.com',
    phone: '+46 8 123 456 78',
    message: 'Hello, we are looking for a partner for regular transports between Bratislava and Gothenburg.',
    language_code: 'en',
    created_at: ago(9, 2),
  },
  {
    company: 'Pekáreň u Mlyna',
    name: 'Peter Mlynár',
    email: 'peter.mlynar@example.com',
    phone: '+421 915 333 444',
    message: 'Prosím o spätné zavolanie ohľadom chladenej prepravy.',
    language_code: 'sk',
    created_at: ago(16, 5),
  },
  {
    company: 'Alpine Timber GmbH',
    name: 'Anna Gruber',
    email: 'anna.gruber@example.com',
    phone: '+43 1 234 5678',
    message: 'Could you quote a weekly timber transport from Žilina to Vienna?',
    language_code: 'en',
    created_at: ago(25, 1),
  },
];

const company = (name: string, contact: string, email: string, phone: string, town: string, n: number) => ({
  name,
  address: `Priemyselná ${n}, ${town}`,
  ico: `${36_000_000 + n * 7919}`,
  dic: `20${20_000_000 + n * 4111}`,
  icdph: `SK20${20_000_000 + n * 4111}`,
  contact,
  phone,
  email,
});

const PRICES = [
  {
    ...company(
      'Cesty Slovakia a.s.',
      'Ing. Tomáš Bielik',
      'tomas.bielik@example.com',
      '+421 2 5555 1010',
      'Bratislava',
      1,
    ),
    material: 'Štrk',
    material_desc: 'Praný štrk na podkladové vrstvy',
    faction: '16-32 mm',
    faction_desc: 'Hrubá frakcia',
    weight: '120 t',
    place: 'Lom Hubina',
    deadline: 'do konca mesiaca',
    delivery: 'Stavba D1, Lietavská Lúčka',
    note: 'Postupná dodávka po 24 t.',
    language_code: 'sk',
    created_at: ago(2, 4),
  },
  {
    ...company('Green Recycling Ltd', 'Oliver Grant', 'oliver.grant@example.com', '+44 20 7946 0000', 'Nitra', 2),
    material: 'Recycled concrete',
    material_desc: 'Crushed concrete from a demolition',
    faction: '0-63 mm',
    faction_desc: '',
    weight: '300 t',
    place: 'Nitra, old brewery site',
    deadline: 'Within 6 weeks',
    delivery: 'Nitra industrial park',
    note: '',
    language_code: 'en',
    created_at: ago(11, 7),
  },
  {
    ...company('Záhrady Novák', 'Lucia Nováková', 'lucia.novakova@example.com', '+421 907 555 666', 'Senec', 3),
    material: 'Zemina',
    material_desc: 'Ornica na záhrady',
    faction: '',
    faction_desc: '',
    weight: '40 t',
    place: '',
    deadline: 'apríl',
    delivery: 'Senec',
    note: 'Možnosť dovozu cez víkend?',
    language_code: 'sk',
    created_at: ago(20, 3),
  },
];

const REGISTRATIONS = [
  {
    ...company('Kamión Expres s.r.o.', 'Ján Šimko', 'jan.simko@example.com', '+421 41 500 600', 'Žilina', 4),
    fax: '+421 41 500 601',
    other_cars: '',
    language_code: 'sk',
    created_at: ago(3, 2),
    cars: [
      { type: 'Tatra Phoenix', capacity: '20 t', count: 3, license: 'ZA-101AA' },
      { type: 'Volvo FH 500', capacity: '24 t', count: 2, license: 'ZA-202BB' },
    ],
  },
  {
    ...company('Danube Haulage Kft.', 'Gábor Szabó', 'gabor.szabo@example.com', '+36 1 555 7777', 'Komárno', 5),
    fax: '',
    other_cars: 'Two vans for small loads',
    language_code: 'en',
    created_at: ago(13, 6),
    cars: [{ type: 'MAN TGX', capacity: '26 t', count: 1, license: 'KN-303CC' }],
  },
  {
    ...company('Dopravca Malý', 'Róbert Malý', 'robert.maly@example.com', '+421 908 777 888', 'Poprad', 6),
    fax: '',
    other_cars: 'Valník Avia, 3,5 t',
    language_code: 'sk',
    created_at: ago(27, 4),
    cars: [],
  },
];

/** A demo submission as its form would post it: the row's fields with the form's locale. */
const posted = (kind: FormKind, { language_code, created_at, ...fields }: DemoRow) => ({
  submission: { kind, input: FORM_SCHEMAS[kind].parse({ ...fields, locale: language_code }) } as SubmissionInput,
  at: created_at,
});

type DemoRow = { language_code: string; created_at: Date } & Record<string, unknown>;

/**
 * Demo submissions of each kind (contact messages, price offers, registrations with their cars) in both
 * languages, spread over the last four weeks, through the operator's import (modules/forms/operations.ts): checked
 * by the public forms' schemas, stored with their dates and logged. A kind is written only while it has no
 * submission.
 */
export async function seedDemoForms(db: Db, log: Log) {
  const empty = async (table: typeof formContacts | typeof formPrices | typeof formRegistrations) =>
    ((await db.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;
  const kinds = [await empty(formContacts), await empty(formPrices), await empty(formRegistrations)];
  if (!kinds.some(Boolean)) return;
  await importSubmissions(db, [
    ...(kinds[0] ? CONTACTS.map((row) => posted('contact', row)) : []),
    ...(kinds[1] ? PRICES.map((row) => posted('price', row)) : []),
    ...(kinds[2] ? REGISTRATIONS.map((row) => posted('registration', row)) : []),
  ]);
  log(
    `Demo: ${CONTACTS.length} contact messages, ${PRICES.length} price offers, ${REGISTRATIONS.length} registrations.`,
  );
}
