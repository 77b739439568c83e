import { ageOn, compute, isDossierError, roundEuro, rulesOf, sameAnswer, type Answer, type ComputeResult, type Dossier, type Rule } from "@succ/engine";
import { add, euro, floor0, integer, lawAt, lt, mul, mulRatio, netEstateOf, ONE, positive, recallOf, scaleSlices, sub, ZERO } from "@succ/engine/internal";
import { DATED_LAW, personalAllowance, type Law, type LawSource } from "@succ/rules";
import { livedWithYears, type CgiDraft, type Share } from "./draft.js";
import type { CivilMistake } from "./level7/mistakes.js";
import type { LevelRule, Level, Presentation, Shape } from "./levels.js";

/**
 * Which rules change a task's answer (counterfactuals through the engine: `compute(d, { ignore:
 * [rule] })`): the level's own test of its rules (seed's `niveau_utile`) and a task's
 * `info.difficulty`, the same at every level.
 */

/** What makes a task hard: the rules that change its answer, its computation steps, how its rules are given. */
export interface Difficulty {
  /** Every rule of the task's rule set whose counterfactual changes the answer, in the engine's order. */
  rules: Rule[];
  steps: {
    /** Bands of the scales crossed (art. 777 and art. 990 I), over all beneficiaries. */
    bands: number;
    /** Earlier gifts recalled, over all beneficiaries. */
    recalled: number;
    /** Life-insurance contracts. */
    contracts: number;
    beneficiaries: number;
  };
  presentation: Presentation;
  /** Level 7: the common civil mistakes whose feature the task holds, each of which changes its answer (level7/mistakes.ts). */
  civilMistakes?: CivilMistake[];
}

/**
 * Whether ignoring `rule` can change anything for this computed dossier at all: a test on the
 * computation's details, never wrong the other way (a rule it rules out leaves the answer as it
 * is, which a test checks on thousands of tasks). It spares the counterfactual computations of
 * rules that have nothing to act on.
 */
export function ruleApplies(d: Dossier, r: ComputeResult, rule: Rule): boolean {
  const bens = r.beneficiaries;
  const taxed = (b: (typeof bens)[number]): boolean => !b.exempt;
  const cashExemption = (): boolean => bens.some((b) => b.exemption790G !== null && b.exemption790G.amount.n > 0n);
  switch (rule) {
    case "funeralCap":
      // The whole invoice deducted instead of what the law deducts.
      return r.kind === "estate" && !r.estate.funeralDeducted.equals(r.dossier.funeralCosts);
    case "funeralFlat":
      // The flat amount as a cap: the same deduction unless the invoice, or the gross estate, is below it.
      return r.kind === "estate" && d.ruleSet === "cgi" && (r.dossier.funeralCosts.compare(r.law.funeralDeduction) < 0 || r.estate.assets.compare(r.law.funeralDeduction) < 0);
    case "exemption790G":
      return cashExemption();
    case "ageConditions790G":
      return bens.some((b) => b.exemption790G !== null && (b.exemption790G.reason === "donorAge" || b.exemption790G.reason === "doneeAge"));
    case "gift790G":
      return cashExemption() || d.priorGifts.some((g) => g.cash790G);
    case "nephew790G":
      return d.kind === "gift" && !d.person.hasDescendants && bens.some((b) => b.relationship === "nephew" && b.exemption790G !== null);
    case "recall":
    case "allowancesUsed":
      return bens.some((b) => b.recall.recalled.length > 0);
    case "lowerBands":
      return bens.some((b) => b.scaleStart.n > 0n);
    case "representation":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "representation"));
    case "usufruct669":
      return d.kind === "estate" ? d.spouseUsufruct !== null : d.gifts.some((g) => g.reservedUsufruct);
    case "disabilityAllowance":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "disability"));
    case "defaultAllowanceAlone":
      return d.kind === "estate" && d.ruleSet === "cgi" && bens.some((b) => taxed(b) && b.allowance.items.length === 1 && b.allowance.items[0]!.source === "disability");
    case "spouseExemption":
      return bens.some((b) => b.exemption?.reason === "spouse");
    case "smallEstate":
      return r.kind === "estate" && r.estate.smallEstate !== null;
    case "siblingExemption":
      return bens.some((b) => b.exemption?.reason === "sibling");
    case "mainResidence764bis":
      return r.kind === "estate" && r.estate.grossEstate.mainResidence !== null && r.estate.grossEstate.mainResidence.reductionPercent > 0;
    case "furniture764": {
      // Ignoring it drops the minimum of 5 % (engine, families/furniture-764.ts): a flat furniture
      // then counts 0, an estimate its declared value. Where that value is the one the law already
      // counts (an estimate at or above the minimum, a flat 5 % of nothing), the gross estate, and
      // so the answer, stay as they are.
      const f = r.kind === "estate" ? r.estate.grossEstate.furniture : null;
      return f !== null && (f.valuation === "flat" ? f.value.n > 0n : f.valuation === "declared" && !f.declared!.equals(f.value));
    }
    case "levy990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.levy > 0);
    case "levyExemption990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.compare(r.law.lifeInsurance.allowance990I) > 0);
    case "premiums757B":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.excess757B.n > 0n);
    case "allowance757BShared":
      return bens.filter((b) => b.lifeInsurance !== null && !b.lifeInsurance.exempt757B && b.lifeInsurance.premiums757B.n > 0n).length >= 2;
    case "housing790ABis":
      return d.priorGifts.some((g) => g.housing790ABis) || bens.some((b) => b.housing790ABis !== null && b.housing790ABis.amount.n > 0n);
  }
}

