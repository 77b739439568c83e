import type Fraction from "fraction.js";
import { LAW_SERIES, type Law, type Relationship } from "@succ/rules";
import { ageOn, withinYearsBefore } from "../dates.js";
import { formatAmount, type Beneficiary, type Dossier, type GiftDossier, type PriorGift } from "../dossier.js";
import { add, euro, lt, min, positive, sub, ZERO } from "../exact.js";
import { euros } from "../french.js";
import { scanFor } from "../by-beneficiary.js";
import { family, line, switchOn, type Checks, type Context } from "../family.js";

const G = LAW_SERIES.cashGift790G;

/**
 * Art. 790 G: family cash gifts exempt up to a ceiling per donor and donee and per renewal period,
 * the donor under 80 and the donee of age, to a descendant or (cgi) to a nephew or niece of a
 * donor without any; never recalled. Counterfactuals: `exemption790G` (the exemption),
 * `gift790G` (the whole article: earlier 790 G gifts recalled too), `ageConditions790G`,
 * `nephew790G` (cgi).
 */
export const CASH_GIFT_790G = family({
  name: "don familial de sommes d'argent",
  articles: [G.ceiling.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "cashExemptions",
  fields: [
    { path: "gifts[].cash", ruleSets: ["seed", "cgi"], checks: ["true or false", "not with a reserved usufruct"] },
    { path: "priorGifts[].cash790G", ruleSets: ["seed", "cgi"], checks: ["true or false", "a donee the article covers", "within the ceiling over the renewal period", "uses no allowance"] },
    { path: "person.hasDescendants", ruleSets: ["cgi"], checks: ["true or false (default true)"] },
  ],
  switches: {
    exemption790G: { ruleSets: ["seed", "cgi"], fr: "exonération du don familial de sommes d'argent (art. 790 G)" },
    gift790G: { ruleSets: ["seed", "cgi"], fr: "art. 790 G en entier (dons antérieurs 790 G rappelés)" },
    ageConditions790G: { ruleSets: ["seed", "cgi"], fr: "conditions d'âge de l'art. 790 G" },
    nephew790G: { ruleSets: ["cgi"], fr: "art. 790 G pour les neveux et nièces d'un donateur sans descendant" },
  },
  cashExemption: {
    key: "exemption790G",
    short: "exonération 790 G",
    exempt: (c: Context, b: Beneficiary, gift: GiftDossier, donorAge: number, cash: Fraction) => exemption790G(gift, c.law, donorAge, b, c.ignore, cash),
    lines: (e: Exemption790G, law: Law) => lines790G(e, law),
  },
  checkPriorGift(c: Context, g: PriorGift, b: Beneficiary, out: Checks): void {
    if (g.cash790G && !donees790G(c.d, c.law).includes(b.relationship)) out.fail(`priorGifts[${g.index}].cash790G`, `art. 790 G does not cover a ${b.relationship}${c.hasRule("nephew790G") && b.relationship === "nephew" ? " of a donor with descendants" : ""}`);
  },
  check(c: Context, out: Checks): void {
    const g790 = c.law.cashGift790G;
    /** Σ of the exempt 790 G gifts to a beneficiary within the renewal period before the act. */
    let used: Map<string, Fraction> | undefined;
    const gifts = c.d.priorGifts;
    for (let k = 0; k < gifts.length; k++) {
      const g = gifts[k]!;
      if (g.cash790G && withinYearsBefore(g.date, c.d.date, g790.renewalYears)) {
        used ??= new Map();
        used.set(g.beneficiary, add(used.get(g.beneficiary) ?? ZERO, g.value));
      }
    }
    if (used) {
      for (const [id, total] of used) {
        if (lt(euro(g790.ceiling), total)) out.fail("priorGifts", `790 G gifts to ${id} within ${g790.renewalYears} years total ${formatAmount(total)} €, above the ceiling of ${g790.ceiling} €`);
      }
    }
  },
});

export interface Exemption790G {
  cashReceived: Fraction;
  eligible: boolean;
  /** Why not eligible (or why the exemption is 0). */
  reason: "ignored" | "relationship" | "donorAge" | "doneeAge" | "ceilingUsed" | null;
  priorUsed: Fraction;
  ceiling: number;
  ceilingRemaining: Fraction;
  amount: Fraction;
}

/** The donees art. 790 G covers for this dossier: descendants, and nephews and nieces of a donor without any (cgi). */
/** No rule ignored (a default argument made once, not a new Set at each call). */
const NOTHING_IGNORED: ReadonlySet<string> = new Set();

export function donees790G(d: Dossier, law: Law, ignore: ReadonlySet<string> = NOTHING_IGNORED): readonly Relationship[] {
  const g = law.cashGift790G;
  if (!d.person.hasDescendants && switchOn(CASH_GIFT_790G, d.ruleSet, ignore, "nephew790G")) return [...g.donees, ...g.doneesWithoutDescendants];
  return g.donees;
}


/** The exemption of a donee's cash (`cashReceived`: ordinary cash, and housing cash above its own exemption). */
export function exemption790G(d: GiftDossier, law: Law, donorAge: number, b: Beneficiary, ignore: ReadonlySet<string>, cashReceived: Fraction): Exemption790G | null {
  if (!positive(cashReceived)) return null;
  const rules = law.cashGift790G;
  let priorUsed = ZERO;
  const giftsOf = scanFor(d.priorGifts, b.id);
  for (let k = 0; k < giftsOf.length; k++) {
    const p = giftsOf[k]!;
    if (p.beneficiary === b.id && p.cash790G && withinYearsBefore(p.date, d.date, rules.renewalYears)) priorUsed = add(priorUsed, p.value);
  }
  const ceiling = euro(rules.ceiling);
  const left = sub(ceiling, priorUsed);
  const ceilingRemaining = positive(left) ? left : ZERO;
  const doneeAge = ageOn(b.birthDate, d.date);
  const ages = switchOn(CASH_GIFT_790G, d.ruleSet, ignore, "ageConditions790G");
  let reason: Exemption790G["reason"] = null;
  if (ignore.has("exemption790G") || ignore.has("gift790G")) reason = "ignored";
  else if (!donees790G(d, law, ignore).includes(b.relationship)) reason = "relationship";
  else if (ages && donorAge >= rules.donorAgeBelow) reason = "donorAge";
  else if (ages && doneeAge < rules.doneeMinimumAge) reason = "doneeAge";
  const eligible = reason === null;
  const amount = eligible ? min(cashReceived, ceilingRemaining) : ZERO;
  if (eligible && !positive(amount)) reason = "ceilingUsed";
  return { cashReceived, eligible, reason, priorUsed, ceiling: rules.ceiling, ceilingRemaining, amount };
}

function whyNot(e: Exemption790G, donorBelow: number, doneeMin: number): string {
  switch (e.reason) {
    case "ignored":
      return "non appliquée (règle écartée)";
    case "relationship":
      return "non applicable : le donataire n'est pas un descendant du donateur (ni, à défaut de descendant, un neveu ou une nièce)";
    case "donorAge":
      return `non applicable : le donateur a ${donorBelow} ans ou plus au jour du don`;
    case "doneeAge":
      return `non applicable : le donataire a moins de ${doneeMin} ans au jour du don`;
    case "ceilingUsed":
      return "plafond déjà épuisé par des dons antérieurs";
    default:
      return "";
  }
}

/** Its lines of a donee's sheet. */
export function lines790G(e: Exemption790G, law: Law): string[] {
  const out = [line("Dont sommes d'argent reçues", euros(e.cashReceived))];
  if (e.eligible || e.reason === "ceilingUsed") {
    out.push(line(`Plafond 790 G restant (${euros(e.ceiling)} − ${euros(e.priorUsed)})`, euros(e.ceilingRemaining)));
    out.push(line(`Exonération art. ${G.ceiling.reference.article}`, euros(e.amount)));
  } else out.push(`  Exonération art. 790 G ${whyNot(e, law.cashGift790G.donorAgeBelow, law.cashGift790G.doneeMinimumAge)}.`);
  return out;
}
