import { gendered } from "./french.js";
import { compareDates, type CivilDate } from "@succ/engine";
import { usufructPercent, type Law } from "@succ/rules";
import { actDate, addDays, addYears, birthForAge, birthNearBirthday, dateBetween } from "./dates.js";
import { listOf, type Beneficiary, type EstateDraft, type Predeceased, type Share } from "./draft.js";
import { Builder, estateBalance, majority, reduce, residueFor, roundEuros, roundish, splitShare } from "./family.js";
import { allowanceCents, openRowAge, usufructEdges } from "./law.js";
import { familyName } from "./names.js";
import type { Rng } from "./random.js";

/** Estates: level 1 (only child), level 2 (three families), level 3 (recall), level 4 (usufruct). */

export type LegateeKind = "grandchild" | "nephew" | "unrelated" | "sibling";


function start(rng: Rng, ageLo: number, ageHi: number): { b: Builder; age: number; subject: EstateDraft["subject"] } {
  const act = actDate(rng);
  const b = new Builder(rng, act, familyName(rng));
  const age = rng.int(ageLo, ageHi);
  return { b, age, subject: b.subject(age) };
}

/** The children of the deceased. */
export function addChildren(b: Builder, subject: EstateDraft["subject"], count: number): Beneficiary[] {
  const out: Beneficiary[] = [];
  for (let i = 0; i < count; i++) {
    const c = b.add(b.person(), "child", b.siblingBirth("the subject's children", () => birthForAge(b.rng, b.act, b.childAge(b.ageOf(subject)))));
    b.parentOf(subject, c);
    out.push(c);
  }
  return out;
}

/** A beneficiary as a parent, for the family guard. */
function asParent(c: Beneficiary): { female: boolean; birth: CivilDate } {
  return { female: c.person.female, birth: c.birth };
}

/** A legatee of the given kind; a grandchild needs a living child old enough to be its parent. */
export function addLegatee(b: Builder, kind: LegateeKind, age: number, children: readonly Beneficiary[]): Beneficiary {
  const rng = b.rng;
  if (kind === "grandchild") {
    const parents = children.filter((c) => b.ageOf(c) >= 22);
    if (parents.length > 0) {
      const parent = rng.pick(parents);
      const last = parent.person.female && rng.chance(60) ? b.otherFamily() : parent.person.last;
      const g = b.add(b.person(last), "grandchild", b.siblingBirth(`the children of ${parent.id}`, () => birthForAge(rng, b.act, b.grandchildAge(b.ageOf(parent)))));
      b.parentOf(asParent(parent), g);
      return g;
    }
    kind = "nephew";
  }
  switch (kind) {
    case "nephew": {
      const last = rng.chance(50) ? b.family : b.otherFamily();
      const adult = majority(b.law);
      return b.add(b.person(last), "nephew", birthForAge(rng, b.act, rng.int(Math.max(adult, age - 45), Math.max(adult + 1, age - adult))));
    }
    case "sibling":
      return b.add(b.person(), "sibling", b.siblingBirth("the subject's siblings", () => birthForAge(rng, b.act, rng.int(Math.max(30, age - 10), Math.min(102, age + 10)))));
    default:
      return b.add(b.person(b.otherFamily()), "unrelated", birthForAge(rng, b.act, rng.int(25, 88)));
  }
}

/** A specific cash bequest: above the legatee's allowance most of the time (so it is taxed). */
function bequestFor(rng: Rng, law: Law, l: Beneficiary, owing = rng.chance(90)): number {
  const A = allowanceCents(law, "estate", l.relationship, l.disabled);
  if (owing || A < 1_000_00) return roundish(rng, A + rng.spread(800, 90_000) * 100);
  return roundEuros(rng.int(300_00, A - 100_00), 100);
}

/** Shares of `total` for `count` heirs: equal, or one of a few unequal patterns. */
export function heirShares(rng: Rng, total: { num: number; den: number }, count: number, equalPercent: number): { num: number; den: number }[] {
  if (count === 1 || count > 4 || rng.chance(equalPercent)) return Array.from({ length: count }, () => splitShare(total, count));
  const patterns: Record<number, [number, number][]> = {
    2: [[2, 3], [1, 3]],
    3: [[1, 2], [1, 4], [1, 4]],
    4: [[2, 5], [1, 5], [1, 5], [1, 5]],
  };
  const p = listOf(patterns[count]!, ([n, d]) => reduce(total.num * n, total.den * d));
  return rng.sample(p, p.length);
}

