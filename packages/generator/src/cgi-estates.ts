import { compareDates, type CivilDate, type MaritalStatus } from "@succ/engine";
import type { Law } from "@succ/rules";
import { emptyFacts, listOf, type Beneficiary, type CgiEstateDraft, type CgiFacts, type Deed, type Item, type Predeceased, type Share } from "./draft.js";
import { cgiActDate, dateIn, DEED_FIGURES_BEFORE, deedOf, estateAllowanceCents, FIRST_PRIOR_GIFT, lawOf, personalCents } from "./law.js";
import { addDays, addYears, birthForAge, maxDate, minDate } from "./dates.js";
import {
  addChildren,
  addLegatee,
  addRepresentation,
  addSpouse,
  childrenWord,
  heirShares,
  largest,
  pickLegateeKinds,
  predeceasedWord,
  situationOf,
  spouseSituation,
  target,
  type LegateeKind,
} from "./estates.js";
import { AssetList, Builder, debtsOf, HOMES, MIN_BUILDING, reduce, residueFor, roundEuros, roundish, splitShare } from "./family.js";
import { FUNERAL } from "./families/funeral-775.js";
import { FURNITURE } from "./families/furniture-764.js";
import { LEVY_990I } from "./families/levy-990-i.js";
import { gendered } from "./french.js";
import type { CgiLevel } from "./levels.js";
import { familyName } from "./names.js";
import type { Rng } from "./random.js";

/**
 * Estates of levels 5 and 6 (`notary-estate`, `law-of-date-estate`): a family (a couple with
 * children, a widowed or divorced parent, or a deceased without descendants and their brothers
 * and sisters) and the traps of the real law, each drawn so that, when present, it changes the
 * answer: the flat funeral deduction against a smaller invoice, the main residence and who lives
 * there, the furniture, one to three life-insurance contracts (premiums before and after 70), a
 * gift of 2011-2012 made under the 159,325 € allowance, a disabled legatee without an allowance of
 * his own, a brother or sister who may meet art. 796-0 ter.
 *
 * Level 6 never draws what depends on a decision of this project or on a point not confirmed in
 * an official source (the list is in the README): no flat furniture, no exempt beneficiary named
 * on a contract, the premiums after 70 to one beneficiary at most, no prior gift to a disabled
 * beneficiary, no prior gift exactly 15 years old.
 */

type Family = "couple" | "parent" | "childless";

interface Ctx {
  rng: Rng;
  level: CgiLevel;
  b: Builder;
  law: Law;
  subject: CgiEstateDraft["subject"];
  age: number;
  facts: CgiFacts;
  /** Exempt by who they are (art. 796-0 bis, 796-0 ter): spouse, partner, exempt sibling. */
  exempt: Set<string>;
  children: Beneficiary[];
  representation: { dead: Predeceased; heirs: Beneficiary[] } | null;
  legatees: Beneficiary[];
  residue: Share[];
  bequests: { beneficiary: string; cents: number }[];
  situation: string;
  /** The beneficiary whose taxable share the residue is drawn for, and another one (optional). */
  reference: Beneficiary | null;
}

const MARITAL_ADULT: readonly (readonly [MaritalStatus, number])[] = [["married", 52], ["single", 24], ["divorced", 12], ["pacs", 8], ["widowed", 4]];

function civilOf(c: Ctx, x: Beneficiary, status: MaritalStatus | null, extra: { protectedAdult?: boolean; livesWithSince?: CivilDate | null } = {}): void {
  c.facts.civil.set(x.id, { maritalStatus: status, protectedAdult: extra.protectedAdult ?? false, livesWithSince: extra.livesWithSince ?? null });
}

/** Marital status of an adult beneficiary (a minor has none). */
function drawStatus(c: Ctx, x: Beneficiary): MaritalStatus | null {
  return c.b.ageOf(x) < c.law.mainResidence.minorBelow ? null : c.rng.weighted(MARITAL_ADULT);
}

