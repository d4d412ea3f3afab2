// What the users' tests share (modules/users/*.test.ts): a valid create body, the edit form's body of an existing
// user, a signed-in agent for a new user of a role.
import { ROLES, type UserCreateInput } from '@backoffice/shared';
import type { SignedIn } from './content-cases.js';
import { buildUser } from './factories.js';
import { Agent } from './harness.js';

const BASE = '/api/user';

let seq = 0;
/** A valid create body; the e-mail and title_url are unique per call. */
export function userInput(overrides: Partial<UserCreateInput> = {}): UserCreateInput {
  seq += 1;
  return {
    role_id: ROLES.editor,
    status: true,
    name: 'Jana',
    surname: `Nová${seq}`,
    title_url: `jana-nova-${seq}-${Date.now()}`,
    email: `jana${seq}.${Date.now()}@example.com`,
    password: 'secret',
    password_2: 'secret',
    sex: 2,
    address: 'Hlavná 1',
    city: 'Bratislava',
    zip: '81101',
    country_id: null,
    phone: '',
    cellphone: '+421 900 000 000',
    billing_name: '',
    billing_address: '',
    billing_city: '',
    billing_zip: '',
    billing_country_id: null,
    billing_business_id: '',
    billing_tax_id: '',
    billing_vat: '',
    shipping_name: '',
    shipping_address: '',
    shipping_city: '',
    shipping_zip: '',
    shipping_country_id: null,
    ...overrides,
  };
}

/** The form's body for an existing user (what the edit form sends: every field, password blank). */
async function editBodyOf(ctx: SignedIn, id: number, overrides: Record<string, unknown> = {}) {
  const { data } = (await ctx.admin.get(`${BASE}/${id}`)).json();
  const {
    id: _id,
    image: _image,
    verified_at: _v,
    online_at: _o,
    created_at: _c,
    deleted_at: _d,
    ...fields
  } = data as Record<string, unknown>;
  return { ...fields, password: '', password_2: '', ...overrides };
}

/** A signed-in agent for a new user of `role`. */
async function signedInAs(ctx: SignedIn, role: number = ROLES.editor) {
  const user = await buildUser(ctx.server.ctx.db, { role_id: role });
  const agent = new Agent(ctx.server.app, 'en');
  await agent.login(user.email, user.plainPassword);
  return { user, agent };
}

/** editBody and signedIn bound to a suite's signed-in server. */
export const userCases = (ctx: SignedIn) => ({
  editBody: (id: number, overrides: Record<string, unknown> = {}) => editBodyOf(ctx, id, overrides),
  signedIn: (role: number = ROLES.editor) => signedInAs(ctx, role),
});
