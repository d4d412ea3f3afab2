import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ObjectStore } from '../media/object-store.js';

/** An S3-protocol server on loopback for one test server, and the variables that point the server at it. */
export interface S3TestServer {
  /** S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE, AWS_REGION and the key pair, as an operator sets them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts `s3rver` (a real S3 server speaking the protocol over HTTP, objects kept in a temporary folder) on a
 * random loopback port, with one empty bucket. The AWS SDK reaches it with path-style addresses, as it reaches
 * MinIO or Ceph.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'backoffice-s3-'));
  const bucket = `media-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: '1',
      AWS_REGION: 'us-east-1',
      // s3rver's own fixed key pair.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the store's PutObject requests fail from the `at`-th on (1 = the first), the way an S3 server answers when
 * it cannot take a write: `InternalError` (500) or MinIO's `XMinioStorageFull` (507). The failure is raised inside
 * the SDK's own middleware stack, past the driver, so the driver sees the SDK's error. Answers the restore function.
 */
export function failS3Puts(
  store: ObjectStore,
  options: { at?: number; code?: 'InternalError' | 'XMinioStorageFull' } = {},
) {
  const { at = 1, code = 'InternalError' } = options;
  const { client } = store as ObjectStore & { client?: S3Client };
  if (!client) throw new Error('not an S3 store');
  let calls = 0;
  const name = `fail-puts-${randomBytes(4).toString('hex')}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand' && ++calls >= at) {
        throw new S3ServiceException({
          name: code,
          $fault: 'server',
          $metadata: { httpStatusCode: code === 'InternalError' ? 500 : 507 },
          message: `${code}: simulated`,
        });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return () => void client.middlewareStack.remove(name);
}