/**
 * Whether {@link ruleApplies} may find `rule` (one of the real law's own rules, `CGI_ONLY_RULES`)
 * applying to the computation of a draft of levels 5-6 under `law` (the law of its act), read from
 * the draft before its dossier is read and computed: false only where the draft lacks what the
 * rule acts on (never false where the rule applies, which a test checks on thousands of drafts).
 * The guard `cgiRules` needs a number of those rules to apply: a draft with fewer that may is
 * redrawn without its computation (the same draft redrawn, the same random draws after it).
 */
export function cgiRuleMayApply(d: CgiDraft, law: Law, rule: Rule): boolean {
  const f = d.cgi;
  switch (rule) {
    case "funeralFlat":
      // The invoice below the flat amount, or the gross assets (at least the listed ones less the
      // main residence's reduction: the furniture only adds) below it.
      return d.kind === "estate" && (d.funeral.cents <= law.funeralDeduction * 100 || grossAssetsMayBeBelow(d, law, law.funeralDeduction));
    case "smallEstate":
      return d.kind === "estate" && grossAssetsMayBeBelow(d, law, Math.max(law.exemptions.smallEstate.everyoneBelow, law.exemptions.smallEstate.directLineBelow));
    case "nephew790G":
      // A nephew's exemption of art. 790 G exists only for the cash he receives (the housing cash included).
      return d.kind === "gift" && !f.hasDescendants && d.gifts.some((g) => (g.cash || f.housing.has(g)) && g.to.some((t) => d.beneficiaries.some((b) => b.id === t.beneficiary && b.relationship === "nephew")));
    case "allowancesUsed":
      // Only an earlier gift is recalled, never an exempt one of art. 790 G.
      return d.priorGifts.some((g) => !g.cash790G);
    case "defaultAllowanceAlone":
      // The disability allowance is a disabled beneficiary's.
      return d.kind === "estate" && d.beneficiaries.some((b) => b.disabled);
    case "siblingExemption":
      return d.beneficiaries.some((b) => siblingMayBeExempt(d, law, b));
    case "mainResidence764bis":
      return d.kind === "estate" && f.mainResidence !== null;
    case "furniture764": {
      // The minimum of a percent of the other assets (at most the listed ones) sets a flat
      // furniture's value, and a declared one's only when above the estimate.
      if (d.kind !== "estate" || f.furniture === null) return false;
      if (f.furniture.valuation === "flat") return true;
      return f.furniture.valuation === "declared" && f.furniture.cents * 100 < law.furnitureFlatRate * listedCents(d) + 1;
    }
    case "levy990I":
    case "levyExemption990I": {
      // A levy, or its exemption, needs a beneficiary whose capital of art. 990 I (the sums due for
      // premiums before 70, times his fraction of each contract) is above the allowance; the levy a
      // beneficiary not exempt by his relationship (a brother or sister may be either), the
      // exemption one who may be exempt.
      if (d.kind !== "estate" || f.contracts.length === 0) return false;
      const li = law.lifeInsurance;
      return d.beneficiaries.some((b) => {
        const mayBeExempt = (li.exempt990I as readonly string[]).includes(b.relationship) || siblingMayBeExempt(d, law, b);
        const mayBeTaxed = !(li.exempt990I as readonly string[]).includes(b.relationship);
        if (!(rule === "levyExemption990I" ? mayBeExempt : mayBeTaxed)) return false;
        let capital = 0;
        for (const c of f.contracts) capital += c.before70 * shareOf(c.to, b.id);
        // A cent of margin for the sum in binary floating point: "may" stays true at the allowance.
        return capital > li.allowance990I * 100 - 1;
      });
    }
    case "premiums757B": {
      // An excess over the global allowance needs the taxed premiums (each contract's base: its
      // premiums after 70, or its sums due for them if lower), at most all of them, above it.
      if (d.kind !== "estate") return false;
      let premiums = 0;
      for (const c of f.contracts) premiums += Math.min(c.premiumsAfter70, c.capitalAfter70) * shareOf(c.to, null);
      return premiums > law.lifeInsurance.allowance757B * 100 - 1;
    }
    case "allowance757BShared": {
      // Two beneficiaries or more with premiums after 70 (a base above 0).
      if (d.kind !== "estate") return false;
      let first: string | null = null;
      for (const c of f.contracts) {
        if (Math.min(c.premiumsAfter70, c.capitalAfter70) <= 0) continue;
        for (const t of c.to) {
          if (first === null) first = t.beneficiary;
          else if (t.beneficiary !== first) return true;
        }
      }
      return false;
    }
    case "housing790ABis":
      // The drafts mark housing cash on the gifts only (no earlier gift is one).
      return f.housing.size > 0;
    default:
      // A rule of both rule sets: not read here.
      return true;
  }
}

