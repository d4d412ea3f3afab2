// The sign-in screens' shared rules, in a chunk of their own (zod comes with them): see useAuthSchemas.
export { forgottenPasswordSchema, loginSchema, resetPasswordSchema } from '@backoffice/shared';
