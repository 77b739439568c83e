import type Fraction from "fraction.js";
import { isLawCoverageError, type Law } from "@succ/rules";
import type { EstateResult } from "../compute.js";
import type { Beneficiary, EstateDossier } from "../dossier.js";
import { netEstateOf } from "../check.js";
import { isDossierError } from "../errors.js";
import { add, equal, integer, lt, ONE, sub, ZERO } from "../exact.js";
import { devolve, type Devolution } from "./devolution.js";
import type { Representation } from "./heirs.js";
import { liquidate } from "./liquidation.js";
import { civilParts } from "./tax.js";
import { listOf } from "../lists.js";

/** The rules a counterfactual and its computed dossier are both computed with: none ignored. */
const NOTHING_IGNORED: ReadonlySet<string> = new Set();
const MINUS_ONE = integer(-1n);

/**
 * Whether the answer of a counterfactual of the devolution surely is not `result.answer`, decided
 * from its devolution alone, without computing its tax: `changed` is the dossier `result` was
 * computed from with only its civil file read again (rereadCivilFile without `relationships`:
 * another option of the spouse, other branches, no attribution clause), and `law` the law it is
 * computed under, the values of `result.law` but for the civil fractions (a reserve, a parents'
 * quarter or the liquidation ignored); neither `result` nor the counterfactual ignores a rule.
 * True when the engine would refuse it (a devolution it does not model), or when a beneficiary
 * with a taxable part of a euro or more receives a civil share a euro larger or smaller: its
 * taxable part is then 0 if the counterfactual exempts it (another estate may be small), and
 * otherwise moves with what it receives, then is rounded to the euro, everything else it reads
 * (allowances, recall, life insurance) being the same for both, the devolution entering the
 * allowances only through who represents whom, which must match. False says nothing: the
 * counterfactual is to be computed (the beneficiaries or the amounts do not move enough, no one
 * owes tax).
 */
export function civilCounterfactualMisses(result: EstateResult, changed: EstateDossier, law: Law): boolean {
  const dev = result.devolution;
  const d = result.dossier;
  if (dev === undefined || changed.civil === undefined || result.ignored.length > 0) return false;
  // The same beneficiaries, bequests, gifts and contracts: the very values result was computed from.
  if (changed.beneficiaries !== d.beneficiaries || changed.bequests !== d.bequests || changed.priorGifts !== d.priorGifts || changed.lifeInsurance !== d.lifeInsurance) return false;
  if (changed.person.hasDescendants !== d.person.hasDescendants || changed.date !== d.date) return false;
  const liquidated = liquidate(changed, changed.civil, law);
  // The same liquidation has the same estate as result's; another has its totals computed again, as the checks compute them.
  let gross = result.estate.grossEstate;
  let net = result.estate.netEstate;
  if (!sameLiquidation(dev, liquidated.liquidation)) {
    const n = netEstateOf(liquidated.dossier, law);
    gross = n.grossEstate;
    net = n.netEstate;
  }
  let other: Devolution;
  try {
    other = devolve(liquidated.dossier, changed.civil, law, liquidated.assets, gross, net, liquidated.liquidation);
  } catch (e) {
    // Refused, as compute refuses it (a value the tables do not hold becomes a refusal there too).
    if (isDossierError(e) || isLawCoverageError(e)) return true;
    throw e;
  }
  const before = receivedOf(result);
  for (let i = 0; i < result.beneficiaries.length; i++) {
    const r = result.beneficiaries[i]!;
    const b = d.beneficiaries[i]!;
    if (b.id !== r.id || !sameRepresentation(dev.representation.get(b.id), other.representation.get(b.id))) return false;
    if (r.exempt || r.taxable < 1) continue;
    const delta = sub(civilReceived(other, liquidated.dossier, law, b), before[i]!);
    if (!(lt(delta, ONE) && lt(MINUS_ONE, delta))) return true;
  }
  return false;
}

/** The last result told about and its beneficiaries' civil shares (a result's counterfactuals come one after another). */
let lastResult: EstateResult | null = null;
let lastReceived: Fraction[] = [];

/** Σ of each beneficiary's civil parts in a computed result, in the dossier's order. */
function receivedOf(result: EstateResult): Fraction[] {
  if (lastResult !== result) {
    lastReceived = listOf(result.dossier.beneficiaries, (b) => civilReceived(result.devolution!, result.dossier, result.law, b));
    lastResult = result;
  }
  return lastReceived;
}

/** Σ of a beneficiary's civil parts (what the tax reads of the devolution). */
function civilReceived(dev: Devolution, d: EstateDossier, law: Law, b: Beneficiary): Fraction {
  let x = ZERO;
  for (const p of civilParts(dev, d, law, b, NOTHING_IGNORED)) x = add(x, p.amount);
  return x;
}

function sameLiquidation(dev: Devolution, l: Devolution["liquidation"]): boolean {
  const k = dev.liquidation;
  if (k === null || l === null) return k === l;
  return k.regime === l.regime && k.attributionIntegrale === l.attributionIntegrale && equal(k.recompense, l.recompense) && equal(k.half, l.half) && equal(k.estatePart, l.estatePart);
}

/** The same allowance of representation (art. 779 I and IV): the line, the souches, the part, the head's status. */
function sameRepresentation(a: Representation | undefined, b: Representation | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.line === b.line && a.souches === b.souches && a.head.status === b.head.status && equal(a.ofSouche, b.ofSouche);
}
