/**
 * TEMPORARY: the constant names of @succ/rules 0.1, computed from the law of 2026, for the
 * generator until it reads the law of a date like the engine. Removed before release.
 */
import { lawOn } from "./law.js";
import { LAW_SERIES } from "./law.js";
import type { Relationship } from "./relationships.js";

const LAW = lawOn("2026-11-29");
type P = { value: number; reference: { article: string } };
const p = (value: number, article: string): P => ({ value, reference: { article } });

export const LAST_VALUE_STILL_VALID_ON = "2026-11-29";
export const FUNERAL_COSTS_CAP = p(LAW.funeralDeduction, "775");
export const DISABILITY_ALLOWANCE = p(LAW.allowances.disability, "779 II");
export const REPRESENTED_CHILD_ALLOWANCE = p(LAW.allowances.personal.estate.child, "779 I");
export const RECALL_PERIOD = p(LAW.recallYears, "784");
export const CASH_GIFT_790G = {
  ceiling: p(LAW.cashGift790G.ceiling, "790 G"),
  donorAgeBelow: p(LAW.cashGift790G.donorAgeBelow, "790 G"),
  doneeMinimumAge: p(LAW.cashGift790G.doneeMinimumAge, "790 G"),
  period: p(LAW.cashGift790G.renewalYears, "790 G"),
  donees: LAW.cashGift790G.donees as readonly ("child" | "grandchild" | "greatgrandchild")[],
};
const est = LAW.allowances.personal.estate as Partial<Record<Relationship, number>>;
const gif = LAW.allowances.personal.gift as Partial<Record<Relationship, number>>;
export const ALLOWANCES: Record<"estate" | "gift", Record<Relationship, P | null>> = {
  estate: {
    spouse: null,
    pacs: null,
    child: p(est.child!, "779 I"),
    grandchild: p(LAW.allowances.default, "788 IV"),
    greatgrandchild: p(LAW.allowances.default, "788 IV"),
    sibling: p(est.sibling!, "779 IV"),
    nephew: p(est.nephew!, "779 V"),
    unrelated: p(LAW.allowances.default, "788 IV"),
  },
  gift: {
    spouse: p(gif.spouse!, "790 E"),
    pacs: p(gif.pacs!, "790 F"),
    child: p(gif.child!, "779 I"),
    grandchild: p(gif.grandchild!, "790 B"),
    greatgrandchild: p(gif.greatgrandchild!, "790 D"),
    sibling: p(gif.sibling!, "779 IV"),
    nephew: p(gif.nephew!, "779 V"),
    unrelated: p(0, "777 tableau III"),
  },
};
export const SCALES = Object.fromEntries(
  Object.entries(LAW.scales).map(([k, bands]) => [k, { label: LAW_SERIES.scales[k as keyof typeof LAW.scales].label, bands }]),
) as unknown as Record<keyof typeof LAW.scales, { label: string; bands: typeof LAW.scales.directLine }>;
export const USUFRUCT_669 = { rows: LAW.usufruct669 };
export function legacyUsufructPercent(age: number): number {
  for (const row of LAW.usufruct669) if (row.maxAge === null || age <= row.maxAge) return row.usufructPercent;
  return 10;
}
