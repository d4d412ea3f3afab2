/** One of `values`, chosen by `random` (a seeded generator such as mulberry32, so a failing sample fails again). */
export const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;
