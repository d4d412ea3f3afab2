import { z } from 'zod';
import { LIMITS } from '../constants.js';
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
