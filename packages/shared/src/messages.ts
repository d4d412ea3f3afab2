/** Validation message keys the admin translates (docs/spec-index.md S1.8, S2.8). */
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
  titleUrlReserved: 'errors.titleUrlReserved',
  nameUrlUnique: 'errors.nameUrlUnique',
  moduleIdUnique: 'errors.moduleIdUnique',
  passwordEqual: 'errors.passwordEqual',
  /** A list that needs at least one choice (positions, categories, events). */
  requiredSelect: 'errors.requiredSelect',
  /** A select of one choice (module, role, group, country) left empty or naming no such option. */
  requiredOption: 'errors.requiredOption',
  image: 'errors.image',
  invalid: 'errors.invalid',
  publishDown: 'errors.publishDown',
  parentInvalid: 'errors.parentInvalid',
  /** A webhook's address that resolves to no public address (loopback, private, link-local, metadata) or to none. */
  webhookAddress: 'errors.webhookAddress',
  /** "Mark as up to date" of a language that is not outdated (docs/features/translations.md). */
  notOutdated: 'errors.notOutdated',
  authFailed: 'auth.failed',
} as const;
export type ErrorKey = (typeof ERR)[keyof typeof ERR];
