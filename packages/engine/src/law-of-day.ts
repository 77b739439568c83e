import type { Law, LawSource } from "@succ/rules";
import { formatDate, type CivilDate } from "./dates.js";

/** The values already read from each source, by day (y × 10,000 + m × 100 + d): most dossiers share a few days. */
const lawCache = new WeakMap<LawSource, Map<number, Law>>();
/**
 * Days kept for a source before its cache starts over: the acts of the dated tables' years and
 * the prior gifts of the recall's years before them, some 8,000 days, fit (a cache of 4,096,
 * full and cleared every few thousand dossiers, read most days again from the source).
 */
const DAYS_KEPT = 1 << 15;

/**
 * The last days asked for, in a table by the day's number, with their source: most calls find
 * their day there, without the source's Map (a hash lookup, and a WeakMap one for the source).
 * Its 4,096 places hold eleven years of consecutive days, each in its own place: the acts of the
 * `cgi` rules span ten years, and a table of 256 held too few of them to be hit more often than
 * missed.
 */
const RECENT = 4096;
/** NaN in an empty slot: equal to no day. */
const recentKeys = new Float64Array(RECENT).fill(NaN);
const recentSources = new Array<LawSource | undefined>(RECENT).fill(undefined);
const recentLaws = new Array<Law | undefined>(RECENT).fill(undefined);

/** The values of the law on a day, from a source of dated values. */
export function lawAt(source: LawSource, day: CivilDate): Law {
  const key = day.y * 10_000 + day.m * 100 + day.d;
  // Consecutive days in consecutive places (31 a month, 372 a year: a few places left empty).
  const slot = (day.y * 372 + day.m * 31 + day.d) & (RECENT - 1);
  if (recentKeys[slot] === key && recentSources[slot] === source) return recentLaws[slot]!;
  return lawFromSource(source, day, key, slot);
}

/** lawAt's day not in the small table: from the source's Map, or from the source (apart, so that callers inline only the table's lookup). */
function lawFromSource(source: LawSource, day: CivilDate, key: number, slot: number): Law {
  let byDay = lawCache.get(source);
  if (byDay === undefined) lawCache.set(source, (byDay = new Map()));
  let law = byDay.get(key);
  if (law === undefined) {
    law = source.on(formatDate(day));
    if (byDay.size >= DAYS_KEPT) byDay.clear();
    byDay.set(key, law);
  }
  recentKeys[slot] = key;
  recentSources[slot] = source;
  recentLaws[slot] = law;
  return law;
}
