import { z } from 'zod';
import { DEFAULT_LOCALE, LIMITS, LOCALES, type Locale } from '../constants.js';
import { ERR } from '../messages.js';
import { apiTimestamp, apiTimestampOrNull } from './user.js';

/**
 * Form submissions of the public site (docs/spec-index.md S2.3 Contact message, Price-offer and Registration submission):
 * what the site's three forms send to `POST /api/public/form/{kind}`, and what the admin's read-only lists show.
 * Every value is plain text, kept as typed (the admin and the mail escape it on output).
 */
export const FORM_KINDS = ['contact', 'price', 'registration'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const isFormKind = (value: unknown): value is FormKind => FORM_KINDS.includes(value as FormKind);

/**
 * The honeypot: a field people never see or fill. A submission that fills it is answered like a success, but
 * nothing is stored and no mail is sent.
 */
export const FORM_HONEYPOT = 'website';

/** Limits of the public forms: the body size, and how many submissions and posts one address may send in the window. */
export const FORM_LIMITS = {
  bodyBytes: 64 * 1024,
  /** Accepted submissions per address in the window; refused posts (errors) do not count. */
  perAddress: 5,
  /** Posts of any kind per address in the window: the cap on junk, well above what a person sends. */
  postsPerAddress: 30,
  windowMs: 10 * 60 * 1000,
  messageMax: 10_000,
  textMax: 5_000,
  carsMax: 50,
} as const;

/** Optional one-line text of at most `max` characters (missing and null are ''). */
const zLine = (max = 255) =>
  z.preprocess((v) => (v == null ? '' : v), z.string({ error: ERR.invalid }).trim().max(max, ERR.invalid));
/** Optional multi-line text. */
const zText = (max: number = FORM_LIMITS.textMax) => zLine(max);
/** A required name: at least two characters (errors.min2). */
const zName = z.preprocess(
  (v) => (v == null ? '' : v),
  z.string({ error: ERR.min2 }).trim().min(LIMITS.nameMin, ERR.min2).max(255, ERR.invalid),
);
/** A required, valid e-mail address (errors.email). */
const zEmail = z.preprocess(
  (v) => (v == null ? '' : v),
  z
    .string({ error: ERR.email })
    .trim()
    .max(255, ERR.email)
    .pipe(z.email({ error: ERR.email })),
);
/** An optional phone number: digits, spaces and + ( ) / - . only. */
const zPhone = zLine(64).refine((s) => s === '' || /^[+\d][\d\s()/.-]{3,}$/.test(s), ERR.invalid);
/** The locale of the form the visitor filled; anything unknown is the default. */
const zFormLocale = z.enum(LOCALES).catch(DEFAULT_LOCALE).default(DEFAULT_LOCALE);
/** The honeypot's value: anything a bot puts there, read only to be thrown away. */
const zHoneypot = z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()).optional();

const common = { locale: zFormLocale, [FORM_HONEYPOT]: zHoneypot };

/** Contact message: name, e-mail and message required; company and phone optional. */
export const contactFormSchema = z.object({
  company: zLine(),
  name: zName,
  email: zEmail,
  phone: zPhone,
  message: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string({ error: ERR.required }).trim().min(1, ERR.required).max(FORM_LIMITS.messageMax, ERR.invalid),
  ),
  ...common,
});
export type ContactFormInput = z.infer<typeof contactFormSchema>;

/** The company block of price offers and registrations. */
const companyShape = {
  name: zName,
  address: zLine(),
  ico: zLine(32),
  dic: zLine(32),
  icdph: zLine(32),
  contact: zLine(),
  phone: zPhone,
  email: zEmail,
};

/** Price offer: name, e-mail, material and a phone or a contact person are required. */
export const priceFormSchema = z
  .object({
    ...companyShape,
    material: z.preprocess(
      (v) => (v == null ? '' : v),
      z.string({ error: ERR.required }).trim().min(1, ERR.required).max(255, ERR.invalid),
    ),
    material_desc: zText(),
    faction: zLine(),
    faction_desc: zText(),
    weight: zLine(64),
    place: zLine(),
    deadline: zLine(64),
    delivery: zLine(),
    note: zText(),
    ...common,
  })
  .superRefine((v, ctx) => {
    if (v.phone === '' && v.contact === '') {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: ERR.required });
      ctx.addIssue({ code: 'custom', path: ['contact'], message: ERR.required });
    }
  });
export type PriceFormInput = z.infer<typeof priceFormSchema>;

/** A whole number ≥ 0. */
const zWhole = z.coerce.number({ error: ERR.invalid }).int(ERR.invalid).min(0, ERR.invalid).max(100_000, ERR.invalid);
const blank = (v: unknown) => v == null || (typeof v === 'string' && v.trim() === '');
/** A count of cars: blank is one. */
const zCount = z.preprocess((v) => (blank(v) ? 1 : v), zWhole);
/** A total that may be left blank (undefined). */
const zOptionalTotal = z.preprocess((v) => (blank(v) ? undefined : v), zWhole.optional());

/** One car of a registration; a row left wholly blank is dropped, a row that is not needs its type. */
export const registrationCarSchema = z.object({
  type: zLine(),
  capacity: zLine(64),
  count: zCount,
  license: zLine(64),
});
export type RegistrationCar = z.infer<typeof registrationCarSchema>;

const blankCar = (v: unknown) =>
  v != null &&
  typeof v === 'object' &&
  ['type', 'capacity', 'count', 'license'].every((k) => blank((v as Record<string, unknown>)[k]));

