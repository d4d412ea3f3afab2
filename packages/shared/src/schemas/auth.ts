import { z } from 'zod';
import { LIMITS, LOCALES } from '../constants.js';
import { ERR } from '../messages.js';
import { passwordsTyped } from '../zod-helpers.js';

const email = z.string({ error: ERR.email }).trim().min(1, ERR.required).max(255).email(ERR.email);

export const loginSchema = z.object({
  email,
  password: z.string({ error: ERR.required }).min(1, ERR.required).max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgottenPasswordSchema = z.object({ email });
export type ForgottenPasswordInput = z.infer<typeof forgottenPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: ERR.invalid }).min(1, ERR.required).max(200),
    email,
    password: z.string({ error: ERR.min5 }).min(LIMITS.passwordMin, ERR.min5).max(1000),
    password_2: z.string({ error: ERR.passwordEqual }),
  })
  .refine((v) => v.password === v.password_2, {
    path: ['password_2'],
    message: ERR.passwordEqual,
    when: passwordsTyped,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * The signed-in user as the sign-in answer and `GET /api/user/me` give it (docs/api.md Session and CSRF), never the
 * password hash. `image` is the thumbnail's address; `token` is the file manager's token of the session
 * (docs/features/file-manager.md), in both answers.
 */
export const storedUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    surname: z.string(),
    email: z.string(),
    role_id: z.number().int(),
    image: z.string().nullable(),
    language_code: z.enum(LOCALES),
    two_factor: z.boolean().meta({ description: 'Whether the user signs in with a code of an authenticator app too.' }),
    token: z
      .string()
      .optional()
      .meta({ description: "The file manager's token of this session (60 minutes); both answers carry it." }),
  })
  .meta({ id: 'SignedInUser' });

/**
 * An answer without a body (204). `type: 'null'` makes the OpenAPI document show the status without content; the
 * handler sends nothing, so nothing is serialized.
 */
export const noContentResponse = (description: string) => z.void().meta({ type: 'null', description });
