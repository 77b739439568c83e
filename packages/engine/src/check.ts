import type Fraction from "fraction.js";
import { isLawCoverageError, LAW_SERIES, SEED_LAW_DAY, type Law, type LawSource, type Relationship } from "@succ/rules";
import { compareDates, formatDate, parseDate, withinYearsBefore, type CivilDate } from "./dates.js";
import { formatAmount, type Dossier, type EstateDossier } from "./dossier.js";
import { DossierError, type DossierIssue } from "./errors.js";
import { add, euro, lt, positive, sub, sum, ZERO } from "./exact.js";
import type { Rule } from "./rules.js";
import { grossEstateOf } from "./assets.js";

/** The acts the `cgi` rules compute: the law of these years is in the tables, with its sources. */
export const CGI_ACTS = { from: "2017-01-01", to: "2026-12-31" } as const;

/**
 * Under `cgi`, a prior gift from this day on may leave its allowances to the replay; an earlier
 * one must state them: the child allowance was then 159,325 € and other regimes applied (loi
 * n° 2012-958 du 16 août 2012).
 */
export const REPLAY_FROM = "2012-08-17";

/** The day whose law the `seed` rules apply to every act (@succ/rules). */
const SEED_DAY: CivilDate = parseDate(SEED_LAW_DAY)!;

/** The laws already read from each source, by day (y × 10,000 + m × 100 + d): most dossiers share a few days. */
const lawCache = new WeakMap<LawSource, Map<number, Law>>();

/** The law in force on a day, from a source. */
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

/**
 * The net estate: the gross estate (see {@link grossEstateOf}) − Σ debts − the funeral deduction of art. 775. Under `seed`, the
 * invoice within the flat amount (the simplification of levels 1-4); under `cgi`, the flat amount
 * whatever the invoice, or the gross assets when they are lower. Counterfactuals: `funeralCap`
 * deducts the whole invoice; `funeralFlat` (cgi) takes the flat amount as a cap on the invoice.
 */
const NOTHING_IGNORED: ReadonlySet<Rule> = new Set();

export function netEstateOf(d: Pick<EstateDossier, "ruleSet" | "assets" | "furniture" | "beneficiaries" | "date" | "debts" | "funeralCosts">, law: Law, ignore: ReadonlySet<Rule> = NOTHING_IGNORED) {
  const grossEstate = grossEstateOf(d, law, ignore);
  const assets = grossEstate.gross;
  const debts = sum(d.debts.map((a) => a.value));
  const flat = euro(law.funeralDeduction);
  let funeralDeducted: Fraction;
  let funeralMethod: "capped" | "flat" | "grossAssets" | "invoice";
  if (ignore.has("funeralCap")) {
    funeralDeducted = d.funeralCosts;
    funeralMethod = "invoice";
  } else if (d.ruleSet === "seed" || ignore.has("funeralFlat")) {
    funeralDeducted = lt(flat, d.funeralCosts) ? flat : d.funeralCosts;
    funeralMethod = "capped";
  } else if (lt(assets, flat)) {
    funeralDeducted = assets;
    funeralMethod = "grossAssets";
  } else {
    funeralDeducted = flat;
    funeralMethod = "flat";
  }
  return { assets, grossEstate, debts, funeralDeducted, funeralMethod, netEstate: sub(sub(assets, debts), funeralDeducted) };
}

/** The donees art. 790 G covers for this dossier: descendants, and nephews and nieces of a donor without any (cgi). */
export function donees790G(d: Dossier, law: Law, ignore: ReadonlySet<Rule> = NOTHING_IGNORED): readonly Relationship[] {
  const g = law.cashGift790G;
  if (d.ruleSet === "cgi" && !d.person.hasDescendants && !ignore.has("nephew790G")) return [...g.donees, ...g.doneesWithoutDescendants];
  return g.donees;
}

/** The donees art. 790 A bis covers, when in force: descendants, and nephews and nieces of a donor without any. */
export function housingDonees(d: Dossier, h: Law["housingGift790ABis"]): readonly Relationship[] {
  return d.person.hasDescendants ? h.donees! : [...h.donees!, ...h.doneesWithoutDescendants!];
}

/**
 * The checks of a dossier that depend on the law it is computed under; returns the law of the
 * act's date and, for an estate, its net estate under that law. Throws a DossierError listing
 * every problem with its path.
 */