export function situationOf(female: boolean, status: "widowed" | "divorced" | "single"): string {
  switch (status) {
    case "widowed":
      return gendered(female, "veuf", "veuve");
    case "divorced":
      return gendered(female, "divorcé", "divorcée");
    case "single":
      return gendered(female, "célibataire", "célibataire");
  }
}

/** " dont un prédécédé" or " dont une prédécédée", after the number of children. */
export function predeceasedWord(dead: Predeceased | undefined): string {
  return dead === undefined ? "" : gendered(dead.person.female, " dont un prédécédé", " dont une prédécédée");
}

export function childrenWord(n: number): string {
  return ["aucun enfant", "un enfant", "deux enfants", "trois enfants", "quatre enfants", "cinq enfants"][n] ?? `${n} enfants`;
}

/** Target taxable share of the reference heir, in cents: spread over the bands of the scale. */
export function target(rng: Rng, lo: number, hi: number): number {
  return rng.spread(lo, hi) * 100 + rng.int(0, 99);
}

function finish(
  rng: Rng,
  b: Builder,
  subject: EstateDraft["subject"],
  situation: string,
  residue: Share[],
  bequests: { beneficiary: string; cents: number }[],
  residueCents: number,
  extra: Partial<Pick<EstateDraft, "predeceased" | "spouseUsufruct">> = {},
): EstateDraft {
  const bequestTotal = bequests.reduce((s, q) => s + q.cents, 0);
  const { assets, debts, funeral } = estateBalance(rng, b.law, residueCents, bequestTotal);
  return {
    kind: "estate",
    date: b.act,
    subject,
    beneficiaries: b.beneficiaries,
    priorGifts: b.sortedPriorGifts(),
    parents: b.parents,
    situation,
    predeceased: extra.predeceased ?? [],
    assets,
    debts,
    funeral,
    bequests,
    residue,
    spouseUsufruct: extra.spouseUsufruct ?? null,
  };
}

// --- level 1 ---------------------------------------------------------------------------------

