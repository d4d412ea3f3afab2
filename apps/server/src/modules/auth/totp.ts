import { TWO_FACTOR } from '@backoffice/shared';
import { Secret, TOTP } from 'otpauth';

/** TOTP (RFC 6238) as authenticator apps speak it: SHA-1, 6 digits, 30-second steps. */
const totpOf = (secret: string, label = '', issuer: string = TWO_FACTOR.issuer) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new random secret (160 bits, base32), as the authenticator app takes it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The `otpauth://totp/…` address the QR code carries; the issuer names the site in the authenticator app. */
export const otpauthUrl = (secret: string, account: string, issuer?: string): string =>
  totpOf(secret, account, issuer || TWO_FACTOR.issuer).toString();

/** The time step a moment falls in. */
export const stepOf = (at: number): number => Math.floor(at / 1000 / TWO_FACTOR.periodSeconds);

/**
 * The time step of `code` when it is valid at `at` (the step before and after count too, for clocks that differ a
 * little), else null. Whether that step was used already is the caller's question (docs/features/sign-in-and-users.md).
 */
export function matchingStep(secret: string, code: string, at: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: TWO_FACTOR.window });
  return delta === null ? null : stepOf(at) + delta;
}

/** The code of a moment (the tests compute codes the way an app does). */
export const totpCode = (secret: string, at: number): string => totpOf(secret).generate({ timestamp: at });