export function checkDossier(d: Dossier, source: LawSource): { law: Law; net: ReturnType<typeof netEstateOf> | null } {
  const issues: DossierIssue[] = [];
  const fail = (path: string, message: string): void => {
    issues.push({ path, message });
  };
  const cgi = d.ruleSet === "cgi";
  const day = cgi ? formatDate(d.date) : "";
  if (cgi && (day < CGI_ACTS.from || day > CGI_ACTS.to)) {
    throw new DossierError([{ path: "date", message: `the "cgi" rules compute acts from ${CGI_ACTS.from} to ${CGI_ACTS.to}, not ${day}` }]);
  }
  let law: Law;
  try {
    // seed: the amounts its rules state (those of 2026) whatever the act's date; cgi: the law of the act's date.
    law = lawAt(source, cgi ? d.date : SEED_DAY);
    // Touch the values every computation reads, so that a date the tables do not cover fails here.
    void law.scales.directLine;
    void law.allowances.personal.estate.child;
    void law.recallYears;
  } catch (e) {
    if (isLawCoverageError(e)) throw new DossierError([{ path: "date", message: e.message }]);
    throw e;
  }

  let net: ReturnType<typeof netEstateOf> | null = null;
  if (d.kind === "estate") {
    const from = law.lifeInsurance.contractsFrom;
    for (const c of d.lifeInsurance) {
      if (formatDate(c.subscribedOn) < from) fail(`lifeInsurance[${c.index}].subscribedOn`, `a contract subscribed before ${from} falls under older regimes, out of the scope of this engine`);
      // Art. 990 I taxes only the premiums paid from its day: an earlier contract states the capital of the earlier ones.
      const split = law.lifeInsurance.premiumsFrom990I;
      const before = compareDates(c.subscribedOn, parseDate(split)!) < 0;
      if (before && c.capitalBefore1998 === null) fail(`lifeInsurance[${c.index}].capitalBefore1998`, `missing: a contract subscribed before ${split} states the capital due for the premiums paid before that day (0 when there were none), as the insurer's statement splits it`);
      if (!before && c.capitalBefore1998 !== null && positive(c.capitalBefore1998)) fail(`lifeInsurance[${c.index}].capitalBefore1998`, `a contract subscribed on or after ${split} has no premiums paid before that day`);
    }
    net = netEstateOf(d, law);
    const netEstate = net.netEstate;
    const bequests = sum(d.bequests.map((b) => b.amount));
    if (lt(netEstate, ZERO)) fail("debts", "the debts and funeral costs exceed the assets");
    else if (lt(netEstate, bequests)) fail("bequests", `bequests total ${formatAmount(bequests)} €, above the net estate`);
    else if (d.residue.length === 0 && positive(sub(netEstate, bequests))) fail("residue", "no shares, but the net estate leaves a residue after the bequests");
  }

  const g790 = law.cashGift790G;
  const donees = donees790G(d, law);
  /** Σ of the exempt 790 G gifts to a beneficiary within the renewal period before the act. */
  let used: Map<string, Fraction> | undefined;
  d.priorGifts.forEach((g) => {
    const p = `priorGifts[${g.index}]`;
    const b = d.beneficiaries.find((x) => x.id === g.beneficiary)!;
    if (g.cash790G && !donees.includes(b.relationship)) fail(`${p}.cash790G`, `art. 790 G does not cover a ${b.relationship}${cgi && b.relationship === "nephew" ? " of a donor with descendants" : ""}`);
    if (g.cash790G && withinYearsBefore(g.date, d.date, g790.renewalYears)) {
      used ??= new Map();
      used.set(g.beneficiary, add(used.get(g.beneficiary) ?? ZERO, g.value));
    }
    if (!cgi) return;
    if (g.housing790ABis) {
      const h = lawAt(source, g.date).housingGift790ABis;
      const first = LAW_SERIES.housingGift790ABis.ceiling.periods[0]!;
      if (h.ceiling === null) fail(`${p}.housing790ABis`, `art. 790 A bis exempted cash given from ${first.from} to ${first.to} only, not on ${formatDate(g.date)}`);
      else if (!housingDonees(d, h).includes(b.relationship)) fail(`${p}.housing790ABis`, `art. 790 A bis does not cover a ${b.relationship}${b.relationship === "nephew" ? " of a donor with descendants" : ""}`);
    }
    if (b.represents !== null) {
      fail(`${p}.beneficiary`, `${b.id} represents ${b.represents}: under "cgi" the representatives share the allowance of the child they represent, reduced by the gifts to that child, which this dossier does not describe; a representative's own prior gifts are out of scope`);
    }
    if (!g.cash790G && g.allowanceUsed === null && formatDate(g.date) < REPLAY_FROM) {
      fail(`${p}.allowanceUsed`, `a gift made before ${REPLAY_FROM} must state the allowance it used (as in its deed): the allowances and the recall then followed other rules`);
    }
    if (g.disabilityAllowanceUsed !== null && positive(g.disabilityAllowanceUsed) && !b.disabled) {
      fail(`${p}.disabilityAllowanceUsed`, `${b.id} is not disabled`);
    }
  });
  if (used) {
    for (const [id, total] of used) {
      if (total.gt(g790.ceiling)) {
        fail("priorGifts", `790 G gifts to ${id} within ${g790.renewalYears} years total ${formatAmount(total)} €, above the ceiling of ${g790.ceiling} €`);
      }
    }
  }
  if (issues.length > 0) throw new DossierError(issues);
  return { law, net };
}