export function onlyChildEstate(rng: Rng): EstateDraft {
  const { b, age, subject } = start(rng, 58, 97);
  const status = rng.chance(60) ? "widowed" : "divorced";
  const [child] = addChildren(b, subject, 1);
  const R = allowanceCents(b.law, "estate", "child") + target(rng, 2_000, 900_000);
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, un seul enfant`, [{ beneficiary: child!.id, num: 1, den: 1 }], [], R);
}

// --- level 2 ---------------------------------------------------------------------------------

export function addSpouse(b: Builder, age: number, subjectFemale: boolean, pacs: boolean): Beneficiary {
  const rng = b.rng;
  const female = rng.chance(90) ? !subjectFemale : subjectFemale;
  const spouseAge = Math.min(101, Math.max(45, age + rng.int(-8, 8)));
  return b.add(b.person(pacs ? b.otherFamily() : b.family, female), pacs ? "pacs" : "spouse", birthForAge(rng, b.act, spouseAge));
}

export function spouseSituation(female: boolean, spouse: Beneficiary): string {
  return spouse.relationship === "pacs" ? `${gendered(female, "lié", "liée")} par un PACS à ${spouse.id}` : `${gendered(female, "marié", "mariée")} à ${spouse.id}`;
}

export function pickLegateeKinds(rng: Rng, count: number, weights: readonly (readonly [LegateeKind, number])[]): LegateeKind[] {
  return Array.from({ length: count }, () => rng.weighted(weights));
}

export function spouseChildren(rng: Rng, minBequests = 0): EstateDraft {
  const { b, age, subject } = start(rng, 62, 98);
  const spouse = addSpouse(b, age, subject.female, rng.chance(20));
  const k = rng.weighted([[1, 15], [2, 40], [3, 30], [4, 15]] as const);
  let l = rng.weighted([[0, 30], [1, 45], [2, 25]] as const) as number;
  l = Math.max(l, minBequests, k === 1 ? 1 : 0);
  const children = addChildren(b, subject, k);
  if (rng.chance(10)) rng.pick(children).disabled = true;
  const legatees = listOf(pickLegateeKinds(rng, l, [["grandchild", 30], ["nephew", 30], ["unrelated", 25], ["sibling", 15]]), (kind) =>
    addLegatee(b, kind, age, children),
  );
  const spouseShare = { num: 1, den: 4 };
  const shares = heirShares(rng, { num: 3, den: 4 }, k, 70);
  const residue: Share[] = [{ beneficiary: spouse.id, ...spouseShare }, ...listOf(children, (c, i) => ({ beneficiary: c.id, ...shares[i]! }))];
  const bequests = listOf(legatees, (x) => ({ beneficiary: x.id, cents: bequestFor(rng, b.law, x) }));
  const ref = largest(residue.slice(1));
  const refChild = children.find((c) => c.id === ref.beneficiary)!;
  const R = residueFor(allowanceCents(b.law, "estate", "child", refChild.disabled) + target(rng, 2_000, 600_000), ref) + rng.int(0, 99);
  return finish(rng, b, subject, `${spouseSituation(subject.female, spouse)}, ${childrenWord(k)}`, residue, bequests, R);
}

export function largest(shares: readonly Share[]): Share {
  return shares.reduce((a, s) => (s.num * a.den > a.num * s.den ? s : a));
}

export function childrenLegatees(rng: Rng): EstateDraft {
  const { b, age, subject } = start(rng, 60, 98);
  const k = rng.weighted([[2, 45], [3, 35], [4, 20]] as const);
  const children = addChildren(b, subject, k);
  const residueLegatee = rng.chance(25);
  let l: number = residueLegatee ? rng.weighted([[0, 40], [1, 40], [2, 20]] as const) : rng.weighted([[1, 50], [2, 35], [3, 15]] as const);
  l = Math.min(l, 7 - k - (residueLegatee ? 1 : 0));
  let heir: Beneficiary | null = null;
  let heirShare = { num: 0, den: 1 };
  if (residueLegatee) {
    heir = addLegatee(b, rng.pick(["unrelated", "nephew"] as const), age, children);
    heirShare = rng.pick([{ num: 1, den: 10 }, { num: 1, den: 5 }, { num: 1, den: 6 }]);
  }
  const legatees = listOf(pickLegateeKinds(rng, l, [["grandchild", 35], ["nephew", 30], ["unrelated", 25], ["sibling", 10]]), (kind) =>
    addLegatee(b, kind, age, children),
  );
  if (rng.chance(15)) {
    const pool = [...children, ...children, ...legatees];
    rng.pick(pool).disabled = true;
  }
  const portion = reduce(heirShare.den - heirShare.num, heirShare.den);
  const shares = heirShares(rng, portion, k, 65);
  const residue: Share[] = listOf(children, (c, i) => ({ beneficiary: c.id, ...shares[i]! }));
  if (heir) residue.push({ beneficiary: heir.id, ...heirShare });
  const bequests = listOf(legatees, (x) => ({ beneficiary: x.id, cents: bequestFor(rng, b.law, x) }));
  const ref = largest(residue.slice(0, k));
  const refChild = children.find((c) => c.id === ref.beneficiary)!;
  const R = residueFor(allowanceCents(b.law, "estate", "child", refChild.disabled) + target(rng, 2_000, 600_000), ref) + rng.int(0, 99);
  const status = rng.chance(65) ? "widowed" : "divorced";
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, ${childrenWord(k)}`, residue, bequests, R);
}