/**
 * Whether a beneficiary of an estate draft may be a brother or sister exempt under art. 796-0 ter
 * (engine: families/sibling-796-0-ter.ts): of a status the article names, who lived with the
 * deceased for its years before the death (as the dossier's `livedWithDeceased5Years` says,
 * toCgiDossier); the age or the infirmity is not read.
 */
function siblingMayBeExempt(d: CgiDraft, law: Law, b: CgiDraft["beneficiaries"][number]): boolean {
  if (d.kind !== "estate" || b.relationship !== "sibling") return false;
  const c = d.cgi.civil.get(b.id);
  const s = law.exemptions.sibling;
  return c !== undefined && c.maritalStatus !== null && (s.statuses as readonly string[]).includes(c.maritalStatus) && c.livesWithSince !== null && livedWithYears(c.livesWithSince, d.date, s.cohabitationYears);
}

/** The fraction of a contract's shares that goes to `id` (every share's when null), as a number. */
function shareOf(to: readonly Share[], id: string | null): number {
  let x = 0;
  for (const t of to) if (id === null || t.beneficiary === id) x += t.num / t.den;
  return x;
}

/**
 * Whether an estate draft's gross assets may be below `euros`: its listed assets less the largest
 * reduction of the main residence (art. 764 bis), a bound below the gross assets (the furniture
 * only adds to them), at or below it.
 */
function grossAssetsMayBeBelow(d: CgiDraft & { kind: "estate" }, law: Law, euros: number): boolean {
  return listedCents(d) * (100 - law.mainResidence.reductionPercent) <= euros * 10_000;
}

/** The sum of an estate draft's listed assets, in cents. */
function listedCents(d: CgiDraft & { kind: "estate" }): number {
  let listed = 0;
  for (const a of d.assets) listed += a.cents;
  return listed;
}

/**
 * Whether ignoring `rule` surely changes the answer, proven from the computation's details
 * without computing the counterfactual (false: not proven, the counterfactual decides): the
 * levies of art. 990 I (engine: families/levy-990-i.ts), whose switches change an amount the
 * answer reports by itself, the spouse's exemption of an estate where the spouse would owe
 * tax whatever its allowance, the exemption of art. 790 G of a taxed donee's cash, the premiums
 * of art. 757 B added to a taxed beneficiary's value received, and the rules
 * of the net estate that move a taxed residue heir's share. A test compares it with the
 * counterfactual on thousands of tasks.
 */
