import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { RandomGenerator } from "pure-rand/types/RandomGenerator";

const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** One step of SplitMix64 (Steele, Lea, Flood 2014): a bijective 64-bit mix with full avalanche. */
function splitmix64(x: bigint): bigint {
  let z = (x + GOLDEN_GAMMA) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

/** Checks that a seed or an index is a safe integer (any sign for a seed, ≥ 0 for an index). */
export function assertInteger(name: string, value: number, min = Number.MIN_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a safe integer${min === 0 ? " ≥ 0" : ""}, got ${value}`);
  }
}

/**
 * The 128-bit state of task `index` of the set drawn from `seed`. Seed and index are mixed
 * through SplitMix64 twice (never `seed + index`, which would make task i + 1 of seed s equal
 * task i of seed s + 1), so every task can be drawn on its own, in any order.
 */
export function taskState(seed: number, index: number, stream = 0): [number, number, number, number] {
  let h = splitmix64(splitmix64(BigInt.asUintN(64, BigInt(seed))) ^ BigInt(index));
  // Another stream of the same task (a fictional law): mixed in, so it shares nothing with the dossier's.
  if (stream !== 0) h = splitmix64(h ^ splitmix64(BigInt(stream)));
  const a = splitmix64(h);
  const b = splitmix64((h + GOLDEN_GAMMA) & MASK64);
  const words: [number, number, number, number] = [
    Number(a >> 32n) | 0,
    Number(a & 0xffffffffn) | 0,
    Number(b >> 32n) | 0,
    Number(b & 0xffffffffn) | 0,
  ];
  // xoroshiro128+ must not start from the all-zero state.
  if (words.every((w) => w === 0)) words[0] = 1;
  return words;
}

/** The per-task random source: every draw of a task, redraws included, comes from here. */
export class Rng {
  private readonly gen: RandomGenerator;

  /** `stream` 0 is the dossier's; another number gives an independent source for the same task. */
  constructor(seed: number, index: number, stream = 0) {
    this.gen = xoroshiro128plusFromState(taskState(seed, index, stream));
  }

  /** A whole number in [lo, hi]. */
  int(lo: number, hi: number): number {
    return uniformInt(this.gen, lo, hi);
  }

  /** True with probability `percent` / 100 (integers only: same result on every machine). */
  chance(percent: number): boolean {
    return this.int(0, 99) < percent;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }

  /** Picks by whole-number weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.int(0, total - 1);
    for (const [item, w] of items) {
      if (r < w) return item;
      r -= w;
    }
    /* c8 ignore next */
    throw new Error("unreachable: weights exhausted");
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice();
    for (let i = 0; i < count; i++) {
      const j = this.int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  }

  /**
   * A whole number between lo and hi (lo ≥ 1) spread over orders of magnitude: a doubling
   * segment [lo·2^k, lo·2^(k+1)) picked uniformly, then a uniform value inside it. Integer
   * arithmetic only (no Math.exp), so the same on every JavaScript engine.
   */
  spread(lo: number, hi: number): number {
    // The segments [lo·2^k, min(hi, lo·2^(k+1) − 1)] for lo·2^k ≤ hi, counted, then the k-th
    // found again by doubling (the same numbers as a list of them would hold, without the list).
    let count = 0;
    for (let a = lo; a <= hi; a *= 2) count++;
    const k = this.int(0, count - 1);
    let a = lo;
    for (let i = 0; i < k; i++) a *= 2;
    return this.int(a, Math.min(hi, a * 2 - 1));
  }
}
