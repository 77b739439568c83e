import { ageOn, withinYearsBefore, type CivilDate } from "@succ/engine";
import { usufructPercent } from "@succ/rules";
import { actDate, birthForAge, birthNearBirthday } from "./dates.js";
import { listOf, type Beneficiary, type GiftDraft, type GiftItem, type Share } from "./draft.js";
import { Builder, cashLabel, giftAssetLabel, MIN_BUILDING, realEstateLabel, reduce, roundEuros, roundish } from "./family.js";
import { allowanceCents, usufructEdges } from "./law.js";
import { familyName } from "./names.js";
import type { Rng } from "./random.js";

/**
 * Gifts: level 1 (full ownership to a child), level 3 (790 G), level 4 (bare ownership). The
 * conditions of art. 790 G are read from the law of the deed's date (`b.law`).
 */

/** The smallest earlier cash gift drawn (in cents). */
const MIN_CASH = 2_000_00;

function startGift(rng: Rng, donorAge: (b: Builder) => { age: number; birth?: ReturnType<typeof birthForAge> }): { b: Builder; age: number; subject: GiftDraft["subject"] } {
  const act = actDate(rng);
  const b = new Builder(rng, act, familyName(rng));
  const { age, birth } = donorAge(b);
  const subject = b.subject(age);
  if (birth) subject.birth = birth;
  return { b, age, subject };
}

function draft(b: Builder, subject: GiftDraft["subject"], gifts: GiftItem[]): GiftDraft {
  return { kind: "gift", date: b.act, subject, beneficiaries: b.beneficiaries, priorGifts: b.sortedPriorGifts(), parents: b.parents, gifts };
}

const WHOLE = { num: 1, den: 1 };

// --- level 1 ---------------------------------------------------------------------------------

export function giftFullOwnership(rng: Rng): GiftDraft {
  const { b, age, subject } = startGift(rng, (bb) => ({ age: bb.rng.int(50, 85) }));
  const child = b.add(b.person(), "child", b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(age))));
  b.parentOf(subject, child);
  const total = allowanceCents(b.law, "gift", "child") + rng.spread(2_000, 700_000) * 100;
  const gifts: GiftItem[] = [];
  const item = (label: string, cents: number): GiftItem => ({ label, cents, cash: false, reservedUsufruct: false, to: [{ beneficiary: child.id, ...WHOLE }] });
  if (rng.chance(55)) {
    const label = giftAssetLabel(rng, false);
    const cents = label.startsWith("Portefeuille") ? total - rng.int(0, 99) : roundEuros(total, label.startsWith("Parts") ? 100 : 1000) + (label.startsWith("Parts") ? 0 : 1000_00);
    gifts.push(item(label, cents));
  } else {
    const first = roundEuros(Math.floor((total * rng.int(50, 85)) / 100), 1000);
    const label1 = giftAssetLabel(rng, true);
    let label2 = `Portefeuille de titres (${rng.pick(["Banque du Val d'Ornelle", "Crédit des Aulnes", "Banque Rochebelle"])})`;
    if (rng.chance(40)) {
      // A second building only if it is worth what a building is worth.
      const other = giftAssetLabel(rng, true);
      if (!/^(Maison|Appartement)/.test(other) || total - first >= MIN_BUILDING) label2 = other;
    }
    if (label2 === label1) label2 = `${label2} (second lot)`;
    gifts.push(item(label1, first), item(label2, label2.startsWith("Portefeuille") ? total - first - rng.int(0, 99) : roundEuros(total - first, 100) + 100_00));
  }
  return draft(b, subject, gifts);
}

// --- shared by levels 3 and 4 ----------------------------------------------------------------

interface Donee {
  b: Beneficiary;
  /** Eligible to 790 G on the deed (donor under 80, donee of age, a descendant). */
  eligible: boolean;
  /** Whether it would be eligible if the donor's age were not checked (80+ donors). */
  eligibleButDonorAge: boolean;
  /** Allowance left after the recall, in cents. */
  remaining: number;
  /** 790 G ceiling left after prior 790 G gifts of the period, in cents. */
  ceilingLeft: number;
}

