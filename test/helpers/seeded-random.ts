/**
 * Deterministic pseudo-random numbers in [0, 1) from a seed (a linear congruential generator):
 * tests and benchmarks that make up data get the same data on every run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
