import { describe, expect, it } from 'vitest';
import { loginSchema, resetPasswordSchema } from './auth.js';
import { listQuerySchema } from './list.js';
import { textSchema } from './text.js';
import { userCreateSchema, userUpdateSchema } from './user.js';

const keysOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const validText = {
  langs: { sk: { title: 'Titulok', content: '<p>x</p>' }, en: { title: 'Title', content: '' } },
  positions: [1],
};

describe('textSchema', () => {
  it('accepts a valid text and defaults status to true', () => {
    const parsed = textSchema.parse(validText);
    expect(parsed.status).toBe(true);
  });

  it.each([
    [
      { ...validText, langs: { ...validText.langs, sk: { title: 'ab', content: '' } } },
      { 'langs.sk.title': 'errors.min3' },
    ],
    [
      { ...validText, langs: { ...validText.langs, en: { title: '   ab  ', content: '' } } },
      { 'langs.en.title': 'errors.min3' },
    ],
    [{ ...validText, positions: [] }, { positions: 'errors.requiredSelect' }],
    [{ ...validText, positions: undefined }, { positions: 'errors.requiredSelect' }],
  ])('reports the spec key for %#', (input, expected) => {
    expect(keysOf(textSchema.safeParse(input))).toEqual(expected);
  });

  it('takes the multipart spellings: "1"/"0" booleans and string ids', () => {
    const parsed = textSchema.parse({ ...validText, status: '0', positions: ['2', '3'] });
    expect(parsed).toMatchObject({ status: false, positions: [2, 3] });
  });
});

describe('auth schemas', () => {
  it('login needs a valid e-mail and a password', () => {
    expect(keysOf(loginSchema.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'errors.email',
      password: 'errors.required',
    });
  });
  it('reset: min 5, equal passwords, token a string', () => {
    expect(
      keysOf(resetPasswordSchema.safeParse({ token: ['x'], email: 'a@b.sk', password: 'abcd', password_2: 'abce' })),
    ).toEqual({
      token: 'errors.invalid',
      password: 'errors.min5',
      password_2: 'errors.passwordEqual',
    });
    expect(
      keysOf(resetPasswordSchema.safeParse({ token: 't', email: 'a@b.sk', password: 'abcde', password_2: 'abcdf' })),
    ).toEqual({
      password_2: 'errors.passwordEqual',
    });
  });
});

describe('listQuerySchema', () => {
  it('falls back to safe defaults for nonsense', () => {
    expect(listQuerySchema.parse({ page: '-3', per_page: 'lots', order: 'sideways' })).toMatchObject({
      page: 1,
      per_page: 20,
      order: undefined,
    });
    expect(listQuerySchema.parse({ per_page: '100' }).per_page).toBe(100);
  });
});

describe('the passwords of a user form', () => {
  it('a mismatch is reported together with the errors of the other fields, not only once they are valid', () => {
    const base = { role_id: 2, name: '', surname: 'N', email: 'not-an-email' };
    const created = keysOf(userCreateSchema.safeParse({ ...base, password: 'abcde', password_2: 'abcdx' }));
    expect(created).toMatchObject({ name: 'errors.min2', email: 'errors.email', password_2: 'errors.passwordEqual' });
    const updated = keysOf(userUpdateSchema.safeParse({ ...base, password: 'abcde', password_2: '' }));
    expect(updated.password_2).toBe('errors.passwordEqual');
    expect(keysOf(userUpdateSchema.safeParse({ ...base, password: '', password_2: '' })).password_2).toBeUndefined();
  });
});
