import { ROLES, SEX, type UserAddress } from '@backoffice/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countries } from '../../db/schema.js';
import { hashPassword } from '../../http/crypto.js';
import { createUser, findUserByEmail } from '../../modules/users/operations.js';

interface DemoUser {
  email: string;
  password: string;
  role_id: number;
  name: string;
  surname: string;
  status?: boolean;
  /** Not yet verified (the list's verified indicator shows it). */
  unverified?: boolean;
  /** Country fields hold ISO codes here; the seed turns them into ids. */
  details?: Partial<Omit<UserAddress, 'country_id' | 'billing_country_id' | 'shipping_country_id'>> & {
    country?: string;
    billing_country?: string;
    shipping_country?: string;
  };
}

/**
 * Staff and site members of the demo company (README.md: users of each role). The e2e tests sign in as
 * editor@example.com / editor-demo: keep that account as it is.
 */
const DEMO_USERS: DemoUser[] = [
  {
    email: 'editor@example.com',
    password: 'editor-demo',
    role_id: ROLES.editor,
    name: 'Eva',
    surname: 'Redaktorová',
    details: { sex: SEX.female, city: 'Žilina', country: 'SK', phone: '+421 41 500 12 34' },
  },
  {
    email: 'peter.horvath@example.com',
    password: 'editor-demo',
    role_id: ROLES.editor,
    name: 'Peter',
    surname: 'Horváth',
    details: {
      sex: SEX.male,
      address: 'Mariánske námestie 12',
      city: 'Žilina',
      zip: '010 01',
      country: 'SK',
      cellphone: '+421 905 123 456',
    },
  },
  {
    email: 'lucia.kralova@example.com',
    password: 'editor-demo',
    role_id: ROLES.editor,
    name: 'Lucia',
    surname: 'Kráľová',
    status: false,
    details: { sex: SEX.female, city: 'Martin', country: 'SK' },
  },
  {
    email: 'member@example.com',
    password: 'member-demo',
    role_id: ROLES.member,
    name: 'Martin',
    surname: 'Člen',
    details: { sex: SEX.male, address: 'Hlavná 5', city: 'Košice', zip: '040 01', country: 'SK' },
  },
  {
    email: 'jana.novakova@example.com',
    password: 'member-demo',
    role_id: ROLES.member,
    name: 'Jana',
    surname: 'Nováková',
    details: {
      sex: SEX.female,
      address: 'Štúrova 21',
      city: 'Trenčín',
      zip: '911 01',
      country: 'SK',
      cellphone: '+421 911 222 333',
      billing_name: 'Stavby Nováková s.r.o.',
      billing_address: 'Priemyselná 4',
      billing_city: 'Trenčín',
      billing_zip: '911 05',
      billing_country: 'SK',
      billing_business_id: '36123456',
      billing_tax_id: '2021234567',
      billing_vat: 'SK2021234567',
      shipping_name: 'Stavby Nováková – sklad',
      shipping_address: 'Bratislavská 90',
      shipping_city: 'Trenčín',
      shipping_zip: '911 05',
      shipping_country: 'SK',
    },
  },
  {
    email: 'tomas.dvorak@example.com',
    password: 'member-demo',
    role_id: ROLES.member,
    name: 'Tomáš',
    surname: 'Dvořák',
    unverified: true,
    details: {
      sex: SEX.male,
      address: 'Masarykova 8',
      city: 'Brno',
      zip: '602 00',
      country: 'CZ',
      phone: '+420 541 000 111',
      billing_name: 'Dvořák Logistika s.r.o.',
      billing_address: 'Masarykova 8',
      billing_city: 'Brno',
      billing_zip: '602 00',
      billing_country: 'CZ',
      billing_business_id: '27123456',
      billing_vat: 'CZ27123456',
    },
  },
  {
    email: 'anna.schmidt@example.com',
    password: 'member-demo',
    role_id: ROLES.member,
    name: 'Anna',
    surname: 'Schmidt',
    unverified: true,
    details: { sex: SEX.female, address: 'Mariahilfer Straße 30', city: 'Wien', zip: '1070', country: 'AT' },
  },
];

/** The demo users, each with its address, billing and shipping fields; an existing e-mail is left as it is. */
export async function seedDemoUsers(db: Db, log: (line: string) => void): Promise<void> {
  const codes = DEMO_USERS.flatMap((u) =>
    [u.details?.country, u.details?.billing_country, u.details?.shipping_country].filter(
      (c): c is string => c !== undefined,
    ),
  );
  const rows = await db
    .select()
    .from(countries)
    .where(inArray(countries.code, [...new Set(codes)]));
  const countryId = (code: string | undefined) => rows.find((r) => r.code === code)?.id ?? null;
  const missing = [];
  for (const demo of DEMO_USERS) if (!(await findUserByEmail(db, demo.email))) missing.push(demo);
  // The hashes at once, on libuv's threads, while the demo content is written; then the users in their order.
  const hashes = await Promise.all(missing.map((demo) => hashPassword(demo.password)));
  for (const [i, demo] of missing.entries()) {
    const { country, billing_country, shipping_country, ...details } = demo.details ?? {};
    const located = {
      ...details,
      country_id: countryId(country),
      billing_country_id: countryId(billing_country),
      shipping_country_id: countryId(shipping_country),
    };
    await createUser(db, { ...demo, details: located, verified: !demo.unverified }, hashes[i]);
    log(`Demo: user ${demo.email} (role ${demo.role_id}) with the password ${demo.password}.`);
  }
}
