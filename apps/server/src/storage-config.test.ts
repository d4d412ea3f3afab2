import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const base = { DATA_DIR: '/tmp/backoffice-config-test', SESSION_SECRET: 'x'.repeat(40) };

describe('object storage configuration', () => {
  it('without S3_BUCKET files stay in MEDIA_DIR, whatever else is set', () => {
    expect(loadConfig({ ...base, AWS_REGION: 'eu-central-1' }).s3).toBeUndefined();
  });

  it('S3_BUCKET turns it on, with the endpoint, path style, region and key pair of the conventional variables', () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'backoffice-media',
      S3_ENDPOINT: 'http://minio.internal:9000/',
      S3_FORCE_PATH_STYLE: '1',
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret-example-key',
    });
    expect(config.s3).toEqual({
      bucket: 'backoffice-media',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example-key',
    });
  });

  it('AWS itself needs only the bucket: us-east-1, virtual-hosted addresses, the SDK finds the credentials', () => {
    expect(loadConfig({ ...base, S3_BUCKET: 'media.example.com' }).s3).toEqual({
      bucket: 'media.example.com',
      endpoint: undefined,
      forcePathStyle: false,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });

  it.each([
    ['S3_BUCKET', 'Media_Bucket'],
    ['S3_BUCKET', 'ab'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_ENDPOINT', 'ftp://minio'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
    ['AWS_REGION', 'EU Central'],
    ['AWS_ACCESS_KEY_ID', 'has space'],
  ])('an invalid %s stops start-up with a message naming it', (name, value) => {
    const env = {
      ...base,
      S3_BUCKET: 'media',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
      [name]: value,
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('a key id without its secret (or the reverse) names the missing one', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', AWS_ACCESS_KEY_ID: 'key' })).toThrow(
      'AWS_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', AWS_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      'AWS_ACCESS_KEY_ID',
    );
  });
});
