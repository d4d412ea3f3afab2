import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config.js';

// The image and the compose file (Dockerfile, compose.yaml, deploy/nginx.conf; docs/DEPLOY.md "An image"). This
// machine has no container engine: what the image runs (the production build with its production dependencies,
// `node server.cjs`, readiness at /api/health, SIGTERM) is tested in production-build.test.ts and several processes
// behind one database and bucket in scale.test.ts; here the files are held to the same names and values.

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };

/** `${NAME:-default}` as compose substitutes it with nothing set in the environment. */
const substituted = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');

describe('compose.yaml', () => {
  const apps = Object.entries(compose.services).filter(([, service]) => service.image === 'backoffice');

  it('runs two app processes of one image beside PostgreSQL, MinIO, the bucket maker and a proxy', () => {
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(compose.services.app1?.build).toBe('.');
    for (const name of ['postgres', 'minio', 'bucket', 'proxy']) expect(compose.services[name], name).toBeDefined();
  });

  it("gives each app process an environment the server's own check accepts, on PostgreSQL and the bucket", () => {
    for (const [name, service] of apps) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, substituted(String(value))]),
      );
      const config = loadConfig({ ...env, DATA_DIR: '/data' });
      expect(config.databaseUrl, name).toMatch(/@postgres:5432\/backoffice$/);
      expect(config.s3?.bucket, name).toBe('backoffice-media');
      expect(config.trustProxy, name).toBe(true);
      // Each its own DATA_DIR volume.
      expect(service.volumes, name).toEqual([`${name}-data:/data`]);
      const bucketCommand = String((compose.services.bucket as { entrypoint?: string }).entrypoint);
      expect(bucketCommand).toContain(`local/${config.s3?.bucket}`);
    }
  });

  it("proxies to both processes on the port they listen on, with the client's address overwritten", () => {
    const nginx = read('deploy/nginx.conf');
    for (const [name, service] of apps) expect(nginx).toContain(`server ${name}:${service.environment?.PORT}`);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(compose.services.proxy?.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds with the toolchain and runs the production build alone, as a user without rights', () => {
    expect(stages).toHaveLength(2);
    const [build, run] = stages as [string, string];
    expect(build).toContain('RUN npm ci');
    expect(build).toContain('RUN npm run build');
    expect(run).toContain('COPY --from=build /src/dist/package.json /src/dist/package-lock.json ./');
    expect(run).toContain('RUN npm ci --omit=dev');
    expect(run).toMatch(/^USER backoffice$/m);
    expect(run).toMatch(/^CMD \["node", "server\.cjs"\]$/m);
    expect(run).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
  });

  it('copies every workspace manifest before the install, so that npm ci finds the whole workspace', () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    for (const workspace of workspaces) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });
});

// nginx itself checks both configurations (`nginx -t`) where it is installed (.ci/run installs it).
const nginx = spawnSync('nginx', ['-v']).status === 0;

describe.skipIf(!nginx)('the nginx configurations', () => {
  const folder = mkdtempSync(join(tmpdir(), 'backoffice-nginx-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** `nginx -t` of `server` blocks inside a minimal main configuration, run in the scratch folder. */
  function check(blocks: string) {
    const conf = join(folder, 'nginx.conf');
    writeFileSync(
      conf,
      `pid ${folder}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  access_log off;\n${blocks}\n}\n`,
    );
    return spawnSync('nginx', ['-t', '-p', folder, '-c', conf], { encoding: 'utf8' });
  }

  it('the block of docs/DEPLOY.md passes nginx -t with its certificate in place', () => {
    const block = /```nginx\n([\s\S]*?)```/.exec(read('docs/DEPLOY.md'))?.[1] ?? '';
    const cert = join(folder, 'cert.pem');
    const key = join(folder, 'key.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=www.example.com',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status).toBe(0);
    const result = check(
      block.replace('/etc/ssl/certs/www.example.com.pem', cert).replace('/etc/ssl/private/www.example.com.key', key),
    );
    expect(result.status, result.stderr).toBe(0);
  });

  it("compose's deploy/nginx.conf passes nginx -t (its services' names as addresses)", () => {
    const result = check(read('deploy/nginx.conf').replace(/server app\d+:/g, 'server 127.0.0.1:'));
    expect(result.status, result.stderr).toBe(0);
  });
});
