/** 95 % two-sided normal quantile. */
export const Z95 = 1.959963984540054;

export type Interval = readonly [number, number];

/**
 * Wilson score interval of a proportion `p` observed on `n` (possibly an effective, fractional
 * number of independent trials). Null when n is 0.
 */
export function wilson(p: number, n: number, z = Z95): Interval | null {
  if (!(n > 0)) return null;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A group of observations that are not independent of each other (the rollouts of one task). */
export interface Cluster {
  /** Sum of the values of the group. */
  sum: number;
  /** Number of values in the group. */
  count: number;
}

/**
 * Variance of the mean `Σ sum / Σ count` of clustered observations, the cluster (the task) being
 * the unit drawn at random: Σ (sum_j − mean · count_j)² / N². With one value per cluster it is
 * the plain `p(1 − p) / n` (population variance over n) of a proportion.
 */
export function clusteredVariance(clusters: readonly Cluster[], mean: number): number {
  let n = 0;
  let s = 0;
  for (const c of clusters) {
    n += c.count;
    const d = c.sum - mean * c.count;
    s += d * d;
  }
  return n === 0 ? NaN : s / (n * n);
}

/**
 * 95 % interval of a success rate over clustered rollouts: Wilson's, on the effective number of
 * independent trials `p(1 − p) / variance` (the design effect of several rollouts per task),
 * never more than the rollouts, and the number of tasks when every task is all success or all
 * failure (no variance to measure).
 */
export function successInterval(clusters: readonly Cluster[]): Interval | null {
  const n = clusters.reduce((s, c) => s + c.count, 0);
  if (n === 0) return null;
  const p = clusters.reduce((s, c) => s + c.sum, 0) / n;
  const v = clusteredVariance(clusters, p);
  const effective = v > 0 ? Math.min(n, (p * (1 - p)) / v) : clusters.length;
  return wilson(p, effective);
}

/**
 * 95 % normal interval of a mean reward over clustered rollouts, with the small-sample factor
 * k / (k − 1) over k tasks, clipped to [0, 1] (rewards lie there). Null under two tasks.
 */
export function meanInterval(clusters: readonly Cluster[]): Interval | null {
  const k = clusters.length;
  if (k < 2) return null;
  const n = clusters.reduce((s, c) => s + c.count, 0);
  const mean = clusters.reduce((s, c) => s + c.sum, 0) / n;
  const se = Math.sqrt((clusteredVariance(clusters, mean) * k) / (k - 1));
  return [Math.max(0, mean - Z95 * se), Math.min(1, mean + Z95 * se)];
}
