import type Fraction from "fraction.js";
import { LAW_SERIES, type Law, type Relationship } from "@succ/rules";
import { lawAt } from "../law-of-day.js";
import { scanFor } from "../by-beneficiary.js";
import { compareDates, formatDate } from "../dates.js";
import type { Beneficiary, Dossier, GiftDossier, PriorGift } from "../dossier.js";
import { add, euro, floor0, lt, min, positive, sub, ZERO } from "../exact.js";
import { euros } from "../french.js";
import { applies, cashOf, family, line, type Checks, type Context } from "../family.js";
import type { LawSource } from "@succ/rules";

const H = LAW_SERIES.housingGift790ABis;

/**
 * Art. 790 A bis (cgi): cash for a home given within the article's window to a descendant (or,
 * failing descendants, a nephew or niece) is exempt up to a ceiling per donor and donee, less the
 * exempt part of earlier such gifts; the rest is ordinary cash. Outside its window, or to a donee
 * it does not name, the cash is ordinary cash (not an error). The exempt part of an earlier
 * housing gift is not recalled (a decision of this project, as a 790 G gift is not).
 * Counterfactual: `housing790ABis`.
 */
export const HOUSING_790A_BIS = family({
  name: "don pour le logement",
  articles: [H.ceiling.reference.article],
  ruleSets: ["cgi"],
  step: "cashExemptions",
  fields: [
    { path: "gifts[].housing790ABis", ruleSets: ["cgi"], checks: ["true or false", "on cash only"] },
    { path: "priorGifts[].housing790ABis", ruleSets: ["cgi"], checks: ["true or false", "not with cash790G", "made while the article is in force", "to a donee it covers"] },
  ],
  switches: {
    housing790ABis: { ruleSets: ["cgi"], fr: "exonération des dons pour le logement (art. 790 A bis)" },
  },
  cashExemption: {
    key: "housing790ABis",
    short: "exonération 790 A bis",
    exempt: (c: Context, b: Beneficiary, gift: GiftDossier) => housingExemption(gift, c.law, c.source, b, c.ignore, cashOf(gift, b, true)),
    lines: (h: HousingExemption) => housingLines(h),
  },
  checkPriorGift(c: Context, g: PriorGift, b: Beneficiary, out: Checks): void {
    if (!g.housing790ABis) return;
    const p = `priorGifts[${g.index}]`;
    const h = lawAt(c.source, g.date).housingGift790ABis;
    const first = H.ceiling.periods[0]!;
    if (h.ceiling === null) out.fail(`${p}.housing790ABis`, `art. 790 A bis exempted cash given from ${first.from} to ${first.to} only, not on ${formatDate(g.date)}`);
    else if (!housingDonees(c.d, h).includes(b.relationship)) out.fail(`${p}.housing790ABis`, `art. 790 A bis does not cover a ${b.relationship}${b.relationship === "nephew" ? " of a donor with descendants" : ""}`);
  },
});

/** A gift's cash for a home exempt under art. 790 A bis (cgi). */
export interface HousingExemption {
  cashReceived: Fraction;
  eligible: boolean;
  /** Why not: the regime is not in force on the gift's day, or the donee is not one it names. */
  reason: "ignored" | "notInForce" | "relationship" | "ceilingUsed" | null;
  ceiling: number | null;
  /** The exempt part of the earlier housing gifts of the same donor to the same donee. */
  priorUsed: Fraction;
  amount: Fraction;
}

/** The donees art. 790 A bis covers, when in force: descendants, and nephews and nieces of a donor without any. */
export function housingDonees(d: Dossier, h: Law["housingGift790ABis"]): readonly Relationship[] {
  return d.person.hasDescendants ? h.donees! : [...h.donees!, ...h.doneesWithoutDescendants!];
}


/** A donee's housing cash and its exemption; null without housing cash, or under a rule set without the family. */
export function housingExemption(d: GiftDossier, law: Law, source: LawSource, b: Beneficiary, ignore: ReadonlySet<string>, cashReceived: Fraction): HousingExemption | null {
  if (!applies(HOUSING_790A_BIS, d.ruleSet) || !positive(cashReceived)) return null;
  const h = law.housingGift790ABis;
  const priorUsed = housingPriorExempt(d, source, b).total;
  let reason: HousingExemption["reason"] = null;
  if (ignore.has("housing790ABis")) reason = "ignored";
  else if (h.ceiling === null) reason = "notInForce";
  else if (!housingDonees(d, h).includes(b.relationship)) reason = "relationship";
  const eligible = reason === null;
  const left = eligible ? floor0(sub(euro(h.ceiling!), priorUsed)) : ZERO;
  const amount = min(cashReceived, left);
  if (eligible && !positive(amount)) reason = "ceilingUsed";
  return { cashReceived, eligible, reason, ceiling: h.ceiling, priorUsed, amount };
}

/** No earlier housing gift (most beneficiaries): nothing exempt, no Map made. */
const NO_HOUSING_GIFT: { total: Fraction; parts: ReadonlyMap<PriorGift, Fraction> } = Object.freeze({ total: ZERO, parts: new Map<PriorGift, Fraction>() });

/**
 * The exempt part of each earlier housing gift to a beneficiary, in date order, within the ceiling
 * of its own day (the checks made sure the regime was in force on that day).
 */
export function housingPriorExempt(d: Dossier, source: LawSource, b: Beneficiary): { total: Fraction; parts: ReadonlyMap<PriorGift, Fraction> } {
  const list = scanFor(d.priorGifts, b.id);
  let gifts: PriorGift[] | undefined;
  for (let k = 0; k < list.length; k++) {
    const g = list[k]!;
    if (g.beneficiary === b.id && g.housing790ABis) (gifts ??= []).push(g);
  }
  if (gifts === undefined) return NO_HOUSING_GIFT;
  if (gifts.length > 1) gifts.sort((x, y) => compareDates(x.date, y.date) || x.index - y.index);
  const parts = new Map<PriorGift, Fraction>();
  let total = ZERO;
  for (let k = 0; k < gifts.length; k++) {
    const g = gifts[k]!;
    const ceiling = lawAt(source, g.date).housingGift790ABis.ceiling ?? 0;
    const part = min(g.value, floor0(sub(euro(ceiling), total)));
    parts.set(g, part);
    total = add(total, part);
  }
  return { total, parts };
}

/** Its lines of a donee's sheet. */
export function housingLines(h: HousingExemption): string[] {
  const out = [line("Dont sommes d'argent pour le logement (art. 790 A bis)", euros(h.cashReceived))];
  if (h.eligible || h.reason === "ceilingUsed") {
    out.push(line(`Plafond 790 A bis restant (${euros(h.ceiling!)} − ${euros(h.priorUsed)})`, euros(lt(h.priorUsed, euro(h.ceiling!)) ? sub(euro(h.ceiling!), h.priorUsed) : ZERO)));
    out.push(line(`Exonération art. ${H.ceiling.reference.article}`, euros(h.amount)));
  } else {
    const why = h.reason === "ignored" ? "non appliquée (règle écartée)" : h.reason === "notInForce" ? "non applicable : le don n'est pas fait dans la période où l'article s'applique ; somme d'argent ordinaire" : "non applicable : le donataire n'est pas un descendant (ni, à défaut de descendant, un neveu ou une nièce) ; somme d'argent ordinaire";
    out.push(`  Exonération art. 790 A bis ${why}.`);
  }
  return out;
}