/** Donees of a parent (children) or grandparent (grandchildren, sometimes with a child). */
export function addDonees(
  b: Builder,
  subject: GiftDraft["subject"],
  grandparent: boolean,
  count: number,
  minorPercent: number,
  disabledPercent: number,
): Beneficiary[] {
  const rng = b.rng;
  const donorAge = b.ageOf(subject);
  const adultAge = b.law.cashGift790G.doneeMinimumAge;
  const out: Beneficiary[] = [];
  // The grandchildren's father or mother, who is not in the dossier: a son passes the family name
  // on, a daughter her husband's. Old enough to have children of age (born when the donor was 22
  // to 42, so at least 20 at their birth).
  const line = rng.chance(50) ? b.family : b.otherFamily();
  const parent = grandparent ? { female: line !== b.family, birth: b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(donorAge, adultAge + 20))) } : null;
  if (parent) b.parentOf(subject, parent);
  for (let i = 0; i < count; i++) {
    const child = !grandparent || (i === 0 && count >= 2 && rng.chance(20));
    const of = child ? subject : parent!;
    let minor = rng.chance(minorPercent);
    const birth = b.siblingBirth(child ? "the subject's children" : "the children of the donees' parent", () => {
      if (minor) {
        // Age traps of 790 G: 17 with the 18th birthday just ahead, or 18 just reached (when the
        // parent can have a child of that age). Tried once: two such traps would be twins.
        minor = false;
        const trap = rng.chance(60) ? birthNearBirthday(rng, b.act, adultAge - 1, false) : birthNearBirthday(rng, b.act, adultAge, true);
        if (b.canBeParent(of, trap)) return trap;
      }
      return birthForAge(rng, b.act, child ? b.childAge(donorAge, adultAge) : b.grandchildAge(b.ageOf(parent!), 1));
    });
    const p = b.person(child ? b.family : line);
    const donee = b.add(p, child ? "child" : "grandchild", birth, rng.chance(disabledPercent));
    b.parentOf(of, donee);
    out.push(donee);
  }
  return out;
}

/** Prior gifts of a gift dossier, and what they leave of each donee's allowance and ceiling. */
function giftPriorGifts(
  b: Builder,
  subject: GiftDraft["subject"],
  donees: Beneficiary[],
  opts: { recallTo: Beneficiary[]; abovePercent: number; g790Percent: number; trapPercent: number },
): Donee[] {
  const rng = b.rng;
  const donorAge = ageOn(subject.birth, b.act);
  const { doneeMinimumAge: adultAge, donorAgeBelow: donorLimit, renewalYears } = b.law.cashGift790G;
  const ceiling = b.law.cashGift790G.ceiling * 100;
  return listOf(donees, (d) => {
    const A = allowanceCents(b.law, "gift", d.relationship, d.disabled);
    let S = 0;
    if (opts.recallTo.includes(d)) {
      const v = rng.chance(opts.abovePercent)
        ? roundish(rng, A + rng.spread(2_000, 180_000) * 100)
        : roundish(rng, rng.spread(3_000, Math.max(4_000, Math.floor((A * 0.9) / 100))) * 100);
      if (b.prior(d, rng.chance(6) ? b.justInsideDate(d) : b.recalledDate(d), v)) S += v;
    }
    let used = 0;
    let usedOn: CivilDate | null = null;
    if (rng.chance(opts.g790Percent)) {
      const v = Math.min(ceiling, roundish(rng, rng.spread(2_000, ceiling / 100 - 1_500) * 100));
      const date = b.recalledDate(d, adultAge, subject.birth);
      if (b.prior(d, date, v, true)) [used, usedOn] = [v, date];
    }
    if (rng.chance(opts.trapPercent)) {
      // Not recalled: 15 years or more before the deed (exactly 15 years now and then). An old
      // 790 G gift only when the donee was of age and the donor under 80 on its day, and, if it
      // falls in the 15-year window of the recent one, only within what that one leaves of the
      // ceiling (both were exempt in full).
      const date = b.oldDate(d, rng.chance(45));
      const room = date !== null && usedOn !== null && withinYearsBefore(date, usedOn, renewalYears) ? roundEuros(ceiling - used, 100) : ceiling;
      const cash = date !== null && rng.chance(30) && ageOn(d.birth, date) >= adultAge && ageOn(subject.birth, date) < donorLimit && room >= MIN_CASH;
      b.prior(d, date, cash ? Math.min(room, roundish(rng, rng.spread(3_000, 25_000) * 100)) : roundish(rng, rng.spread(5_000, 120_000) * 100), cash);
    }
    const adult = b.ageOf(d) >= adultAge;
    return {
      b: d,
      eligible: adult && donorAge < donorLimit,
      eligibleButDonorAge: adult,
      remaining: A - Math.min(A, S),
      ceilingLeft: ceiling - used,
    };
  });
}

