/** Validation message keys the admin translates (spec 1 §8, spec 2 §8). */
export const ERR = {
  required: 'errors.required',
  min1: 'errors.min1',
  min2: 'errors.min2',
  min3: 'errors.min3',
  min5: 'errors.min5',
  max60: 'errors.max60',
  max160: 'errors.max160',
  max240: 'errors.max240',
  min100max160: 'errors.min100max160',
  email: 'errors.email',
  emailUnique: 'errors.emailUnique',
  titleUrlUnique: 'errors.titleUrlUnique',
  nameUrlUnique: 'errors.nameUrlUnique',
  moduleIdUnique: 'errors.moduleIdUnique',
  passwordEqual: 'errors.passwordEqual',
  requiredSelect: 'errors.requiredSelect',
  image: 'errors.image',
  invalid: 'errors.invalid',
  authFailed: 'auth.failed',
} as const;
export type ErrorKey = (typeof ERR)[keyof typeof ERR];
