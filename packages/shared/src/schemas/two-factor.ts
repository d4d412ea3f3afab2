import { z } from 'zod';
import { ERR } from '../messages.js';
import { storedUserSchema } from './auth.js';

/** Two-factor sign-in (TOTP, RFC 6238) and the sessions of the signed-in user (docs/features/sign-in-and-users.md). */
export const TWO_FACTOR = {
  digits: 6,
  periodSeconds: 30,
  /** Codes of one step before or after the server's clock are accepted too. */
  window: 1,
  recoveryCodes: 10,
  /** How long a password step waits for its second step (or for the set-up it requires). */
  pendingMinutes: 10,
  issuer: 'Backoffice',
} as const;

/** Message keys of two-factor sign-in. */
export const TWO_FACTOR_ERR = {
  codeInvalid: 'twoFactor.codeInvalid',
  notStarted: 'twoFactor.notStarted',
  alreadyOn: 'twoFactor.alreadyOn',
  notOn: 'twoFactor.notOn',
  required: 'twoFactor.required',
  enableFirst: 'twoFactor.enableFirst',
} as const;

/** A 6-digit code as typed: spaces are dropped ("123 456"). */
export const zTotpCode = z
  .string({ error: ERR.required })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_ERR.codeInvalid));

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const zRecoveryCode = z
  .string({ error: ERR.required })
  .max(64, TWO_FACTOR_ERR.codeInvalid)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, TWO_FACTOR_ERR.codeInvalid));

/** `POST /api/login/two-factor`: a code of the authenticator app, or one of the recovery codes. */
export const twoFactorLoginSchema = z
  .object({ code: zTotpCode.optional(), recovery_code: zRecoveryCode.optional() })
  .refine((v) => v.code !== undefined || v.recovery_code !== undefined, { path: ['code'], message: ERR.required });
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/** `POST /api/user/me/two-factor/enable`. */
export const twoFactorEnableSchema = z.object({ code: zTotpCode });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** `POST /api/user/me/two-factor/disable`: the password and a current code. */
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: ERR.required }).min(1, ERR.required).max(1000),
  code: zTotpCode,
});
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/**
 * `GET /api/user/me/two-factor`: whether it is on (an authenticator app or a passkey), whether the app is, whether role
 * 1 requires it, how many recovery codes are left.
 */
export const twoFactorStatusSchema = z
  .object({
    data: z.object({
      enabled: z.boolean(),
      totp: z.boolean(),
      required: z.boolean(),
      recovery_codes_left: z.number().int(),
    }),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>['data'];

/**
 * `POST /api/user/me/two-factor/recovery-codes`: ten new recovery codes (the old ones stop), confirmed by a current
 * code of the authenticator app, or by the password where the second factor is passkeys alone.
 */
export const twoFactorRenewSchema = z
  .object({
    code: zTotpCode.optional(),
    password: z.string({ error: ERR.required }).min(1, ERR.required).max(1000).optional(),
  })
  .refine((v) => v.code !== undefined || v.password !== undefined, { path: ['code'], message: ERR.required });
export type TwoFactorRenewInput = z.input<typeof twoFactorRenewSchema>;
export const twoFactorRenewedSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()).length(TWO_FACTOR.recoveryCodes),
});
export type TwoFactorRenewed = z.infer<typeof twoFactorRenewedSchema>;

/** `POST /api/user/two-factor/policy` (role 1). */
export const twoFactorPolicySchema = z.object({ required: z.boolean({ error: ERR.invalid }) });
export type TwoFactorPolicyInput = z.input<typeof twoFactorPolicySchema>;

/** The password step's answer when a second step follows: `{two_factor: true}`, or `{two_factor_setup: true}`. */
export const loginAnswerSchema = z.union([
  z.object({ data: storedUserSchema }),
  z
    .object({ two_factor: z.literal(true), passkey: z.literal(true).optional() })
    .meta({ description: 'The second step is awaited (`passkey`: the user has a passkey to offer)' }),
  z
    .object({ two_factor_setup: z.literal(true) })
    .meta({ description: 'Two-factor sign-in is required and must be set up first' }),
]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** `POST /api/user/me/two-factor`: a new secret for the authenticator app (not in use until enabled). */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /api/user/me/two-factor/enable`: the recovery codes, shown once; `data` when it completed a sign-in. */
export const twoFactorEnabledSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()).length(TWO_FACTOR.recoveryCodes),
  data: storedUserSchema.optional(),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** `GET /api/user/two-factor/policy`. */
export const twoFactorPolicyAnswerSchema = z.object({
  data: z.object({ required: z.boolean() }),
  abilities: z.object({ update: z.boolean() }),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicyAnswerSchema>;

/** One signed-in session of the user (`GET /api/user/me/sessions`); `id` is an opaque name, never the cookie. */
export const sessionItemSchema = z
  .object({
    id: z.string(),
    browser: z.string(),
    system: z.string(),
    user_agent: z.string(),
    ip: z.string(),
    created_at: z.string(),
    last_seen_at: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionItem' });
export type SessionItem = z.infer<typeof sessionItemSchema>;

/** `{id}` of `DELETE /api/user/me/sessions/{id}`. */
export const sessionIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