function start(rng: Rng, level: CgiLevel, family: Family, ages: readonly [number, number]): Ctx {
  const act = cgiActDate(rng, level, "estate");
  const b = new Builder(rng, act, familyName(rng));
  const law = lawOf(act);
  const age = rng.int(ages[0], ages[1]);
  const subject = b.subject(age);
  return {
    rng,
    level,
    b,
    law,
    subject,
    age,
    facts: emptyFacts(family !== "childless"),
    exempt: new Set(),
    children: [],
    representation: null,
    legatees: [],
    residue: [],
    bequests: [],
    situation: "",
    reference: null,
  };
}

/** A child aged `age` (a minor or a young adult), born when the parent could have a child. */
function addChildOfAge(c: Ctx, age: number): Beneficiary | null {
  const birth = c.b.siblingBirth("the subject's children", () => birthForAge(c.rng, c.b.act, age));
  if (!c.b.canBeParent(c.subject, birth)) return null;
  const x = c.b.add(c.b.person(), "child", birth);
  c.b.parentOf(c.subject, x);
  return x;
}

function addLegatees(c: Ctx, count: number, kinds: readonly (readonly [LegateeKind, number])[]): void {
  for (const kind of pickLegateeKinds(c.rng, count, kinds)) {
    const l = addLegatee(c.b, kind, c.age, c.children);
    civilOf(c, l, drawStatus(c, l), l.relationship === "sibling" ? { livesWithSince: null } : {});
    c.legatees.push(l);
  }
  // A disabled legatee without an allowance of his own (a grandchild who represents no one, a
  // friend): art. 788 IV gives him nothing beside the disability allowance.
  const alone = c.legatees.filter((l) => l.relationship === "grandchild" || l.relationship === "unrelated");
  if (alone.length > 0 && c.rng.chance(c.level === 5 ? 45 : 60)) c.rng.pick(alone).disabled = true;
}

function familyCouple(c: Ctx): void {
  const { b, rng } = c;
  const spouse = addSpouse(b, c.age, c.subject.female, rng.chance(15));
  civilOf(c, spouse, spouse.relationship === "spouse" ? "married" : "pacs");
  c.exempt.add(spouse.id);
  c.facts.regime = spouse.relationship === "pacs" ? "pacsSeparation" : rng.weighted([["community", 75], ["separation", 25]] as const);
  const k = rng.weighted([[1, 15], [2, 40], [3, 30], [4, 15]] as const);
  c.children = addChildren(b, c.subject, k);
  for (const x of c.children) civilOf(c, x, drawStatus(c, x));
  if (rng.chance(8)) rng.pick(c.children).disabled = true;
  if (rng.chance(18)) {
    c.representation = addRepresentation(b, c.subject, rng.weighted([[1, 30], [2, 50], [3, 20]] as const), 0);
    for (const h of c.representation.heirs) civilOf(c, h, drawStatus(c, h));
  }
  let l: number = rng.weighted([[0, 40], [1, 40], [2, 20]] as const);
  if (k === 1 && !c.representation) l = Math.max(l, 1);
  addLegatees(c, Math.min(l, 9 - b.beneficiaries.length), [["grandchild", 35], ["nephew", 25], ["unrelated", 30], ["sibling", 10]]);
  const stocks = k + (c.representation ? 1 : 0);
  const shares = heirShares(rng, { num: 3, den: 4 }, stocks, 75);
  c.residue = [{ beneficiary: spouse.id, num: 1, den: 4 }, ...listOf(c.children, (x, i) => ({ beneficiary: x.id, ...shares[i]! }))];
  if (c.representation) {
    const s = splitShare(shares[k]!, c.representation.heirs.length);
    for (const h of c.representation.heirs) c.residue.push({ beneficiary: h.id, ...s });
  }
  c.situation = `${spouseSituation(c.subject.female, spouse)}, ${childrenWord(stocks)}${predeceasedWord(c.representation?.dead)}`;
  // The spouse or partner lives in the deceased's main residence (art. 764 bis), now and then
  // with a grown-up child who does not count.
  if (rng.chance(85)) c.facts.mainResidence = { asset: 0, occupants: rng.chance(15) ? [spouse.id, rng.pick(c.children).id] : [spouse.id] };
}

