import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { ERR } from '../messages.js';
import {
  passwordsTyped,
  zBool,
  zCheckedRecordId,
  zNullableId,
  zRequiredId,
  zShortText,
  zUpdatedAt,
} from '../zod-helpers.js';
import type { RecordStamps } from './article.js';

/** Sex options (docs/spec-index.md S2.9): 1 male, 2 female; blank means not given. */
export const SEX = { male: 1, female: 2 } as const;

/** The bulk actions of the user list (docs/api.md Writes): activate, block, destroy. */
export const USER_BULK_ACTIONS = ['activate', 'block', 'destroy'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

const zName = z.string({ error: ERR.min2 }).trim().min(LIMITS.nameMin, ERR.min2).max(128, ERR.invalid);

/** An e-mail address: required and valid (errors.email); uniqueness is the server's (errors.emailUnique). */
export const zUserEmail = z.string({ error: ERR.email }).trim().min(1, ERR.email).max(255, ERR.email).email(ERR.email);

/** title_url of a user, built from name and surname (docs/spec-index.md S2.5): required, min 3, unique (errors.nameUrlUnique). */
const zUserTitleUrl = z.string({ error: ERR.min3 }).trim().min(LIMITS.titleUrlMin, ERR.min3).max(255, ERR.invalid);

const zSex = z.preprocess(
  (v) => (v === '' || v == null || v === 0 || v === '0' || v === 'null' ? null : v),
  z.coerce
    .number({ error: ERR.invalid })
    .refine((n) => n === SEX.male || n === SEX.female, ERR.invalid)
    .nullable(),
);

const line = (max = 255) => zShortText(max);

/** The address, billing and shipping fields of a user (docs/spec-index.md S2.3 User). */
export const userAddressShape = {
  sex: zSex.default(null),
  address: line(),
  city: line(),
  zip: line(16),
  country_id: zNullableId.default(null),
  phone: line(64),
  cellphone: line(64),
  billing_name: line(),
  billing_address: line(),
  billing_city: line(),
  billing_zip: line(16),
  billing_country_id: zNullableId.default(null),
  billing_business_id: line(32),
  billing_tax_id: line(32),
  billing_vat: line(32),
  shipping_name: line(),
  shipping_address: line(),
  shipping_city: line(),
  shipping_zip: line(16),
  shipping_country_id: zNullableId.default(null),
};
/** The names of the address fields (they are stored as sent). */
export const USER_ADDRESS_FIELDS = Object.keys(userAddressShape) as (keyof typeof userAddressShape)[];

const userShape = {
  role_id: zRequiredId,
  status: zBool.default(true),
  name: zName,
  surname: zName,
  title_url: zUserTitleUrl,
  email: zUserEmail,
  ...userAddressShape,
  updated_at: zUpdatedAt,
};

const passwordsEqual = (v: { password?: string; password_2?: string }) => (v.password ?? '') === (v.password_2 ?? '');
const PASSWORD_EQUAL_ISSUE = {
  path: ['password_2'],
  message: ERR.passwordEqual,
  // Checked even when other fields fail, so the form shows the mismatch together with the other errors.
  when: passwordsTyped,
};
const zPassword2 = z.preprocess((v) => (v == null ? '' : v), z.string({ error: ERR.passwordEqual }).max(1000));

/** A new user (docs/spec-index.md S2.5): the password is required, at least 5 characters, and password_2 repeats it. */
export const userCreateSchema = z
  .object({
    ...userShape,
    password: z.string({ error: ERR.min5 }).min(LIMITS.passwordMin, ERR.min5).max(1000, ERR.invalid),
    password_2: zPassword2,
  })
  .refine(passwordsEqual, PASSWORD_EQUAL_ISSUE);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** An edited user: the password changes only when filled in (then at least 5 characters, repeated in password_2). */
export const userUpdateSchema = z
  .object({
    ...userShape,
    password: z.preprocess(
      (v) => (v == null ? '' : v),
      z
        .string({ error: ERR.min5 })
        .max(1000, ERR.invalid)
        .refine((s) => s === '' || s.length >= LIMITS.passwordMin, ERR.min5),
    ),
    password_2: zPassword2,
  })
  .refine(passwordsEqual, PASSWORD_EQUAL_ISSUE);
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
/** What the user form sends, on create or on edit. */
export type UserInput = UserCreateInput | UserUpdateInput;

/** The remote checks `POST|GET /api/user/validate/{title_url|email}` (docs/features/sign-in-and-users.md): `{value, id?}`. */
export const userCheckSchema = z.object({
  value: z.string().trim().max(255).default(''),
  id: zCheckedRecordId,
});
export type UserCheck = z.infer<typeof userCheckSchema>;

/** The list's sortable columns; the default is the full name ascending (docs/spec-index.md S2.9). */
export const USER_SORTS = ['fullname', 'email', 'status', 'online_at', 'role', 'id'] as const;
export const USER_DEFAULT_SORT = { sort: 'fullname', order: 'asc' } as const;

/** What the caller may do to one user row (the server decides; the admin hides what it would refuse). */
export interface UserRowAbilities {
  update: boolean;
  destroy: boolean;
}

export interface UserRow {
  id: number;
  name: string;
  surname: string;
  fullname: string;
  role_id: number;
  role_title: string;
  email: string;
  status: boolean;
  verified_at: string | null;
  online_at: string | null;
  deleted_at: string | null;
  abilities: UserRowAbilities;
}

export type UserAddress = z.infer<z.ZodObject<typeof userAddressShape>>;

/** A user as the form loads it; never the password. */
export interface UserRecord extends RecordStamps, UserAddress {
  id: number;
  role_id: number;
  status: boolean;
  name: string;
  surname: string;
  title_url: string;
  email: string;
  image: string | null;
  verified_at: string | null;
  online_at: string | null;
  /** Whether the user signs in with two-factor sign-in. */
  two_factor: boolean;
}

/* ── Answers (docs/api.md): the server serializes through these and the OpenAPI document names them. ── */

/** A moment as the API sends it: an ISO 8601 instant in UTC (`Date.toISOString()`). */
export const apiTimestamp = z.iso.datetime();
/** A moment that may be unset (`deleted_at`, `online_at`, …). */
export const apiTimestampOrNull = apiTimestamp.nullable();

/** `true` when the checked value is free (the user form's remote checks). */
export const userCheckAnswerSchema = z.boolean().meta({ description: 'true when the value is free' });

/** A row of `GET /api/user`: never the password; `abilities` says what the caller may do to this row. */
export const userRowSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    fullname: z.string(),
    role_id: z.number().int(),
    role_title: z.string(),
    email: z.string(),
    status: z.boolean(),
    verified_at: apiTimestampOrNull,
    online_at: apiTimestampOrNull,
    deleted_at: apiTimestampOrNull,
    abilities: z.object({ update: z.boolean(), destroy: z.boolean() }),
  })
  .meta({ id: 'UserRow' });

