import type { Law, LawSource } from "@succ/rules";
import { formatDate, type CivilDate } from "./dates.js";

/** The values already read from each source, by day (y × 10,000 + m × 100 + d): most dossiers share a few days. */
const lawCache = new WeakMap<LawSource, Map<number, Law>>();

/** The values of the law on a day, from a source of dated values. */
export function lawAt(source: LawSource, day: CivilDate): Law {
  let byDay = lawCache.get(source);
  if (byDay === undefined) lawCache.set(source, (byDay = new Map()));
  const key = day.y * 10_000 + day.m * 100 + day.d;
  let law = byDay.get(key);
  if (law === undefined) {
    law = source.on(formatDate(day));
    if (byDay.size >= 4096) byDay.clear();
    byDay.set(key, law);
  }
  return law;
}