/** The child of a widowed or divorced parent who makes the main residence count: a minor, a protected adult, a disabled adult, or none. */
type Special = "minor" | "protected" | "disabled" | "none";

function familyParent(c: Ctx, special: Special): void {
  const { b, rng } = c;
  let occupant: Beneficiary | null = null;
  if (special === "minor") occupant = addChildOfAge(c, rng.int(Math.max(6, c.age - 48), Math.min(17, c.age - 24)));
  const k = rng.weighted([[1, 15], [2, 45], [3, 30], [4, 10]] as const);
  c.children.push(...(occupant ? [occupant] : []), ...addChildren(b, c.subject, occupant ? k - 1 : k));
  for (const x of c.children) civilOf(c, x, drawStatus(c, x));
  if (!occupant && (special === "protected" || special === "disabled")) {
    occupant = rng.pick(c.children);
    if (special === "disabled") occupant.disabled = true;
    else civilOf(c, occupant, rng.pick(["single", "divorced"] as const), { protectedAdult: true });
  }
  let l: number = rng.weighted([[0, 35], [1, 45], [2, 20]] as const);
  if (c.children.length === 1) l = Math.max(l, 1);
  addLegatees(c, Math.min(l, 9 - b.beneficiaries.length), [["grandchild", 40], ["nephew", 25], ["unrelated", 30], ["sibling", 5]]);
  const shares = heirShares(rng, { num: 1, den: 1 }, c.children.length, 70);
  c.residue = listOf(c.children, (x, i) => ({ beneficiary: x.id, ...shares[i]! }));
  const status = rng.weighted([["widowed", 55], ["divorced", 35], ["single", 10]] as const);
  c.situation = `${situationOf(c.subject.female, status)}, ${childrenWord(c.children.length)}`;
  if (occupant && rng.chance(92)) c.facts.mainResidence = { asset: 0, occupants: [occupant.id] };
  else if (rng.chance(5)) c.facts.mainResidence = { asset: 0, occupants: [rng.pick(c.children).id] };
}

/** Brothers and sisters of a deceased without descendants; one may have lived with the deceased (art. 796-0 ter). */
function familyChildless(c: Ctx): void {
  const { b, rng, level } = c;
  const partner = rng.chance(20) ? addSpouse(b, c.age, c.subject.female, true) : null;
  if (partner) {
    civilOf(c, partner, "pacs");
    c.exempt.add(partner.id);
    c.facts.regime = "pacsSeparation";
  }
  const m = rng.weighted([[1, 20], [2, 45], [3, 35]] as const);
  const siblings: Beneficiary[] = [];
  const cohabitant = rng.chance(80) ? 0 : -1;
  for (let i = 0; i < m; i++) {
    let lo = Math.max(30, c.age - 12);
    let hi = Math.min(100, c.age + 12);
    // The one who lived with the deceased is older than 50 (now and then younger: the trap).
    const young = i === cohabitant && rng.chance(12) && lo <= 46;
    if (i === cohabitant) [lo, hi] = young ? [lo, Math.min(hi, 48)] : [Math.max(lo, 52), Math.max(hi, 52)];
    const s = b.add(b.person(), "sibling", b.siblingBirth("the subject's siblings", () => birthForAge(rng, b.act, rng.int(lo, hi))));
    siblings.push(s);
    if (i === cohabitant) {
      const eligible = rng.chance(82);
      const status: MaritalStatus = eligible ? rng.weighted([["single", 45], ["widowed", 30], ["divorced", 15], ["separated", 10]] as const) : rng.pick(["married", "pacs"] as const);
      // Since long before the last five years, or (the trap) only for a few years.
      const years = rng.chance(85) ? rng.int(6, 30) : rng.int(1, 4);
      const since = addDays(addYears(b.act, -years), -rng.int(20, 300));
      // Under 50, only an infirmity could exempt him: level 6 leaves it out (art. 796-0 ter words
      // it otherwise than art. 779 II, and the file has one flag for both).
      if (young && level === 6 ? false : young && rng.chance(30)) s.disabled = true;
      civilOf(c, s, status, { livesWithSince: since });
    } else civilOf(c, s, rng.weighted(MARITAL_ADULT), { livesWithSince: null });
  }
  const nephews: Beneficiary[] = [];
  const n = rng.weighted([[0, 35], [1, 40], [2, 25]] as const);
  for (let i = 0; i < n && b.beneficiaries.length < 8; i++) {
    const x = addLegatee(b, "nephew", c.age, []);
    civilOf(c, x, drawStatus(c, x));
    nephews.push(x);
  }
  // A nephew heir of part of the residue, the others legatees; now and then a friend.
  const heir = nephews.length > 0 && rng.chance(40) ? nephews[0]! : null;
  c.legatees.push(...nephews.filter((x) => x !== heir));
  if (rng.chance(55) && b.beneficiaries.length < 9) addLegatees(c, 1, [["unrelated", 1]]);
  if (partner && b.beneficiaries.length < 9) c.legatees.push(partner);
  const heirShare = heir ? rng.pick([{ num: 1, den: 4 }, { num: 1, den: 5 }]) : { num: 0, den: 1 };
  const shares = heirShares(rng, reduce(heirShare.den - heirShare.num, heirShare.den), m, 70);
  c.residue = listOf(siblings, (s, i) => ({ beneficiary: s.id, ...shares[i]! }));
  if (heir) c.residue.push({ beneficiary: heir.id, ...heirShare });
  const status = partner ? null : rng.weighted([["single", 45], ["widowed", 35], ["divorced", 20]] as const);
  c.situation = `${partner ? `${gendered(c.subject.female, "lié", "liée")} par un PACS à ${partner.id}` : situationOf(c.subject.female, status!)}, sans descendant`;
  if (partner && rng.chance(85)) c.facts.mainResidence = { asset: 0, occupants: [partner.id] };
  else if (cohabitant === 0 && rng.chance(6)) c.facts.mainResidence = { asset: 0, occupants: [siblings[0]!.id] };
}

