import { z } from 'zod';

/** Object storage settings (docs/DEPLOY.md): present when S3_BUCKET is set, else media stay in MEDIA_DIR. */
export interface S3Config {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); AWS S3 itself when absent. */
  endpoint: string | undefined;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (what MinIO-like servers need). */
  forcePathStyle: boolean;
  region: string;
  /** Both or neither; neither lets the SDK find credentials itself (instance role, profile, web identity). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** The conventional variables of the AWS SDK and of S3-compatible servers, checked like every other variable. */
export const s3EnvShape = {
  // Bucket naming rules of S3: 3–63 characters, lower-case letters, digits, dots and hyphens, a letter or digit at
  // either end.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 characters of a-z, 0-9, . and -')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'must be an http:// or https:// address')
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { error: 'must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true' || v === 'yes')
    .optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be a region name like eu-central-1')
    .optional(),
  AWS_ACCESS_KEY_ID: z
    .string()
    .regex(/^\S{3,128}$/, 'must be 3–128 characters without spaces')
    .optional(),
  AWS_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^\S{3,256}$/, 'must be 3–256 characters without spaces')
    .optional(),
};

type S3Env = { [K in keyof typeof s3EnvShape]?: z.infer<(typeof s3EnvShape)[K]> };

/** Cross-variable rules, as issues on the variable to fix: the key id and the secret come together. */
export function checkS3Env(env: S3Env, ctx: z.RefinementCtx) {
  if (env.AWS_ACCESS_KEY_ID && !env.AWS_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: 'custom', path: ['AWS_SECRET_ACCESS_KEY'], message: 'must be set with AWS_ACCESS_KEY_ID' });
  }
  if (env.AWS_SECRET_ACCESS_KEY && !env.AWS_ACCESS_KEY_ID) {
    ctx.addIssue({ code: 'custom', path: ['AWS_ACCESS_KEY_ID'], message: 'must be set with AWS_SECRET_ACCESS_KEY' });
  }
}

/** The object storage settings, or undefined when S3_BUCKET is not set (the local directory). */
export function s3Config(env: S3Env): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    // The SDK needs a region even for servers that have none; us-east-1 is what they all accept.
    region: env.AWS_REGION ?? 'us-east-1',
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
  };
}
