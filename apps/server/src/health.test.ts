import { DeleteBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { ObjectStore } from './media/object-store.js';
import { objectStore } from './media/storage.js';
import { PDF, upload } from './test/file-cases.js';
import { Agent, startTestServer, type TestServer } from './test/harness.js';

// Readiness with the file storage on S3 (docs/DEPLOY.md): a process whose bucket is gone or whose S3 server does
// not answer is taken out of the load balancer (503, saying which), and an upload then answers 507, never 500.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ storage: 's3' });
});
afterAll(() => server.close());

const health = async (app: Awaited<ReturnType<typeof buildApp>>) => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
};

describe('readiness with S3 storage', () => {
  it('an S3 server that does not answer: 503 "unreachable", and an upload is 507', async () => {
    const s3 = { ...server.config.s3, endpoint: 'http://127.0.0.1:1' } as NonNullable<typeof server.config.s3>;
    const app = await buildApp({ ...server.ctx, config: { ...server.ctx.config, s3 } }, { logger: false });
    try {
      expect(await health(app)).toEqual({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', storage: 'unreachable', mail: 'ok' } },
      });
      const agent = new Agent(app, 'en');
      await agent.login();
      const res = await upload(agent, '', PDF, 'a.pdf');
      expect(res.statusCode, res.body).toBe(507);
    } finally {
      await app.close();
    }
  });

  it('a bucket that is gone: 503 "missing-bucket", and an upload is 507', async () => {
    expect(await health(server.app)).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });
    const store = objectStore(server.config) as ObjectStore & { client: S3Client; bucket: string };
    await store.client.send(new DeleteBucketCommand({ Bucket: store.bucket }));
    expect(await health(server.app)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', storage: 'missing-bucket', mail: 'ok' } },
    });
    const agent = new Agent(server.app, 'en');
    await agent.login();
    const res = await upload(agent, '', PDF, 'a.pdf');
    expect(res.statusCode, res.body).toBe(507);
  });
});