/** Whether the engine exempts this sibling under art. 796-0 ter (single, widowed, divorced or separated, older than 50 or disabled, five years together). */
function siblingExempt(c: Ctx, s: Beneficiary): boolean {
  const civil = c.facts.civil.get(s.id);
  const e = c.law.exemptions.sibling;
  if (!civil?.livesWithSince || civil.maritalStatus === null || !e.statuses.includes(civil.maritalStatus)) return false;
  if (compareDates(civil.livesWithSince, addYears(c.b.act, -e.cohabitationYears)) > 0) return false;
  // No birthday falls on the day of death: "older than 50" is then 50 completed years or more.
  return c.b.ageOf(s) >= e.olderThan || s.disabled;
}

// --- prior gifts and their deeds --------------------------------------------------------------

/**
 * The earlier gifts of the deceased, with the figures of their deeds: a gift of 2011-2012 to a
 * child (before 2012-08-17, when the child allowance was 159,325 €), worth more than today's
 * allowance so that its deed's figure matters; a later gift; a 790 G cash gift.
 */
function priorGifts(c: Ctx): void {
  const { b, rng, level } = c;
  const recallFrom = addDays(addYears(b.act, -c.law.recallYears), 1);
  const eligible = (x: Beneficiary): boolean => !(level === 6 && x.disabled) && x.represents === null;
  const kids = c.children.filter(eligible);
  let early: Beneficiary | null = null;
  if (kids.length > 0 && rng.chance(level === 5 ? 50 : 75)) {
    const x = (early = rng.pick(kids));
    const from = maxDate(maxDate(FIRST_PRIOR_GIFT, recallFrom), addDays(addYears(x.birth, 1), 1));
    const date = dateIn(rng, from, addDays(DEED_FIGURES_BEFORE, -1));
    if (date) b.prior(x, date, roundish(rng, rng.int(105_000, 170_000) * 100));
  }
  // A later gift, to another child than the one of 2011-2012 (whose taxed part would otherwise
  // leave the lowest bands, where the earlier deed's figure shows).
  const later = kids.filter((x) => x !== early);
  if (later.length > 0 && rng.chance(30)) {
    const x = rng.pick(later);
    const date = dateIn(rng, maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addDays(addYears(x.birth, 1), 1)), addDays(b.act, -45));
    if (date) b.prior(x, date, roundish(rng, rng.spread(8_000, 120_000) * 100));
  }
  // A family cash gift (art. 790 G): a child or, for a deceased without descendants, a nephew.
  const g = c.law.cashGift790G;
  const donees = c.facts.hasDescendants ? kids : c.legatees.filter((x) => x.relationship === "nephew").concat(listOf(c.residue, (s) => b.beneficiaries.find((x) => x.id === s.beneficiary)!).filter((x) => x.relationship === "nephew"));
  if (donees.length > 0 && rng.chance(25)) {
    const x = rng.pick(donees);
    const from = maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addYears(x.birth, g.doneeMinimumAge + 1));
    const to = minDate(addYears(c.subject.birth, g.donorAgeBelow - 1), addDays(b.act, -45));
    const date = dateIn(rng, from, to);
    if (date) b.prior(x, date, Math.min(g.ceiling * 100, roundish(rng, rng.spread(3_000, g.ceiling - 1_000) * 100)), true);
  }
}