export function siblingsLegatees(rng: Rng): EstateDraft {
  const { b, age, subject } = start(rng, 55, 98);
  const m = rng.weighted([[2, 45], [3, 35], [4, 20]] as const);
  const siblings: Beneficiary[] = [];
  for (let i = 0; i < m; i++) siblings.push(addLegatee(b, "sibling", age, []));
  if (rng.chance(10)) rng.pick(siblings).disabled = true;
  const nephewHeir = rng.chance(25);
  let heir: Beneficiary | null = null;
  let heirShare = { num: 0, den: 1 };
  if (nephewHeir) {
    heir = addLegatee(b, "nephew", age, []);
    heirShare = rng.pick([{ num: 1, den: 4 }, { num: 1, den: 5 }, { num: 1, den: 6 }]);
  }
  let l = rng.weighted([[1, 50], [2, 35], [3, 15]] as const) as number;
  l = Math.min(l, 7 - m - (nephewHeir ? 1 : 0));
  const legatees = listOf(pickLegateeKinds(rng, l, [["nephew", 60], ["unrelated", 40]]), (kind) => addLegatee(b, kind, age, []));
  const portion = reduce(heirShare.den - heirShare.num, heirShare.den);
  const shares = heirShares(rng, portion, m, 70);
  const residue: Share[] = listOf(siblings, (s, i) => ({ beneficiary: s.id, ...shares[i]! }));
  if (heir) residue.push({ beneficiary: heir.id, ...heirShare });
  const bequests = listOf(legatees, (x) => ({ beneficiary: x.id, cents: bequestFor(rng, b.law, x) }));
  const ref = largest(residue.slice(0, m));
  const refSibling = siblings.find((s) => s.id === ref.beneficiary)!;
  const R = residueFor(allowanceCents(b.law, "estate", "sibling", refSibling.disabled) + target(rng, 2_000, 400_000), ref) + rng.int(0, 99);
  const status = rng.weighted([["single", 45], ["widowed", 35], ["divorced", 20]] as const);
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, sans descendant`, residue, bequests, R);
}

// --- levels 3 and 4: recall, representation, usufruct ------------------------------------------

/** A child who died before the deceased, represented by `count` grandchildren. */
export function addRepresentation(b: Builder, subject: EstateDraft["subject"], count: number, disabledPercent: number): { dead: Predeceased; heirs: Beneficiary[] } {
  const rng = b.rng;
  const p = b.person();
  const birth = b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(b.ageOf(subject), 30)));
  const virtualAge = b.ageOf({ birth });
  const dead: Predeceased = { person: p, birth, death: b.act };
  b.parentOf(subject, { birth });
  const last = p.female ? b.otherFamily() : p.last;
  const heirs: Beneficiary[] = [];
  let youngest = addYears(birth, 25);
  for (let i = 0; i < count; i++) {
    const h = b.add(b.person(last), "grandchild", b.siblingBirth("the children of the predeceased child", () => birthForAge(rng, b.act, b.grandchildAge(virtualAge, 1))), rng.chance(disabledPercent), dead);
    b.parentOf({ female: p.female, birth }, h);
    if (compareDates(h.birth, youngest) > 0) youngest = h.birth;
    heirs.push(h);
  }
  // The parent died after the last child's birth and at least two months before the deceased.
  const last60 = addDays(b.act, -60);
  dead.death = compareDates(addDays(youngest, 40), last60) < 0 ? dateBetween(rng, addDays(youngest, 1), last60) : addDays(youngest, 1);
  return { dead, heirs };
}

/** A recalled gift: above the allowance (lower bands used) with probability `abovePercent`. */
function recalledValue(rng: Rng, A: number, abovePercent: number): number {
  return rng.chance(abovePercent) ? roundish(rng, A + rng.spread(2_000, 200_000) * 100) : roundish(rng, rng.spread(5_000, Math.floor((A * 0.9) / 100)) * 100);
}

/** A prior 790 G cash gift, within the ceiling. */
function value790G(rng: Rng, law: Law): number {
  const ceiling = law.cashGift790G.ceiling;
  return Math.min(ceiling * 100, roundish(rng, rng.spread(3_000, ceiling - 1_000) * 100));
}

/** Adds the prior gifts of an estate; returns the allowance each heir still has after the recall. */
function estatePriorGifts(
  b: Builder,
  subject: EstateDraft["subject"],
  opts: { recallTo: Beneficiary | null; abovePercent: number; g790To: Beneficiary | null; traps: readonly Beneficiary[]; trapPercent: number },
): Map<string, number> {
  const rng = b.rng;
  const remaining = new Map<string, number>();
  if (opts.recallTo) {
    const c = opts.recallTo;
    const A = allowanceCents(b.law, "estate", c.relationship, c.disabled);
    let S = 0;
    const v = recalledValue(rng, A, opts.abovePercent);
    if (b.prior(c, b.recalledDate(c), v)) S += v;
    if (rng.chance(20)) {
      const v2 = roundish(rng, rng.spread(3_000, 40_000) * 100);
      if (b.prior(c, rng.chance(25) ? b.justInsideDate(c) : b.recalledDate(c), v2)) S += v2;
    }
    remaining.set(c.id, A - Math.min(A, S));
  }
  if (opts.g790To) b.prior(opts.g790To, b.recalledDate(opts.g790To, b.law.cashGift790G.doneeMinimumAge, subject.birth), value790G(rng, b.law), true);
  if (opts.traps.length > 0 && rng.chance(opts.trapPercent)) {
    const t = rng.pick(opts.traps);
    b.prior(t, b.oldDate(t, rng.chance(45)), roundish(rng, rng.spread(8_000, 150_000) * 100));
  }
  return remaining;
}

export function estateRecall(rng: Rng, forceRepresentation = false): EstateDraft {
  const { b, age, subject } = start(rng, 66, 98);
  const hasSpouse = rng.chance(45);
  const spouse = hasSpouse ? addSpouse(b, age, subject.female, rng.chance(15)) : null;
  const k = rng.weighted([[1, 25], [2, 45], [3, 30]] as const);
  const children = addChildren(b, subject, k);
  const rep = forceRepresentation || rng.chance(55);
  const g = rep ? rng.weighted([[1, 30], [2, 50], [3, 20]] as const) : 0;
  const representation = rep ? addRepresentation(b, subject, g, 5) : null;
  const maxLegatees = 9 - b.beneficiaries.length;
  const l = Math.min(maxLegatees, rng.weighted([[0, 35], [1, 45], [2, 20]] as const));
  const legatees = listOf(pickLegateeKinds(rng, l, [["grandchild", 30], ["nephew", 30], ["unrelated", 25], ["sibling", 15]]), (kind) =>
    addLegatee(b, kind, age, children),
  );
  if (rng.chance(10)) rng.pick(children).disabled = true;

  const portion = spouse ? { num: 3, den: 4 } : { num: 1, den: 1 };
  const stocks = k + (rep ? 1 : 0);
  const stockShares = heirShares(rng, portion, stocks, rep ? 100 : 80);
  const residue: Share[] = [];
  if (spouse) residue.push({ beneficiary: spouse.id, num: 1, den: 4 });
  children.forEach((c, i) => residue.push({ beneficiary: c.id, ...stockShares[i]! }));
  if (representation) {
    const s = splitShare(stockShares[k]!, g);
    for (const h of representation.heirs) residue.push({ beneficiary: h.id, ...s });
  }

  const recall = forceRepresentation || rng.chance(78) || !rep;
  const recallTo = recall ? rng.pick(children) : null;
  const g790 = rng.chance(75) || (!recall && !rep);
  const adults = children.filter((c) => b.ageOf(c) >= b.law.cashGift790G.doneeMinimumAge + 2);
  const g790To = g790 && adults.length > 0 ? (recallTo && rng.chance(70) && adults.includes(recallTo) ? recallTo : rng.pick(adults)) : null;
  const remaining = estatePriorGifts(b, subject, { recallTo, abovePercent: 55, g790To, traps: children, trapPercent: 25 });
  if (representation && rng.chance(15)) {
    const h = rng.pick(representation.heirs);
    b.prior(h, b.recalledDate(h), roundish(rng, rng.spread(2_000, 60_000) * 100));
  }

  const bequests = listOf(legatees, (x) => ({ beneficiary: x.id, cents: bequestFor(rng, b.law, x) }));
  const ref = recallTo ?? rng.pick(children);
  const refShare = residue.find((s) => s.beneficiary === ref.id)!;
  const Ar = remaining.get(ref.id) ?? allowanceCents(b.law, "estate", "child", ref.disabled);
  let R = residueFor(Ar + target(rng, 2_000, 500_000), refShare);
  if (stocks > 1 && rng.chance(65)) {
    // Another stock (a child, or the grandchildren who represent one) has a taxable share too.
    const other = stockShares.filter((_, i) => i !== children.indexOf(ref));
    R = Math.max(R, residueFor(allowanceCents(b.law, "estate", "child") + target(rng, 1_000, 300_000), largest(listOf(other, (x) => ({ beneficiary: "", ...x })))));
  }
  R += rng.int(0, 99);
  const status = spouse ? spouseSituation(subject.female, spouse) : situationOf(subject.female, rng.chance(65) ? "widowed" : "divorced");
  return finish(rng, b, subject, `${status}, ${childrenWord(k + (rep ? 1 : 0))}${predeceasedWord(representation?.dead)}`, residue, bequests, R, {
    predeceased: representation ? [representation.dead] : [],
  });
}

/** The spouse's age for a usufruct: no 91 (the legal bound is imprecise); now and then on a bracket's edge. */
function usufructuaryAge(rng: Rng, law: Law, age: number): { age: number; near: boolean; past: boolean } {
  const openRow = openRowAge(law);
  if (rng.chance(20)) {
    // On a bracket's edge: just turned the first age of a bracket, or about to leave one.
    const edge = rng.pick(usufructEdges(law).filter((x) => x.first >= 60 && x.first < openRow));
    const past = rng.chance(50);
    return { age: past ? edge.first : edge.last, near: true, past };
  }
  let a = Math.min(100, Math.max(55, age + rng.int(-9, 6)));
  if (a === openRow) a -= 1;
  return { age: a, near: false, past: false };
}

export function spouseUsufructEstate(rng: Rng, beneficiaries?: number): EstateDraft {
  const { b, age, subject } = start(rng, 68, 98);
  const u = usufructuaryAge(rng, b.law, age);
  const spouseFemale = rng.chance(90) ? !subject.female : subject.female;
  const spouseBirth = u.near ? birthNearBirthday(rng, b.act, u.age, u.past) : birthForAge(rng, b.act, u.age);
  const spouse = b.add(b.person(b.family, spouseFemale), "spouse", spouseBirth);
  const bare = 100 - usufructPercent(b.law.usufruct669, u.age);

  let k: number, g: number, l: number;
  for (;;) {
    k = rng.weighted([[1, 5], [2, 30], [3, 40], [4, 25]] as const);
    g = rng.chance(70) ? rng.weighted([[1, 20], [2, 50], [3, 30]] as const) : 0;
    l = rng.weighted([[1, 45], [2, 55]] as const);
    const total = 1 + k + g + l;
    if (beneficiaries === undefined ? total <= 9 : total === beneficiaries && g > 0) break;
  }
  const children = addChildren(b, subject, k);
  const representation = g > 0 ? addRepresentation(b, subject, g, 10) : null;
  const legatees = listOf(pickLegateeKinds(rng, l, [["grandchild", 30], ["sibling", 20], ["nephew", 25], ["unrelated", 25]]), (kind) =>
    addLegatee(b, kind, age, children),
  );
  if (rng.chance(25)) rng.pick([...children, ...(representation?.heirs ?? []), ...legatees]).disabled = true;

  const stocks = k + (representation ? 1 : 0);
  const stockShares = heirShares(rng, { num: 1, den: 1 }, stocks, 85);
  const residue: Share[] = listOf(children, (c, i) => ({ beneficiary: c.id, ...stockShares[i]! }));
  if (representation) {
    const s = splitShare(stockShares[k]!, g);
    for (const h of representation.heirs) residue.push({ beneficiary: h.id, ...s });
  }

  const recallTo = rng.pick(children);
  const adults = children.filter((c) => b.ageOf(c) >= b.law.cashGift790G.doneeMinimumAge + 2);
  const wants790 = !representation || rng.chance(40);
  const g790To = wants790 && adults.length > 0 ? (rng.chance(70) && adults.includes(recallTo) ? recallTo : rng.pick(adults)) : null;
  const remaining = estatePriorGifts(b, subject, { recallTo, abovePercent: 65, g790To, traps: children, trapPercent: 20 });

  const bequests = listOf(legatees, (x) => ({ beneficiary: x.id, cents: bequestFor(rng, b.law, x, rng.chance(92)) }));
  const refShare = residue.find((s) => s.beneficiary === recallTo.id)!;
  let need = remaining.get(recallTo.id)! + target(rng, 2_000, 400_000);
  let R = residueFor(need, refShare, bare);
  if (g790To && g790To !== recallTo) {
    // The 790 G gift matters only if its donee has a taxable share: give it one too.
    const s = residue.find((x) => x.beneficiary === g790To.id)!;
    need = allowanceCents(b.law, "estate", "child", g790To.disabled) + target(rng, 1_000, 200_000);
    R = Math.max(R, residueFor(need, s, bare));
  }
  if (stocks > 1 && rng.chance(65)) {
    const other = stockShares.filter((_, i) => i !== children.indexOf(recallTo));
    R = Math.max(R, residueFor(allowanceCents(b.law, "estate", "child") + target(rng, 1_000, 300_000), largest(listOf(other, (x) => ({ beneficiary: "", ...x }))), bare));
  }
  R += rng.int(0, 99);
  const situation = `${gendered(subject.female, "marié", "mariée")} à ${spouse.id}, ${childrenWord(stocks)}${predeceasedWord(representation?.dead)}`;
  return finish(rng, b, subject, situation, residue, bequests, R, {
    predeceased: representation ? [representation.dead] : [],
    spouseUsufruct: spouse.id,
  });
}
