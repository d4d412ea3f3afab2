// The S3 target of the benchmarks: the tests' S3-protocol server (`s3rver`, objects in a temporary folder) on
// loopback in the benchmark's process, and what is in its bucket afterwards.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3TestServer } from '../../apps/server/src/test/s3-server.js';

/** One empty bucket on a loopback `s3rver`; `env` holds the variables a server is started with (S3_BUCKET…). */
export async function startBucket(cleanups: { push(fn: () => Promise<void> | void): unknown }) {
  const server = await startS3TestServer();
  cleanups.push(() => server.close());
  console.log(`  s3rver on ${server.env.S3_ENDPOINT}, bucket ${server.env.S3_BUCKET} (removed at the end)`);
  return server.env;
}

/** The keys in the bucket of `env` (all pages of ListObjectsV2). */
export async function bucketKeys(env: Record<string, string>): Promise<string[]> {
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    region: env.AWS_REGION,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? '', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? '' },
  });
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: env.S3_BUCKET, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  } finally {
    client.destroy();
  }
}