/** Cash that leaves `x` cents taxable over the remaining allowance, exemption included. */
function cashFor(d: Donee, x: number, otherValue: number, exempt: boolean): number {
  const needOver = d.remaining + x - otherValue;
  if (!exempt) return Math.max(0, needOver);
  // With cash c: taxable = other + c − min(c, ceiling) − remaining.
  return Math.max(0, needOver + d.ceilingLeft);
}

function targetX(rng: Rng, lo: number, hi: number): number {
  return rng.spread(lo, hi) * 100;
}

// --- level 3 ---------------------------------------------------------------------------------

export function gift790G(rng: Rng, noAgeTrap = false): GiftDraft {
  const grandparent = rng.chance(45);
  const mode = noAgeTrap ? "normal" : rng.weighted([["normal", 88], ["over80", 6], ["near79", 6]] as const);
  const { b, age, subject } = startGift(rng, (bb) => {
    const donorLimit = bb.law.cashGift790G.donorAgeBelow;
    if (mode === "over80") {
      if (bb.rng.chance(40)) return { age: donorLimit, birth: birthNearBirthday(bb.rng, bb.act, donorLimit, true) };
      return { age: bb.rng.int(donorLimit, donorLimit + 9) };
    }
    if (mode === "near79") return { age: donorLimit - 1, birth: birthNearBirthday(bb.rng, bb.act, donorLimit - 1, false) };
    return { age: grandparent ? bb.rng.int(62, donorLimit - 1) : bb.rng.int(50, donorLimit - 1) };
  });
  const n = rng.weighted([[1, 30], [2, 45], [3, 25]] as const);
  const people = addDonees(b, subject, grandparent, n, noAgeTrap ? 0 : 6, 5);
  const recallTo = people.filter(() => rng.chance(60));
  const donees = giftPriorGifts(b, subject, people, { recallTo, abovePercent: 50, g790Percent: 30, trapPercent: 18 });

  // The donee through whom 790 G matters (or would, for an 80+ donor).
  const candidates = donees.filter((d) => (mode === "over80" ? d.eligibleButDonorAge : d.eligible));
  const ref = candidates.length > 0 ? rng.pick(candidates) : donees[0]!;

  const gifts: GiftItem[] = [];
  const assetShare = new Map<string, number>();
  if (rng.chance(45)) {
    const toOne = n > 1 && rng.chance(30);
    const to: Share[] = toOne ? [{ beneficiary: rng.pick(people).id, ...WHOLE }] : listOf(people, (p) => ({ beneficiary: p.id, ...reduce(1, n) }));
    const cents = roundEuros(rng.spread(MIN_BUILDING / 100, 400_000) * 100, 1000);
    gifts.push({ label: giftAssetLabel(rng, false), cents, cash: false, reservedUsufruct: false, to });
    for (const t of to) assetShare.set(t.beneficiary, (cents * t.num) / t.den);
  }
  const cashOf = new Map<string, number>();
  for (const d of donees) {
    const other = assetShare.get(d.b.id) ?? 0;
    const owe = d === ref || n < 3 || rng.chance(75);
    const x = owe ? targetX(rng, 1_000, 250_000) : 0;
    let c = owe ? cashFor(d, x, other, d.eligible) : rng.spread(2_000, 40_000) * 100;
    if (!owe && !d.eligible) c = Math.min(c, Math.max(1_000_00, d.remaining - other - 1_000_00));
    cashOf.set(d.b.id, roundish(rng, Math.max(c, 2_000_00)));
  }
  if (n >= 2 && rng.chance(40)) {
    // One cash gift shared equally: the largest need sets it.
    const each = Math.max(...cashOf.values());
    gifts.push({ label: cashLabel(rng), cents: each * n, cash: true, reservedUsufruct: false, to: listOf(people, (p) => ({ beneficiary: p.id, ...reduce(1, n) })) });
  } else {
    for (const p of people) {
      gifts.push({ label: cashLabel(rng, p.id), cents: cashOf.get(p.id)!, cash: true, reservedUsufruct: false, to: [{ beneficiary: p.id, ...WHOLE }] });
    }
  }
  return draft(b, subject, rng.sample(gifts, gifts.length));
}

