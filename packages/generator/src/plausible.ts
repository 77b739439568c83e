import { ageOn, compareDates, withinYearsBefore, type CivilDate } from "@succ/engine";
import type { Law } from "@succ/rules";
import type { Parenthood, PriorGift } from "./draft.js";

/**
 * What a careful reader of a dossier would find impossible, though no rule of the engine reads
 * it: the generator redraws such a dossier (the guards of pipeline.ts) and draws so that it never
 * happens (family.ts, gifts.ts, estates.ts).
 */

/**
 * The first earlier gift listed as exempt under art. 790 G that, with the other exempt gifts to
 * the same donee in its own 15-year window (the same date rule as the recall: a gift made exactly
 * 15 years before is outside), goes over the ceiling, so that it cannot have been exempt in full;
 * null when there is none. The ceiling and the window are those of `law`, the law of the act that
 * the prompt states (the rules of levels 1-4 apply today's amounts to earlier gifts).
 */
export function exemptPriorOverCeiling(gifts: readonly PriorGift[], law: Law): PriorGift | null {
  const ceiling = law.cashGift790G.ceiling * 100;
  const period = law.cashGift790G.renewalYears;
  const exempt = gifts.filter((g) => g.cash790G);
  for (const g of exempt) {
    let cents = 0;
    for (const h of exempt) {
      if (h.beneficiary === g.beneficiary && compareDates(h.date, g.date) <= 0 && withinYearsBefore(h.date, g.date, period)) cents += h.cents;
    }
    if (cents > ceiling) return g;
  }
  return null;
}

/**
 * The first earlier gift listed as exempt under art. 790 G whose donee was under the age, or
 * whose donor at or above the age, that art. 790 G requires in `law` on the gift's day (the
 * law the prompt states: under a fictional law, its own ages, not the real 18 and 80); null when
 * there is none. A careful reader would not recall as exempt a gift the stated rule excludes.
 */
export function exemptPriorOutsideAges(gifts: readonly PriorGift[], donorBirth: CivilDate, births: ReadonlyMap<string, CivilDate>, law: Law): PriorGift | null {
  const g790 = law.cashGift790G;
  for (const g of gifts) {
    if (!g.cash790G) continue;
    if (ageOn(births.get(g.beneficiary)!, g.date) < g790.doneeMinimumAge || ageOn(donorBirth, g.date) >= g790.donorAgeBelow) return g;
  }
  return null;
}

/**
 * Ages of a parent at a child's birth (completed years on the birth day) that a reader finds
 * plausible: no mother older than 50, no father older than 65, no parent under 18.
 */
export const PARENT_AGE = { youngest: 18, oldestMother: 50, oldestFather: 65 } as const;

/** The oldest age at which this parent has a child. */
export function oldestParentAge(female: boolean): number {
  return female ? PARENT_AGE.oldestMother : PARENT_AGE.oldestFather;
}

/** The first parent and child of the list whose ages are implausible; null when there is none. */
export function implausibleParenthood(links: readonly Parenthood[]): Parenthood | null {
  for (const l of links) {
    const age = ageOn(l.parent.birth, l.child.birth);
    if (age < PARENT_AGE.youngest || age > oldestParentAge(l.parent.female)) return l;
  }
  return null;
}