/** A user as the form loads it (`GET /api/user/{id}` and every write's `data`): never the password hash. */
export const userRecordSchema = z
  .object({
    id: z.number().int(),
    role_id: z.number().int(),
    status: z.boolean(),
    name: z.string(),
    surname: z.string(),
    title_url: z.string(),
    email: z.string(),
    /** The stored file name under `/gallery/user/{id}/`; null without an image. */
    image: z.string().nullable(),
    /** 1 male, 2 female (`SEX`), null not given. */
    sex: z.number().int().min(SEX.male).max(SEX.female).nullable(),
    address: z.string(),
    city: z.string(),
    zip: z.string(),
    country_id: z.number().int().nullable(),
    phone: z.string(),
    cellphone: z.string(),
    billing_name: z.string(),
    billing_address: z.string(),
    billing_city: z.string(),
    billing_zip: z.string(),
    billing_country_id: z.number().int().nullable(),
    billing_business_id: z.string(),
    billing_tax_id: z.string(),
    billing_vat: z.string(),
    shipping_name: z.string(),
    shipping_address: z.string(),
    shipping_city: z.string(),
    shipping_zip: z.string(),
    shipping_country_id: z.number().int().nullable(),
    verified_at: apiTimestampOrNull,
    online_at: apiTimestampOrNull,
    created_at: apiTimestamp,
    updated_at: apiTimestamp,
    deleted_at: apiTimestampOrNull,
    /** Whether the user signs in with two-factor sign-in (role 1 may reset it). */
    two_factor: z.boolean(),
  })
  .meta({ id: 'User' });

/** `GET /api/country`: a country by its name in the request's language. */
export const countryOptionSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'CountryOption' });

/** One item of `GET /api/user/logs/{userId}` (the user menu's latest activity). */
export const logItemSchema = z
  .object({
    id: z.number().int(),
    model: z.string(),
    /** The admin's route name of the screen the item opens (the record's edit screen); null when it has none. */
    route: z.string().nullable(),
    /** That route's parameters: `{id}` of an edit screen, `{galleryId}` of a gallery's images screen. */
    route_params: z.record(z.string(), z.number().int()).nullable(),
    row_id: z.number().int().nullable(),
    action: z.string(),
    action_label: z.string(),
    icon: z.string(),
    title: z.string(),
    created_at: apiTimestamp,
  })
  .meta({ id: 'LogItem' });