/** The deeds of the earlier gifts, in date order; and each beneficiary's allowance left at the act, in cents. */
function deeds(c: Ctx, gifts: CgiEstateDraft["priorGifts"]): Map<string, number> {
  const done = new Map<typeof gifts[number], Deed>();
  for (const g of gifts) {
    if (g.cash790G) continue;
    const x = c.b.beneficiaries.find((y) => y.id === g.beneficiary)!;
    done.set(g, deedOf(g, done, x.relationship, x.disabled));
  }
  for (const [g, d] of done) c.facts.deeds.set(g, d);
  const left = new Map<string, number>();
  for (const x of c.b.beneficiaries) {
    let u = 0;
    let v = 0;
    for (const [g, d] of done) {
      if (g.beneficiary === x.id) {
        u += d.allowanceUsed;
        v += d.disabilityAllowanceUsed;
      }
    }
    // The representatives of a predeceased child share that child's allowance (art. 779 I).
    const own = x.represents ? Math.floor(personalCents(c.law, "estate", "child") / c.b.beneficiaries.filter((y) => y.represents === x.represents).length) : personalCents(c.law, "estate", x.relationship);
    const disability = x.disabled ? c.law.allowances.disability * 100 : 0;
    left.set(x.id, own > 0 || x.disabled ? Math.max(0, own - u) + Math.max(0, disability - v) : c.law.allowances.default * 100);
  }
  return left;
}

// --- life insurance ------------------------------------------------------------------------------

// --- amounts --------------------------------------------------------------------------------

/** A bequest above the legatee's allowance (so that it is taxed), now and then within it. */
function bequestFor(c: Ctx, l: Beneficiary): number {
  const A = c.exempt.has(l.id) ? 0 : estateAllowanceCents(c.law, l.relationship, l.disabled);
  // A disabled legatee without an allowance of his own always receives more than his allowances
  // would cover even with art. 788 IV stacked (so that the stacking shows).
  const alone = l.disabled && personalCents(c.law, "estate", l.relationship) === 0;
  if (alone) return roundish(c.rng, A + c.law.allowances.default * 100 + c.rng.spread(1_500, 90_000) * 100);
  if (c.rng.chance(92) || A < 1_000_00) return roundish(c.rng, A + c.rng.spread(800, 90_000) * 100);
  return roundEuros(c.rng.int(300_00, A - 100_00), 100);
}

/**
 * The assets listed in the inventory: the main residence first (when there is one), other
 * property and securities, the bank accounts last (taking the cents left). Their total is
 * `listed`; the furniture is apart.
 */
