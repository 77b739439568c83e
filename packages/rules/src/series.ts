import type { Period, Reference, Series, Unit } from "./types.js";

/** A series, frozen: the tables are read-only for every consumer. */
export function series<V>(label: string, unit: Unit, reference: Reference, periods: readonly Period<V>[]): Series<V> {
  return deepFreeze({ label, unit, reference, periods });
}

/**
 * A regime in force only within its periods (art. 790 A bis): on any other day its values are
 * `null`, "not in force", rather than a gap in the tables.
 */
export interface RegimeSeries<V> extends Series<V> {
  readonly regime: true;
}

export function regime<V>(label: string, unit: Unit, reference: Reference, periods: readonly Period<V>[]): RegimeSeries<V> {
  return deepFreeze({ label, unit, reference, periods, regime: true as const });
}

export function period<V>(value: V, from: string, to: string | null, enactedBy: string): Period<V> {
  return { value, from, to, enactedBy };
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function isSeries(x: unknown): x is Series<unknown> {
  return typeof x === "object" && x !== null && Array.isArray((x as { periods?: unknown }).periods) && typeof (x as { label?: unknown }).label === "string";
}

export function isRegime(x: Series<unknown>): x is RegimeSeries<unknown> {
  return (x as { regime?: unknown }).regime === true;
}
