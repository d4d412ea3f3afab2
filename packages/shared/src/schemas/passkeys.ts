import { z } from 'zod';
import { ERR } from '../messages.js';
import { TWO_FACTOR } from './two-factor.js';

/** Passkeys (WebAuthn) as a second factor beside TOTP (docs/features/sign-in-and-users.md). */
export const PASSKEYS = {
  /** How long a ceremony's challenge waits for its answer; each is spent by the first answer that names it. */
  challengeMinutes: 5,
  /** Passkeys one user may keep: enough for every device, few enough for the list and the sign-in's allow-list. */
  max: 20,
  nameMax: 60,
} as const;

/** Message keys of passkeys. */
export const PASSKEY_ERR = {
  /** The answer does not verify: wrong origin or RP, bad signature, a credential that is not the user's. */
  invalid: 'passkey.invalid',
  /** The challenge is unknown, spent or expired: the ceremony starts again. */
  expired: 'passkey.expired',
  duplicate: 'passkey.duplicate',
  tooMany: 'passkey.tooMany',
  /** Removing it would leave no second factor while role 1 requires one. */
  lastFactor: 'passkey.lastFactor',
} as const;

/** base64url as WebAuthn's JSON carries binary fields (no padding expected, tolerated). */
const base64url = (max: number) =>
  z
    .string({ error: PASSKEY_ERR.invalid })
    .max(max, PASSKEY_ERR.invalid)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, PASSKEY_ERR.invalid);
const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8)
  .optional();
/** The fields every credential answer shares; extension results are not used, so none are read. */
const credential = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: PASSKEY_ERR.invalid }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** `navigator.credentials.create()`'s answer as @simplewebauthn/browser sends it (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: base64url(8192).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports,
  }),
});

/** `navigator.credentials.get()`'s answer (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(512).optional(),
  }),
});

/** `POST /api/user/me/passkeys`: the name the user gives the passkey and the authenticator's answer. */
export const passkeyCreateSchema = z.object({
  name: z
    .string({ error: ERR.required })
    .trim()
    .min(1, ERR.required)
    .max(PASSKEYS.nameMax, ERR.max60)
    .regex(/^[^\p{Cc}]*$/u, ERR.invalid),
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyCreateInput = z.input<typeof passkeyCreateSchema>;

/** `POST /api/login/passkey`: the second step of a sign-in with a passkey. */
export const passkeyLoginSchema = z.object({ response: passkeyAuthenticationResponseSchema });

/* The options as the server's library types them: its strings are wider than WebAuthn's enums. */
const descriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });

/** The options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyRegistrationOptionsSchema = z
  .object({
    rp: z.object({ id: z.string().optional(), name: z.string() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(descriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.string().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    attestation: z.string().optional(),
    extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  })
  .meta({ id: 'PasskeyRegistrationOptions' });
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** The options for `navigator.credentials.get()` (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyAuthenticationOptionsSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(descriptor).optional(),
    userVerification: z.string().optional(),
  })
  .meta({ id: 'PasskeyAuthenticationOptions' });
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** One passkey of the signed-in user; the credential itself and its key never leave the server. */
export const passkeyItemSchema = z
  .object({ id: z.number().int(), name: z.string(), created_at: z.string(), last_used_at: z.string().nullable() })
  .meta({ id: 'PasskeyItem' });
export type PasskeyItem = z.infer<typeof passkeyItemSchema>;

/** `POST /api/user/me/passkeys`: the new passkey; with the recovery codes (shown once) when it is the first factor. */
export const passkeyCreatedSchema = z.object({
  message: z.string(),
  data: passkeyItemSchema,
  recovery_codes: z.array(z.string()).length(TWO_FACTOR.recoveryCodes).optional(),
});
export type PasskeyCreated = z.infer<typeof passkeyCreatedSchema>;
