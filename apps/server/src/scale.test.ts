import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cut, noiseJpeg } from './test/gallery-images.js';
import { HttpAgent, type ServerProcess, scratchDatabase, sendBeacon, startProcess } from './test/processes.js';
import { type S3TestServer, startS3TestServer } from './test/s3-server.js';

/**
 * Several stateless server processes on one PostgreSQL database (docs/DEPLOY.md), as an operator runs them behind a load
 * balancer: real processes, requests spread over them. Runs in the PostgreSQL pass of the tests.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'admin@example.com', password: 'scale-admin-password' };

describe.skipIf(!onPostgres)('three server processes on one database and one bucket', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let bucket: S3TestServer;
  let servers: ServerProcess[] = [];
  const urls = () => servers.map((s) => s.url);

  beforeAll(async () => {
    database = await scratchDatabase();
    bucket = await startS3TestServer();
    // Started at once on an empty database: they race for the migrations and the seeds, demo content included.
    servers = await Promise.all(
      [0, 1, 2].map(() =>
        startProcess({
          DATABASE_URL: database.url,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SEED_DEMO: '1',
          TRUST_PROXY: '1',
          ...bucket.env,
        }),
      ),
    );
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    await bucket?.close();
  }, 60_000);

  it('all three come up on an empty database, with one administrator and the demo content once', async () => {
    expect(servers).toHaveLength(3);
    const db = new HttpAgent();
    await db.request(urls()[0] as string, 'GET', '/sanctum/csrf-cookie');
    expect((await db.request(urls()[0] as string, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const users = await db.request(urls()[1] as string, 'GET', '/api/user/?per_page=100');
    const list = users.json.data as unknown as { email: string; role_id: number }[];
    expect(list.filter((u) => u.email === ADMIN.email)).toHaveLength(1);
    expect(list.filter((u) => u.email === 'editor@example.com')).toHaveLength(1);
    const pages = await db.request(urls()[2] as string, 'GET', '/api/content/page/?per_page=100');
    const titles = (pages.json.data as unknown as { title: string }[]).map((p) => p.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('one shared secret: signed in through one process, a save through another with the same cookies', async () => {
    const agent = new HttpAgent();
    const [a, b, c] = urls() as [string, string, string];
    await agent.request(a, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(a, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const created = await agent.request(b, 'POST', '/api/content/text/', {
      langs: { sk: { title: 'Text cez dva procesy', content: '' }, en: { title: 'Text over two', content: '' } },
      positions: [1],
    });
    expect(created.status).toBe(201);
    const id = created.json.data?.id as number;
    const read = await agent.request(c, 'GET', `/api/content/text/${id}`);
    expect(read.status).toBe(200);
    expect((await agent.request(c, 'POST', '/api/logout')).status).toBe(200);
    expect((await agent.request(a, 'GET', '/api/user/me')).status).toBe(401);
  });

  it("a search's total: counted through one process, a create through another, the third counts again", async () => {
    const agent = new HttpAgent();
    const [a, b, c] = urls() as [string, string, string];
    await agent.request(a, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(a, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const total = async (base: string) =>
      (
        (await agent.request(base, 'GET', '/api/content/text/?search=Kolibri&per_page=1')).json.meta as {
          total: number;
        }
      ).total;
    const create = (title: string) =>
      agent.request(b, 'POST', '/api/content/text/', {
        langs: { sk: { title, content: '' }, en: { title, content: '' } },
        positions: [1],
      });
    expect((await create('Kolibri jeden')).status).toBe(201);
    expect((await create('Kolibri dva')).status).toBe(201);
    // One page of one row: the total is not the page's length.
    expect(await total(a)).toBe(2);
    expect(await total(c)).toBe(2);
    expect((await create('Kolibri tri')).status).toBe(201);
    expect(await total(c)).toBe(3);
    expect(await total(a)).toBe(3);
  });

  it('a deep page by number: read through one process, a save through another, the third pages exactly', async () => {
    // 10,050 texts (one page of 20 at page 501 skips 10,000 rows).
    await database.query(`insert into texts (status, updated_at)
      select true, now() - interval '1 year' - g * interval '1 minute' from generate_series(1, 10050) g`);
    await database.query(`insert into text_langs (text_id, language_code, title)
      select t.id, l.code, 'Scale text ' || t.id from texts t cross join (values ('sk'), ('en')) l(code)
      where not exists (select 1 from text_langs x where x.text_id = t.id)`);
    const agent = new HttpAgent();
    const [a, b, c] = urls() as [string, string, string];
    await agent.request(a, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(a, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const byOffset = async () =>
      (
        await database.query(`select id from texts where deleted_at is null
          order by updated_at desc, id desc limit 20 offset 10000`)
      ).map((r) => Number(r.id));
    const page = async (base: string) =>
      (
        (await agent.request(base, 'GET', '/api/content/text/?page=501&per_page=20')).json.data as unknown as {
          id: number;
        }[]
      ).map((r) => r.id);
    expect(await page(a)).toEqual(await byOffset());
    // A record on that page saved through B moves to the top; C's page 501 moves with the list.
    const [moved] = await byOffset();
    const record = (await agent.request(b, 'GET', `/api/content/text/${moved}`)).json.data as Record<string, unknown>;
    const saved = await agent.request(b, 'POST', `/api/content/text/${moved}`, {
      langs: { sk: { title: 'Presunutý text', content: '' }, en: { title: 'Moved text', content: '' } },
      positions: [1],
      updated_at: record.updated_at,
    });
    expect(saved.status).toBe(200);
    expect(await page(c)).toEqual(await byOffset());
    expect(await page(c)).not.toContain(moved);
  });

  it('a chunked gallery upload whose chunks go to all three; each serves the image and its thumbnail', async () => {
    const agent = new HttpAgent();
    const [a] = urls() as [string];
    await agent.request(a, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(a, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const galleries = await agent.request(a, 'GET', '/api/gallery/?per_page=1');
    const galleryId = (galleries.json.data as unknown as { id: number }[])[0]?.id as number;
    const photo = await noiseJpeg(640, 480);
    const upload = cut(photo);
    expect(upload.count).toBeGreaterThanOrEqual(3);
    let last: Awaited<ReturnType<HttpAgent['request']>> | null = null;
    for (let i = 0; i < upload.count; i++) {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.chunk(i))) {
        if (Buffer.isBuffer(value)) form.append(name, new Blob([new Uint8Array(value)]), 'blob');
        else form.append(name, value);
      }
      last = await agent.request(urls()[i % 3] as string, 'POST', `/api/gallery/image/${galleryId}/upload`, form);
      expect(last.status, `chunk ${i}`).toBe(i === upload.count - 1 ? 201 : 200);
    }
    const image = last?.json.data as unknown as { path: string; thumbnail: string; width: number };
    expect(image.width).toBe(640);
    for (const base of urls()) {
      const original = await fetch(`${base}${image.path}`);
      expect(original.status).toBe(200);
      expect((await original.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      const thumb = await fetch(`${base}${image.thumbnail}`);
      expect(thumb.status).toBe(200);
      await thumb.arrayBuffer();
      const part = await fetch(`${base}${image.path}`, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('6 wrong passwords spread over the three: the 6th is 429', async () => {
    const agent = new HttpAgent();
    await agent.request(urls()[0] as string, 'GET', '/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = urls()[i % 3] as string;
      const wrong = { email: 'editor@example.com', password: 'wrong-one' };
      statuses.push((await agent.request(base, 'POST', '/api/login', wrong)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('the database restarted during saves: every save answered 2xx is there afterwards', async () => {
    const agent = new HttpAgent();
    const [a] = urls() as [string];
    await agent.request(a, 'GET', '/sanctum/csrf-cookie');
    expect((await agent.request(a, 'POST', '/api/login', ADMIN)).status).toBe(200);
    const acknowledged: number[] = [];
    const failed: number[] = [];
    const saves = Array.from({ length: 30 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, i * 15));
      const res = await agent.request(urls()[i % 3] as string, 'POST', '/api/content/text/', {
        langs: {
          sk: { title: `Počas výpadku ${i}`, content: '' },
          en: { title: `During the outage ${i}`, content: '' },
        },
        positions: [1],
      });
      if (res.status === 201) acknowledged.push(res.json.data?.id as number);
      else failed.push(res.status);
    });
    // What a restart does to the servers' connections: every backend of this database is gone at once.
    // Twice, at different points of the saves, so connections in the middle of a transaction are lost too.
    for (const wait of [120, 150]) {
      await new Promise((r) => setTimeout(r, wait));
      await database.admin(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
    }
    await Promise.all(saves);
    for (const status of failed) expect(status).toBeGreaterThanOrEqual(500);
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const id of acknowledged) {
      expect(
        (await agent.request(urls()[(id % 3) as 0 | 1 | 2] as string, 'GET', `/api/content/text/${id}`)).status,
      ).toBe(200);
    }
    // The servers recover on their own: a new save through each works.
    for (const base of urls()) {
      const again = await agent.request(base, 'POST', '/api/content/text/', {
        langs: { sk: { title: 'Po výpadku', content: '' }, en: { title: 'After the outage', content: '' } },
        positions: [1],
      });
      expect(again.status).toBe(201);
    }
  });

  it('600 beacons of 60 visitors spread over the three: exactly those views, visitors and one session each', async () => {
    const sends: Promise<number>[] = [];
    for (let v = 0; v < 60; v++) {
      const address = `10.60.${Math.floor(v / 200)}.${(v % 200) + 1}`;
      sends.push(
        (async () => {
          const statuses: number[] = [];
          for (let n = 0; n < 10; n++) {
            const beacon = {
              type: 'view',
              visitor: `scale-visitor-${v}`,
              view: `scale-view-${v}-${n}`,
              path: `/p${n}`,
            };
            statuses.push(await sendBeacon(urls()[(v + n) % 3] as string, beacon, address));
          }
          return statuses.filter((s) => s === 204).length;
        })(),
      );
    }
    expect((await Promise.all(sends)).reduce((a, b) => a + b, 0)).toBe(600);
    const [views] = await database.query(
      `select count(*)::int as n, count(distinct visitor_id)::int as visitors, count(distinct session_id)::int as sessions
       from analytics_pageviews where view_key like 'scale-view-%'`,
    );
    expect(views).toEqual({ n: 600, visitors: 60, sessions: 60 });
  });

  it('kill -9 right after the answers: every beacon answered 204 is stored', async () => {
    const victim = await startProcess({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        sendBeacon(
          victim.url,
          { type: 'view', visitor: `killed-visitor-${i % 20}`, view: `killed-view-${i}`, path: '/' },
          `10.61.0.${(i % 20) + 1}`,
        ),
      ),
    );
    await victim.kill();
    const acknowledged = statuses.filter((s) => s === 204).length;
    expect(acknowledged).toBe(100);
    const [row] = await database.query(
      `select count(*)::int as n from analytics_pageviews where view_key like 'killed-view-%'`,
    );
    expect(row?.n).toBe(acknowledged);
  });

  it('SIGTERM: a process finishes what it holds and exits 0', async () => {
    const last = servers.pop() as ServerProcess;
    expect(await last.stop()).toBe(0);
    expect(last.output()).toContain('SIGTERM');
  });
});