export function ruleSurelyMatters(r: ComputeResult, rule: Rule): boolean {
  switch (rule) {
    case "levy990I":
      // Ignored, every levy is 0 (no allowance, nothing taxable): a beneficiary reporting a levy
      // above 0 reports 0 instead.
      return r.beneficiaries.some((b) => b.lifeInsurance !== null && b.lifeInsurance.levy > 0);
    case "levyExemption990I": {
      // Ignored, an exempt beneficiary (who reports a levy of 0) bears the levy on its capital
      // above the allowance, as any other: the scale's rounded levy on that excess, when it is 1 € or more.
      const li = r.law.lifeInsurance;
      const allowance = euro(li.allowance990I);
      return r.beneficiaries.some((b) => {
        const x = b.lifeInsurance;
        return x !== null && x.exempt990I && lt(allowance, x.capital990I) && scaleSlices(li.scale990I, ZERO, sub(x.capital990I, allowance)).tax > 0;
      });
    }
    case "spouseExemption": {
      // Ignored, the spouse or partner is taxed (no small estate exempting it instead, art. 800 I):
      // its value received stays (or grows by its premiums of art. 757 B), an estate has no cash
      // exemption, and its allowance is at most the spouse's of a gift, the disability one and
      // the default one together (engine: families/allowances.ts). A value received above them by
      // 1 € or more leaves a taxable share where the exempt spouse reports 0.
      if (r.kind !== "estate" || r.estate.smallEstate !== null) return false;
      const a = r.law.allowances;
      return r.beneficiaries.some((b) => {
        if (b.exemption?.reason !== "spouse") return false;
        const most = personalAllowance(r.law, "gift", b.relationship) + a.disability + a.default + 1;
        return !lt(b.received, euro(most));
      });
    }
    case "exemption790G":
    case "gift790G":
      // Ignored, a donee's exemption of art. 790 G on the gift's cash is 0, and nothing before it
      // changes (the housing exemption of art. 790 A bis comes first, the allowance and the
      // recall do not read it; `gift790G` also recalls the earlier 790 G gifts, hence only for a
      // donee who has none): a taxable share above 0 grows by the exempt amount, at 1 € or more
      // to another euro.
      return (
        r.kind === "gift" &&
        r.ignored.length === 0 &&
        r.beneficiaries.some((b) => !b.exempt && b.taxable >= 1 && b.exemption790G !== null && !lt(b.exemption790G.amount, ONE) && (rule === "exemption790G" || !r.dossier.priorGifts.some((g) => g.beneficiary === b.id && g.cash790G)))
      );
    case "premiums757B":
      // Ignored, no premium paid after 70 is added to a value received (engine:
      // families/premiums-757-b.ts), and nothing else reads the switch: a taxable share above 0
      // loses the excess, at 1 € or more to another euro (or to 0).
      return r.ignored.length === 0 && r.beneficiaries.some((b) => !b.exempt && b.taxable >= 1 && b.lifeInsurance !== null && !lt(b.lifeInsurance.excess757B, ONE));
    case "funeralCap":
    case "funeralFlat":
    case "mainResidence764bis":
      return netEstateSurelyMatters(r, rule);
    default:
      return false;
  }
}

/**
 * Whether ignoring a rule that acts only on the net estate (the funeral deduction, art. 775; the
 * gross estate's main residence, art. 764 bis) surely changes the answer
 * of an estate computed with nothing ignored: its net estate under the rule ignored (the engine's
 * `netEstateOf`) moves the residue by Δ (both residues above the bequests, so neither is held at
 * 0) and nothing else of a beneficiary that is not exempt (its bequests, life insurance,
 * allowance and recall do not read the estate; no small estate exempts it, before or after, the
 * gross assets not lower: the furniture of art. 764, whose minimum ignored lowers them, is left
 * to its counterfactual). A residue line of fraction f and bare percent p then moves its value
 * received, hence its exact taxable share when above 0, by Δ × f × p / 100: at 1 € or more, a
 * taxable share of 1 € or more rounds to another euro (or falls to 0). Computed mode (a civil
 * devolution) is not told here.
 */
