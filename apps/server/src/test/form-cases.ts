// What the submission tests share (modules/forms/*.test.ts): a visitor's post to a public form, the admin's list of
// a kind, and valid price-offer and registration bodies.
import type { FormKind } from '@backoffice/shared';
import type { InjectOptions } from 'fastify';
import type { SignedIn } from './content-cases.js';

let ip = 0;
/** Every test posts from its own address, so the per-address limit is only met where a test means to meet it. */
const nextAddress = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

export function formCases(ctx: SignedIn) {
  /** A visitor of the public site: no session, no CSRF token. The mails queued by the post are sent before it returns. */
  async function publicPost(
    kind: string,
    payload: unknown,
    opts: Partial<InjectOptions> & { address?: string; sendMails?: boolean } = {},
  ) {
    const { address, headers, sendMails = true, ...rest } = opts;
    const res = await ctx.server.app.inject({
      method: 'POST',
      url: `/api/public/form/${kind}`,
      payload: payload as InjectOptions['payload'],
      remoteAddress: address ?? nextAddress(),
      headers: { 'accept-language': 'en', ...(headers as Record<string, string>) },
      ...rest,
    });
    if (sendMails) await ctx.server.app.jobs.drain();
    return res;
  }
  const listOf = async (kind: FormKind, agent = ctx.admin, query = '') =>
    (await agent.get(`/api/form/${kind}/?per_page=100${query}`)).json();
  const totalOf = async (kind: FormKind) => (await listOf(kind)).meta.total as number;
  const latestId = async (kind: FormKind) => (await listOf(kind)).data[0]?.id as number;
  return { publicPost, listOf, totalOf, latestId };
}

export const price = (overrides: Record<string, unknown> = {}) => ({
  name: 'Stavby a.s.',
  address: 'Hlavná 1, Bratislava',
  ico: '12345678',
  dic: '2023456789',
  icdph: 'SK2023456789',
  contact: 'Eva Malá',
  phone: '+421 2 123 456',
  email: 'eva@example.com',
  material: 'Betón',
  material_desc: 'Drvený betón',
  faction: '0-32',
  faction_desc: 'Na podsyp',
  weight: '25 t',
  place: 'Trnava',
  deadline: '30. 6. 2026',
  delivery: 'Nitra',
  note: 'Prosím o rýchlu odpoveď',
  locale: 'en',
  ...overrides,
});
export const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Doprava s.r.o.',
  address: 'Priemyselná 2, Žilina',
  ico: '87654321',
  dic: '2087654321',
  icdph: 'SK2087654321',
  contact: 'Peter Veľký',
  phone: '+421 41 555 666',
  fax: '+421 41 555 667',
  email: 'peter@example.com',
  cars: [
    { type: 'Tatra 815', capacity: '20 t', count: 2, license: 'ZA-123AB' },
    { type: 'Volvo FH', capacity: '24 t', count: '1', license: 'ZA-456CD' },
  ],
  other_cars: 'Dodávka',
  cars_total: 4,
  locale: 'en',
  ...overrides,
});