/**
 * Registration: name, e-mail and at least one car or a description of other cars are required. `cars_total`
 * may be left blank: it is then the sum of the cars' counts.
 */
export const registrationFormSchema = z
  .object({
    ...companyShape,
    fax: zPhone,
    cars: z.preprocess(
      (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v.filter((car) => !blankCar(car)) : v),
      z.array(registrationCarSchema, { error: ERR.invalid }).max(FORM_LIMITS.carsMax, ERR.invalid),
    ),
    other_cars: zText(),
    cars_total: zOptionalTotal,
    ...common,
  })
  .superRefine((v, ctx) => {
    v.cars.forEach((car, i) => {
      if (car.type === '') ctx.addIssue({ code: 'custom', path: ['cars', i, 'type'], message: ERR.required });
    });
    if (v.cars.length === 0 && v.other_cars === '') {
      ctx.addIssue({ code: 'custom', path: ['cars'], message: ERR.required });
    }
  })
  .transform((v) => ({ ...v, cars_total: v.cars_total ?? v.cars.reduce((sum, car) => sum + car.count, 0) }));
export type RegistrationFormInput = z.infer<typeof registrationFormSchema>;

/** The public schema of each kind. */
export const FORM_SCHEMAS = {
  contact: contactFormSchema,
  price: priceFormSchema,
  registration: registrationFormSchema,
} as const;

/** The fields of each kind the site's form shows, in order (the stored columns). */
export const FORM_FIELDS = {
  contact: ['company', 'name', 'email', 'phone', 'message'],
  price: [
    'name',
    'address',
    'ico',
    'dic',
    'icdph',
    'contact',
    'phone',
    'email',
    'material',
    'material_desc',
    'faction',
    'faction_desc',
    'weight',
    'place',
    'deadline',
    'delivery',
    'note',
  ],
  registration: [
    'name',
    'address',
    'ico',
    'dic',
    'icdph',
    'contact',
    'phone',
    'fax',
    'email',
    'cars',
    'other_cars',
    'cars_total',
  ],
} as const satisfies Record<FormKind, readonly string[]>;

/** The list's sortable columns; every list defaults to created_at descending (docs/spec-index.md S2.9). */
export const FORM_SORTS = ['created_at', 'name', 'email', 'id'] as const;
export const FORM_DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** A row of any submission list (docs/spec-index.md S2.2): name, e-mail and when it came. */
export interface FormRow {
  id: number;
  name: string;
  email: string;
  /** The company of a contact message; the contact person of a price offer or a registration. */
  company: string;
  created_at: string;
  deleted_at: string | null;
}

interface SubmissionStamps {
  id: number;
  language_code: Locale;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A contact message as the detail panel shows it, with the language title and the site member, if any. */
export interface ContactRecord extends SubmissionStamps {
  company: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  language: { code: Locale; title: string };
  user: { id: number; name: string; surname: string } | null;
}

interface CompanyFields {
  name: string;
  address: string;
  ico: string;
  dic: string;
  icdph: string;
  contact: string;
  phone: string;
  email: string;
}

export interface PriceRecord extends SubmissionStamps, CompanyFields {
  material: string;
  material_desc: string;
  faction: string;
  faction_desc: string;
  weight: string;
  place: string;
  deadline: string;
  delivery: string;
  note: string;
}

export interface RegistrationRecord extends SubmissionStamps, CompanyFields {
  fax: string;
  cars: RegistrationCar[];
  other_cars: string;
  cars_total: number;
}

export type FormRecord = ContactRecord | PriceRecord | RegistrationRecord;

/* ── Answers of /api/form (docs/api.md Submissions): the server serializes through these. ── */

const submissionStamps = {
  id: z.number().int(),
  language_code: z.enum(LOCALES),
  created_at: apiTimestamp,
  updated_at: apiTimestamp,
  deleted_at: apiTimestampOrNull,
};
const companyFields = {
  name: z.string(),
  address: z.string(),
  ico: z.string(),
  dic: z.string(),
  icdph: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
};

/** A row of `GET /api/form/{kind}`; `company` is a contact message's company, else the contact person. */
export const formRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    created_at: apiTimestamp,
    deleted_at: apiTimestampOrNull,
  })
  .meta({ id: 'FormRow' });

/** A contact message with its language's title and the site member who sent it, if any. */
export const contactRecordSchema = z
  .object({
    ...submissionStamps,
    company: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    language: z.object({ code: z.enum(LOCALES), title: z.string() }),
    user: z.object({ id: z.number().int(), name: z.string(), surname: z.string() }).nullable(),
  })
  .meta({ id: 'ContactSubmission' });

export const priceRecordSchema = z
  .object({
    ...submissionStamps,
    ...companyFields,
    material: z.string(),
    material_desc: z.string(),
    faction: z.string(),
    faction_desc: z.string(),
    weight: z.string(),
    place: z.string(),
    deadline: z.string(),
    delivery: z.string(),
    note: z.string(),
  })
  .meta({ id: 'PriceSubmission' });

export const registrationRecordSchema = z
  .object({
    ...submissionStamps,
    ...companyFields,
    fax: z.string(),
    cars: z.array(z.object({ type: z.string(), capacity: z.string(), count: z.number().int(), license: z.string() })),
    other_cars: z.string(),
    cars_total: z.number().int(),
  })
  .meta({ id: 'RegistrationSubmission' });

/** `GET /api/form/{kind}/{id}`'s record: the shape of its kind. */
export const formRecordSchema = z.union([contactRecordSchema, priceRecordSchema, registrationRecordSchema]);