function netEstateSurelyMatters(r: ComputeResult, rule: "funeralCap" | "funeralFlat" | "mainResidence764bis"): boolean {
  if (r.kind !== "estate" || r.devolution !== undefined || r.ignored.length !== 0 || r.estate.smallEstate !== null) return false;
  const e = r.estate;
  const n = netEstateOf(r.dossier, r.law, new Set<string>([rule]));
  if (lt(n.assets, e.assets) || !lt(e.bequests, e.netEstate) || !lt(e.bequests, n.netEstate)) return false;
  const delta = sub(n.netEstate, e.netEstate);
  if (delta.n === 0n) return false;
  for (const b of r.beneficiaries) {
    if (b.exempt || b.taxable < 1) continue;
    let moved = ZERO;
    for (const p of b.parts) if (p.kind === "residue" || p.kind === "residueUsufruct") moved = add(moved, mulRatio(p.fraction === ONE ? delta : mul(delta, p.fraction), p.barePercent, 100));
    if (!lt(moved.s < 0n ? sub(ZERO, moved) : moved, ONE)) return true;
  }
  return false;
}

/** Whether `rule` changes the answer: ruled out by {@link ruleApplies}, proven by {@link ruleSurelyMatters}, or else its counterfactual computed. */
export function ruleChanges(d: Dossier, r: ComputeResult, rule: Rule, source: LawSource = DATED_LAW): boolean {
  return ruleApplies(d, r, rule) && (ruleSurelyMatters(r, rule) || counterfactualChanges(d, r, rule, source));
}

/**
 * {@link ruleMatters} given the dossier's computation `r` under the law of `source`: the same
 * decision, computed from `r` for a rule that acts only on the recall of earlier gifts
 * ({@link recallRuleChanges}), else through the counterfactual.
 */
export function counterfactualChanges(d: Dossier, r: ComputeResult, rule: Rule, source: LawSource = DATED_LAW): boolean {
  if (actsOnRecallOnly(rule)) {
    const changes = recallRuleChanges(r, rule, source);
    if (changes !== null) return changes;
  }
  return ruleMatters(d, r.answer, rule, source);
}

/** Whether `rule` acts only on the recall of earlier gifts: its counterfactual is mostly decided without computing the dossier again ({@link recallRuleChanges}). */
export function actsOnRecallOnly(rule: Rule): rule is "recall" | "allowancesUsed" | "lowerBands" {
  return rule === "recall" || rule === "allowancesUsed" || rule === "lowerBands";
}

/**
 * Whether ignoring a rule that acts only on each beneficiary's recall of earlier gifts (art. 784:
 * `recall`, `allowancesUsed`, the scale started at the bands the recall used, `lowerBands`)
 * changes the answer, from the dossier's computation `r`: what comes before the recall (the
 * estate, each beneficiary's value received, its exemption, cash exemptions and allowance) is
 * the same, so each taxed beneficiary's recall is computed again with the rule ignored (the
 * engine's `recallOf`), then its taxable share and tax as the engine computes them after it
 * (compute.ts: the value received less the cash exemptions and the allowance left, rounded to the
 * euro; the scale from the bands the recall used). Null when it cannot be told from `r` (a taxable
 * share at 0 whose allowance left shrinks: the cash exemptions are not in the result), or when the
 * recall cannot be computed again: the counterfactual then decides. A test compares it with the
 * counterfactual computed on thousands of tasks.
 */
export function recallRuleChanges(r: ComputeResult, rule: "recall" | "allowancesUsed" | "lowerBands", source: LawSource = DATED_LAW): boolean | null {
  const ignore: ReadonlySet<string> = new Set<string>([rule]);
  const people = r.dossier.beneficiaries;
  let untold = false;
  for (let i = 0; i < r.beneficiaries.length; i++) {
    const b = r.beneficiaries[i]!;
    // An exempt beneficiary has no taxable share and no tax, whatever its recall.
    if (b.exempt || b.scale === null) continue;
    let recall = b.recall;
    if (rule !== "lowerBands") {
      try {
        recall = recallOf(r.dossier, r.law, source, people[i]!, b.allowance, ignore);
      } catch {
        return null;
      }
    }
    const start = rule === "lowerBands" ? ZERO : recall.T;
    if (recall.remainingAllowance.equals(b.recall.remainingAllowance) && start.equals(b.scaleStart)) continue;
    let taxableExact = ZERO;
    // A taxable share above 0 is the value received, less the cash exemptions, less the allowance left.
    if (positive(b.taxableExact)) taxableExact = floor0(sub(add(b.taxableExact, b.recall.remainingAllowance), recall.remainingAllowance));
    else if (lt(recall.remainingAllowance, b.recall.remainingAllowance)) {
      untold = true;
      continue;
    }
    const taxable = roundEuro(taxableExact);
    if (taxable !== b.taxable) return true;
    if (scaleSlices(r.law.scales[b.scale], start, integer(BigInt(taxable))).tax !== b.tax) return true;
  }
  return untold ? null : false;
}