// --- level 4 ---------------------------------------------------------------------------------

export function bareOwnershipGift(rng: Rng): GiftDraft {
  const grandparent = rng.chance(40);
  const { b, age, subject } = startGift(rng, (bb) => {
    const donorLimit = bb.law.cashGift790G.donorAgeBelow;
    if (bb.rng.chance(25)) {
      // On the edge of a bracket of art. 669 (donor under the 790 G age): just entered a
      // bracket, or about to leave one.
      const edge = bb.rng.pick(usufructEdges(bb.law).filter((x) => x.first >= 55 && x.first < donorLimit));
      const past = bb.rng.chance(50);
      const a = past ? edge.first : edge.last;
      return { age: a, birth: birthNearBirthday(bb.rng, bb.act, a, past) };
    }
    return { age: grandparent ? bb.rng.int(62, donorLimit - 1) : bb.rng.int(52, donorLimit - 1) };
  });
  const bare = 100 - usufructPercent(b.law.usufruct669, age);
  const n = rng.weighted([[2, 60], [3, 40]] as const);
  const people = addDonees(b, subject, grandparent, n, grandparent ? 25 : 10, 8);

  // At least one donee with a recalled gift, often the one through whom 790 G matters.
  const adults = people.filter((p) => b.ageOf(p) >= b.law.cashGift790G.doneeMinimumAge);
  const ref790 = adults.length > 0 ? rng.pick(adults) : people[0]!;
  const refRecall = rng.chance(70) ? ref790 : rng.pick(people);
  const recallTo = people.filter((p) => p === refRecall || rng.chance(25));
  const donees = giftPriorGifts(b, subject, people, { recallTo, abovePercent: 75, g790Percent: 35, trapPercent: 20 });

  const fractions: { num: number; den: number }[] =
    rng.chance(70) ? listOf(people, () => reduce(1, n)) : rng.sample(n === 2 ? rng.pick([[{ num: 2, den: 3 }, { num: 1, den: 3 }], [{ num: 3, den: 4 }, { num: 1, den: 4 }]]) : [{ num: 1, den: 2 }, { num: 1, den: 4 }, { num: 1, den: 4 }], n);
  const home: GiftItem = {
    label: realEstateLabel(rng),
    cents: 0,
    cash: false,
    reservedUsufruct: true,
    to: listOf(people, (p, i) => ({ beneficiary: p.id, ...fractions[i]! })),
  };
  const gifts: GiftItem[] = [home];
  const other = new Map<string, number>();
  if (rng.chance(25)) {
    const to = rng.pick(people);
    const cents = roundEuros(rng.spread(40_000, 300_000) * 100, 100);
    gifts.push({ label: `Parts de la ${rng.pick(["SCI Les Tilleuls", "SCI du Moulin", "SCI La Garenne", "SCI Les Coteaux"])}`, cents, cash: false, reservedUsufruct: true, to: [{ beneficiary: to.id, ...WHOLE }] });
    other.set(to.id, (cents * bare) / 100);
  }
  for (const d of donees) {
    if (d.b === ref790 || rng.chance(50)) {
      const c = roundish(rng, rng.spread(5_000, 80_000) * 100);
      gifts.push({ label: cashLabel(rng, d.b.id), cents: c, cash: true, reservedUsufruct: false, to: [{ beneficiary: d.b.id, ...WHOLE }] });
      other.set(d.b.id, (other.get(d.b.id) ?? 0) + c - (d.eligible ? Math.min(c, d.ceilingLeft) : 0));
    }
  }
  // The home's value: every donee has a taxable share (so no one is a "zero" shortcut).
  let V = roundEuros(rng.spread(80_000, 900_000) * 100, 1000);
  donees.forEach((d, i) => {
    const f = fractions[i]!;
    const need = d.remaining + targetX(rng, 1_000, 200_000) - (other.get(d.b.id) ?? 0);
    if (need > 0) V = Math.max(V, Math.ceil((need * f.den * 100) / (f.num * bare) / 100_000) * 100_000);
  });
  home.cents = V;
  return draft(b, subject, gifts);
}
