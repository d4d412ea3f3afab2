import { type Locale, ROLES, slugify } from '@backoffice/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword } from '../../http/crypto.js';

export interface NewUser {
  email: string;
  password: string;
  role_id: number;
  name: string;
  surname: string;
  language_code?: Locale;
  status?: boolean;
}

/** Creates a user with a hashed password and a unique title_url; used by the CLI, seeds and tests. */
export async function createUser(db: Db, input: NewUser) {
  const base = slugify(`${input.name} ${input.surname}`) || 'user';
  const taken = await db
    .select({ title_url: users.title_url })
    .from(users)
    .where(sql`${users.title_url} like ${`${base}%`}`);
  let titleUrl = base;
  for (let i = 2; taken.some((t) => t.title_url === titleUrl); i++) titleUrl = `${base}-${i}`;
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      password: await hashPassword(input.password),
      role_id: input.role_id,
      name: input.name,
      surname: input.surname,
      title_url: titleUrl,
      language_code: input.language_code ?? 'sk',
      status: input.status ?? true,
      verified_at: new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  return user;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

export async function setUserPassword(db: Db, userId: number, password: string) {
  await db
    .update(users)
    .set({ password: await hashPassword(password), updated_at: new Date() })
    .where(eq(users.id, userId));
}

export const isValidRole = (role: number) => Object.values(ROLES).includes(role as 1 | 2 | 3);
