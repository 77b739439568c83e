import { coverageOf, isLawCoverageError, LAW_COVERAGE, SEED_LAW_DAY, type Law, type LawSource } from "@succ/rules";
import { formatDate, parseDate, type CivilDate } from "./dates.js";
import { formatAmount, type Dossier, type EstateDossier } from "./dossier.js";
import { DossierError, type DossierIssue } from "./errors.js";
import { collector, tableRun, type Context, type RuleFamily } from "./family.js";
import { FAMILIES } from "./families/index.js";
import { funeralDeduction } from "./families/funeral-775.js";
import { lawAt } from "./law-of-day.js";
import { add, lt, positive, sub, ZERO } from "./exact.js";
import { grossEstateOf } from "./assets.js";
import { beneficiaryOf } from "./by-beneficiary.js";

export { lawAt };
export { donees790G } from "./families/cash-gift-790-g.js";
export { housingDonees } from "./families/housing-790-a-bis.js";

/**
 * The acts the `cgi` rules compute with the dated tables: the days @succ/rules verifies its values
 * for (`LAW_COVERAGE`; a source of dated values may carry its own, `coverageOf(source)`).
 */
export const CGI_ACTS = { from: LAW_COVERAGE.verifiedFrom.day, to: LAW_COVERAGE.verifiedThrough.day } as const;

/**
 * Under `cgi`, a prior gift from this day on may leave its allowances to the replay of art. 784;
 * an earlier one must state them (`LAW_COVERAGE.replayFrom` of @succ/rules).
 */
export const REPLAY_FROM = LAW_COVERAGE.replayFrom.day;

const NOTHING_IGNORED: ReadonlySet<string> = new Set();

/** The day whose law the `seed` rules apply to every act (@succ/rules: the amounts they state). */
const SEED_DAY: CivilDate = parseDate(SEED_LAW_DAY)!;

/**
 * The net estate: the gross estate (see {@link grossEstateOf}) − Σ debts − the funeral deduction
 * of art. 775 (families/funeral-775.ts).
 */
export function netEstateOf(d: Pick<EstateDossier, "ruleSet" | "assets" | "furniture" | "beneficiaries" | "date" | "debts" | "funeralCosts">, law: Law, ignore: ReadonlySet<string> = NOTHING_IGNORED) {
  const grossEstate = grossEstateOf(d, law, ignore);
  const assets = grossEstate.gross;
  let debts = ZERO;
  for (let k = 0; k < d.debts.length; k++) debts = add(debts, d.debts[k]!.value);
  const { funeralDeducted, funeralMethod } = funeralDeduction(d, law, ignore, assets);
  return { assets, grossEstate, debts, funeralDeducted, funeralMethod, netEstate: sub(sub(assets, debts), funeralDeducted) };
}

/** A `YYYY-MM-DD` text's day as the number y × 10,000 + m × 100 + d; NaN for a text that is no date. */
function dayKey(text: string): number {
  const day = parseDate(text);
  return day === null ? NaN : day.y * 10_000 + day.m * 100 + day.d;
}

/** The last bounds read (most computations ask the same source's), as day numbers. */
let lastFrom = "";
let lastTo = "";
let fromKey = NaN;
let toKey = NaN;

/** Whether `date` is from the day `from` through the day `to` (`from <= formatDate(date) <= to`, without writing the date out). */
function within(date: CivilDate, from: string, to: string): boolean {
  if (from !== lastFrom || to !== lastTo) {
    fromKey = dayKey(from);
    toKey = dayKey(to);
    lastFrom = from;
    lastTo = to;
  }
  if (fromKey !== fromKey || toKey !== toKey) {
    const day = formatDate(date);
    return day >= from && day <= to;
  }
  const key = date.y * 10_000 + date.m * 100 + date.d;
  return key >= fromKey && key <= toKey;
}

/**
 * The values of a dossier's date, once the date is checked against the days its rule set
 * computes (under `cgi`, the days the source's values are verified for); throws a DossierError
 * naming `date`.
 */
export function checkedLaw(d: Pick<Dossier, "ruleSet" | "date">, source: LawSource): Law {
  if (d.ruleSet === "cgi") {
    const { verifiedFrom, verifiedThrough } = coverageOf(source);
    if (!within(d.date, verifiedFrom.day, verifiedThrough.day)) {
      throw new DossierError([{ path: "date", message: `the "cgi" rules compute acts from ${verifiedFrom.day} to ${verifiedThrough.day}, not ${formatDate(d.date)}` }]);
    }
  }
  try {
    // seed: the amounts its rules state (those of 2026) whatever the act's date; cgi: the law of the act's date.
    const law = lawAt(source, d.ruleSet === "cgi" ? d.date : SEED_DAY);
    // Touch the values every computation reads, so that a date the tables do not cover fails here.
    void law.scales.directLine;
    void law.allowances.personal.estate.child;
    void law.recallYears;
    return law;
  } catch (e) {
    if (isLawCoverageError(e)) throw new DossierError([{ path: "date", message: e.message }]);
    throw e;
  }
}

/**
 * The checks of a dossier that depend on the law it is computed under: the `cgi` window, the
 * net estate against the bequests, then each family's checks (of each prior gift, then of the
 * whole dossier), for the families of the dossier's rule set. Returns the values of the act's
 * date and, for an estate, its net estate under them. Throws a DossierError listing every
 * problem with its path.
 */
export function checkDossier(d: Dossier, source: LawSource, context: (law: Law) => Context, table: readonly RuleFamily[] = FAMILIES): { law: Law; net: ReturnType<typeof netEstateOf> | null } {
  const issues: DossierIssue[] = [];
  const out = collector(issues);
  const law = checkedLaw(d, source);
  const c = context(law);
  // The families of the dossier's rule set that check (c.has: the table run of that rule set).
  const run = tableRun(table, d.ruleSet);

  let net: ReturnType<typeof netEstateOf> | null = null;
  if (d.kind === "estate") {
    net = netEstateOf(d, law);
    const netEstate = net.netEstate;
    let bequests = ZERO;
    for (let k = 0; k < d.bequests.length; k++) bequests = add(bequests, d.bequests[k]!.amount);
    if (lt(netEstate, ZERO)) out.fail("debts", "the debts and funeral costs exceed the assets");
    else if (lt(netEstate, bequests)) out.fail("bequests", `bequests total ${formatAmount(bequests)} €, above the net estate`);
    else if (d.civil === undefined && d.residue.length === 0 && positive(sub(netEstate, bequests))) out.fail("residue", "no shares, but the net estate leaves a residue after the bequests");
  }
  for (let k = 0; k < d.priorGifts.length; k++) {
    const g = d.priorGifts[k]!;
    const b = beneficiaryOf(d.beneficiaries, g.beneficiary)!;
    for (let j = 0; j < run.checkPriorGift.length; j++) run.checkPriorGift[j]!.checkPriorGift!(c, g, b, out);
  }
  for (let j = 0; j < run.check.length; j++) run.check[j]!.check!(c, out);
  if (issues.length > 0) throw new DossierError(issues);
  return { law, net };
}
