import type { Interval } from "./stats.js";

/** How the app writes figures (one place, so the tests read them the same way). */

export function reward(x: number | null): string {
  return x === null ? "–" : x.toFixed(3);
}

export function percent(x: number | null): string {
  return x === null ? "–" : `${(100 * x).toFixed(1)} %`;
}

export function rewardInterval(i: Interval | null): string {
  return i === null ? "" : `[${i[0].toFixed(3)}, ${i[1].toFixed(3)}]`;
}

export function percentInterval(i: Interval | null): string {
  return i === null ? "" : `[${(100 * i[0]).toFixed(1)}, ${(100 * i[1]).toFixed(1)}] %`;
}

/** A score as the scorer gives it, to at most four decimals: 1, 0.18, 0.3375. */
export function score(x: number): string {
  return String(Math.round(x * 10_000) / 10_000);
}

export function signed(x: number | null, digits = 3): string {
  if (x === null) return "–";
  return `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(digits)}`;
}
