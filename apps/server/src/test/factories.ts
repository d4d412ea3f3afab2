import { randomBytes } from 'node:crypto';
import { ROLES, type TextInput } from '@backoffice/shared';
import type { Db } from '../db/client.js';
import { createText, positionOptions } from '../modules/texts/service.js';
import { createUser, type NewUser } from '../modules/users/operations.js';

let seq = 0;
const unique = () => `${++seq}${randomBytes(3).toString('hex')}`;

export async function buildUser(db: Db, overrides: Partial<NewUser> = {}) {
  const input = {
    email: `user${unique()}@example.com`,
    password: 'secret-password',
    role_id: ROLES.editor,
    name: 'Test',
    surname: 'User',
    ...overrides,
  };
  const user = await createUser(db, input);
  return { ...user, plainPassword: input.password };
}

export async function textInput(db: Db, overrides: Partial<TextInput> & { title?: string } = {}): Promise<TextInput> {
  const positions = await positionOptions(db);
  const title = overrides.title ?? `Text ${unique()}`;
  return {
    langs: {
      sk: { title: `${title} sk`, content: '<p>obsah</p>' },
      en: { title: `${title} en`, content: '<p>content</p>' },
    },
    positions: [positions[0]?.id ?? 1],
    status: true,
    ...overrides,
  };
}

export async function buildText(db: Db, overrides: Partial<TextInput> & { title?: string } = {}) {
  return createText(db, await textInput(db, overrides));
}