/** The rules among `rules` whose counterfactual changes the answer (engine: `compute(d, { ignore: [rule], source })`). */
export function rulesThatMatter(d: Dossier, r: ComputeResult, rules: readonly Rule[], source: LawSource = DATED_LAW): Rule[] {
  return rules.filter((rule) => ruleChanges(d, r, rule, source));
}

/**
 * The difficulty of a task computed under the law of `source`, given the rules already found to
 * matter among some of them.
 */
export function difficultyOf(
  d: Dossier,
  r: ComputeResult,
  presentation: Presentation,
  known: { rules: readonly Rule[]; checked: readonly Rule[] } = { rules: [], checked: [] },
  source: LawSource = DATED_LAW,
): Difficulty {
  const rest = rulesOf(d.ruleSet).filter((x) => !known.checked.includes(x));
  const matter = new Set<Rule>([...known.rules, ...rulesThatMatter(d, r, rest, source)]);
  let bands = 0;
  let recalled = 0;
  for (const b of r.beneficiaries) {
    bands += b.bands.length + (b.lifeInsurance?.bands990I.length ?? 0);
    recalled += b.recall.recalled.length;
  }
  return {
    rules: rulesOf(d.ruleSet).filter((x) => matter.has(x)),
    steps: { bands, recalled, contracts: d.kind === "estate" ? d.lifeInsurance.length : 0, beneficiaries: d.beneficiaries.length },
    presentation,
  };
}

/**
 * Whether ignoring `rule` changes the answer (counterfactual through the engine, under the law of
 * `source`). A counterfactual the engine refuses changes it too: no answer comes out, so not this
 * one (a level-7 estate whose prior gifts fit the disposable share only once the funeral costs are
 * deducted as the law says, for one).
 */
export function ruleMatters(dossier: Dossier, answer: Answer, rule: Rule, source: LawSource = DATED_LAW): boolean {
  try {
    return !sameAnswer(compute(dossier, { ignore: [rule], source }).answer, answer);
  } catch (e) {
    if (isDossierError(e)) return true;
    throw e;
  }
}

/**
 * The combination of the level's rules (`LEVEL_RULES`) that must change the answer (seed's
 * `niveau_utile`). Each level's test can only name rules of its own level. Given the dossier's
 * computation (`result`), a rule that {@link ruleApplies} rules out is not computed again: it
 * cannot change the answer, and one that {@link ruleSurelyMatters} proves is not computed either
 * (the same test as {@link rulesThatMatter}), so the decision is the same.
 */
export function levelRulesMatter(dossier: Dossier, answer: Answer, level: Level, shape: Shape = "default", source: LawSource = DATED_LAW, result?: ComputeResult): boolean {
  const matters = (rule: Rule): boolean => (result === undefined ? ruleMatters(dossier, answer, rule, source) : ruleChanges(dossier, result, rule, source));
  if (level === 3) {
    const m = (rule: LevelRule<3>): boolean => matters(rule);
    if (dossier.kind === "gift") {
      if (shape === "790GMatters") return m("exemption790G");
      // The age conditions count through the donor's age (a donor too old for art. 790 G).
      const donorAge = ageOn(dossier.person.birthDate, dossier.date);
      return m("exemption790G") || (donorAge >= lawAt(source, dossier.date).cashGift790G.donorAgeBelow && m("ageConditions790G"));
    }
    if (shape === "recallAndRepresentation") return m("recall") && m("representation");
    return m("recall") || m("representation") || m("gift790G");
  }
  if (level === 4) {
    const m = (rule: LevelRule<4>): boolean => matters(rule);
    // The recall first: it is mostly decided without computing the dossier again (the same decision in any order).
    if (dossier.kind === "gift") return m("recall") && m("usufruct669") && m("exemption790G");
    return dossier.bequests.length > 0 && m("recall") && m("usufruct669") && (m("representation") || m("gift790G"));
  }
  return true;
}