function assetsOf(c: Ctx, listed: number, home: number | null): Item[] {
  const rng = c.rng;
  const list = new AssetList(rng, listed);
  if (home !== null) list.take(`${rng.pick(HOMES)} ${list.place()}`, home);
  const pool = rng.sample(["property", "titres", "sci", "vehicle", "pea"] as const, listed < 80_000_00 ? rng.int(0, 1) : rng.int(1, 3));
  for (const k of pool) list.add(k, Math.floor((list.left * rng.int(10, 40)) / 100));
  return list.close();
}

// --- the estate ----------------------------------------------------------------------------------

export function cgiEstate(rng: Rng, level: CgiLevel): CgiEstateDraft {
  const family = rng.weighted([["couple", 45], ["parent", 30], ["childless", 25]] as const);
  const special: Special = family === "parent" ? rng.weighted([["minor", 30], ["protected", 25], ["disabled", 20], ["none", 25]] as const) : "none";
  const c = start(rng, level, family, family === "couple" ? [64, 95] : family === "parent" ? (special === "minor" ? [42, 62] : [58, 96]) : [56, 95]);
  if (family === "couple") familyCouple(c);
  else if (family === "parent") familyParent(c, special);
  else familyChildless(c);
  for (const x of c.b.beneficiaries) if (x.relationship === "sibling" && siblingExempt(c, x)) c.exempt.add(x.id);

  priorGifts(c);
  const gifts = c.b.sortedPriorGifts();
  const left = deeds(c, gifts);
  c.facts.contracts = LEVY_990I.draw.lifeInsurance(rng, level, c.law, { act: c.b.act, birth: c.subject.birth, age: c.age, beneficiaries: c.b.beneficiaries, exempt: c.exempt });

  // The residue: the reference heir (the child of the 2011-2012 gift, else the largest taxed
  // share) owes tax on a share spread over the scale; another stock often too.
  const taxedShares = c.residue.filter((s) => !c.exempt.has(s.beneficiary));
  let R = 0;
  if (taxedShares.length > 0) {
    const withGift = taxedShares.find((s) => gifts.some((g) => g.beneficiary === s.beneficiary && !g.cash790G));
    const ref = withGift ?? largest(taxedShares);
    R = residueFor(left.get(ref.beneficiary)! + target(rng, 2_000, c.facts.hasDescendants ? 600_000 : 300_000), ref);
    const others = taxedShares.filter((s) => s !== ref);
    if (others.length > 0 && rng.chance(65)) {
      const o = largest(others);
      R = Math.max(R, residueFor(left.get(o.beneficiary)! + target(rng, 1_000, 300_000), o));
    }
  }
  R += rng.int(0, 99);
  c.bequests = listOf(c.legatees, (l) => ({ beneficiary: l.id, cents: bequestFor(c, l) }));
  const bequestTotal = c.bequests.reduce((s, q) => s + q.cents, 0);
  const net = R + bequestTotal;
  const debts = debtsOf(rng, net);
  const funeral = FUNERAL.draw.funeral(rng, level, c.law);
  const base = net + debts.reduce((s, d) => s + d.cents, 0) + c.law.funeralDeduction * 100;
  // The main residence, and the value its reduction (art. 764 bis) takes off, added back so that
  // the net estate still covers the bequests.
  let home: number | null = null;
  if (c.facts.mainResidence) {
    home = Math.max(MIN_BUILDING + 20_000_00, roundEuros(Math.floor((base * rng.int(30, 60)) / 100), 1000));
    if (home >= base - 5_000_00) {
      home = null;
      c.facts.mainResidence = null;
    }
  }
  const listed = base + (home === null ? 0 : Math.ceil((home * c.law.mainResidence.reductionPercent) / 100));

  c.facts.furniture = FURNITURE.draw.furniture(rng, level, c.law, listed);
  const assets = assetsOf(c, listed, home);

  return {
    kind: "estate",
    date: c.b.act,
    subject: c.subject,
    beneficiaries: c.b.beneficiaries,
    priorGifts: gifts,
    parents: c.b.parents,
    situation: c.situation,
    predeceased: c.representation ? [c.representation.dead] : [],
    assets,
    debts,
    funeral,
    bequests: c.bequests,
    residue: c.residue,
    spouseUsufruct: null,
    cgi: c.facts,
  };
}
