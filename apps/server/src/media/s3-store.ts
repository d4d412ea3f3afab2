import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../storage-config.js';
import {
  type ByteRange,
  FOLDER_MARKER,
  keySegments,
  type Listing,
  ObjectExistsError,
  ObjectNotFoundError,
  type ObjectStore,
  type PutOptions,
  prefixSegments,
  StorageKeyError,
  StorageUnavailableError,
  StorageWriteError,
  type StoredObject,
} from './object-store.js';

/** How long the readiness check waits for the bucket's answer. */
const CHECK_MS = 3000;

/** S3 error codes of a storage out of space or quota (AWS, MinIO, Ceph RGW). */
const FULL = new Set(['QuotaExceeded', 'XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'InsufficientStorage']);

interface SdkError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}
const statusOf = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;
const isNotFound = (err: unknown) => {
  const name = (err as SdkError)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
};

/** A refused or failed write as the storage error the routes answer 507 (a bug in our own code passes as it is). */
function writeFailure(err: unknown): unknown {
  if (err instanceof ObjectExistsError || err instanceof ObjectNotFoundError || err instanceof StorageKeyError) {
    return err;
  }
  const name = (err as SdkError)?.name ?? '';
  return new StorageWriteError(FULL.has(name) || statusOf(err) === 507 ? 'full' : 'failed', { cause: err });
}

/**
 * A failed read as what the callers know: a missing object as ObjectNotFoundError; a missing bucket, a server that
 * does not answer or one that refuses us as StorageUnavailableError (answered 507); our own errors as they are.
 */
function readFailure(err: unknown, key: string): unknown {
  if (err instanceof ObjectExistsError || err instanceof ObjectNotFoundError || err instanceof StorageKeyError) {
    return err;
  }
  if ((err as SdkError)?.name === 'NoSuchBucket') return new StorageUnavailableError('missing-bucket', { cause: err });
  if (isNotFound(err)) return new ObjectNotFoundError(key);
  const status = statusOf(err);
  return new StorageUnavailableError(status === 401 || status === 403 ? 'refused' : 'unreachable', { cause: err });
}

/** `bucket/key` for CopySource: each segment URL-encoded, the separators kept (what every S3 server reads). */
const copySource = (bucket: string, key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The S3-compatible driver (AWS S3, MinIO, Ceph RGW, R2…) through the AWS SDK v3. Keys are checked as on the
 * local disk before any request. Checksums are sent and checked only where the protocol requires them, which
 * is what S3-compatible servers other than AWS accept. A put is one PutObject: S3 stores an object whole or not
 * at all. An exclusive put sends `If-None-Match: *` (honoured by AWS, MinIO, R2 and current Ceph) and checks
 * first, for servers that ignore it.
 */
export function s3Store(config: S3Config): ObjectStore & { client: S3.S3Client; bucket: string } {
  // The SDK loads when object storage is configured, not at every start (about 0.15 s).
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadBucketCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3;
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  const describe = (key: string, head: { ContentLength?: number; LastModified?: Date; ETag?: string }) =>
    ({
      key,
      size: head.ContentLength ?? 0,
      modifiedAt: head.LastModified ?? new Date(0),
      etag: head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"`,
    }) satisfies StoredObject;

  const stat = async (key: string): Promise<StoredObject> => {
    keySegments(key);
    try {
      return describe(key, await client.send(new HeadObjectCommand({ Bucket, Key: key })));
    } catch (err) {
      throw readFailure(err, key);
    }
  };

  const exists = (key: string) =>
    stat(key).then(
      () => true,
      (err: unknown) => {
        if (err instanceof ObjectNotFoundError) return false;
        throw err;
      },
    );

  /** Every page of a listing. */
  async function* pages(prefix: string, delimiter: string | undefined) {
    let token: string | undefined;
    do {
      const page: S3.ListObjectsV2CommandOutput = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }))
        .catch((err: unknown) => {
          throw readFailure(err, prefix);
        });
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const store = {
    driver: 's3' as const,
    client,
    bucket: Bucket,

    async put(key: string, data: Buffer, options: PutOptions = {}) {
      keySegments(key);
      try {
        if (options.exclusive && (await exists(key))) throw new ObjectExistsError(key);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: options.contentType ?? 'application/octet-stream',
            ...(options.exclusive ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (err) {
        if (statusOf(err) === 412) throw new ObjectExistsError(key);
        throw writeFailure(err);
      }
    },

    async get(key: string) {
      const { body } = await store.stream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async stream(key: string, range?: ByteRange) {
      keySegments(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        // The whole object's size: from Content-Range when a range was asked for.
        const total = Number(answer.ContentRange?.split('/')[1] ?? answer.ContentLength ?? 0);
        return {
          body: answer.Body as Readable,
          object: describe(key, { ...answer, ContentLength: total }),
        };
      } catch (err) {
        throw readFailure(err, key);
      }
    },

    stat,

    async list(prefix: string, options: { recursive?: boolean } = {}): Promise<Listing> {
      prefixSegments(prefix);
      const listing: Listing = { objects: [], prefixes: [] };
      for await (const page of pages(prefix, options.recursive ? undefined : '/')) {
        for (const item of page.Contents ?? []) {
          // A key ending in '/' (a folder placeholder some tools write) is no object of ours.
          if (!item.Key || item.Key.endsWith('/')) continue;
          listing.objects.push(
            describe(item.Key, { ContentLength: item.Size, LastModified: item.LastModified, ETag: item.ETag }),
          );
        }
        for (const sub of page.CommonPrefixes ?? []) if (sub.Prefix) listing.prefixes.push(sub.Prefix);
      }
      listing.objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      listing.prefixes.sort();
      return listing;
    },

    async delete(key: string) {
      keySegments(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async deletePrefix(prefix: string) {
      if (prefix === '') throw new StorageKeyError('refusing to delete the whole storage');
      prefixSegments(prefix);
      for await (const page of pages(prefix, undefined)) {
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length === 0) continue;
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
    },

    async copy(from: string, to: string, options: { exclusive?: boolean } = {}) {
      keySegments(from);
      keySegments(to);
      try {
        if (options.exclusive && (await exists(to))) throw new ObjectExistsError(to);
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: to,
            CopySource: copySource(Bucket, from),
            ...(options.exclusive ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (err) {
        if (isNotFound(err)) throw new ObjectNotFoundError(from);
        if (statusOf(err) === 412) throw new ObjectExistsError(to);
        throw writeFailure(err);
      }
    },

    async move(from: string, to: string, options: { exclusive?: boolean } = {}) {
      await store.copy(from, to, options);
      await store.delete(from);
    },

    async createFolder(prefix: string) {
      if (prefix === '') return;
      await store.put(`${prefix}${FOLDER_MARKER}`, Buffer.alloc(0), { exclusive: true });
    },

    async movePrefix(from: string, to: string) {
      if (from === '' || to === '') throw new StorageKeyError('the root cannot move');
      prefixSegments(to);
      const { objects } = await store.list(from, { recursive: true });
      if (objects.length === 0) throw new ObjectNotFoundError(from);
      // Copies first, then one sweep of the old prefix: a failure midway leaves both, never neither.
      for (const object of objects) await store.copy(object.key, `${to}${object.key.slice(from.length)}`);
      await store.deletePrefix(from);
    },

    async pruneFolders() {},

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_MS) });
      } catch (err) {
        const status = statusOf(err);
        // HEAD has no body: a 404 of the bucket names no code.
        const missing = isNotFound(err) || (err as SdkError)?.name === 'NoSuchBucket';
        const reason = missing ? 'missing-bucket' : status === 403 || status === 401 ? 'refused' : 'unreachable';
        throw new StorageUnavailableError(reason, { cause: err });
      }
    },

    async close() {
      client.destroy();
    },
  };
  return store;
}
