/**
 * Deterministic pseudo-random numbers in [0, 1) (mulberry32): the same seed gives the same sequence, so demo
 * traffic, benchmark data and randomised tests are the same on every run.
 */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
