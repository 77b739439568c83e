import { ageOn, compareDates, withinYearsBefore, type CivilDate } from "@succ/engine";
import { usufructPercent } from "@succ/rules";
import { emptyFacts, listOf, type Beneficiary, type CgiGiftDraft, type Deed, type GiftItem, type PriorGift } from "./draft.js";
import { cgiActDate, dateIn, DEED_FIGURES_BEFORE, deedOf, FIRST_PRIOR_GIFT, giftAllowanceCents, lawOf } from "./law.js";
import { addDays, addYears, birthForAge, maxDate, minDate } from "./dates.js";
import { HOUSING_790A_BIS } from "./families/housing-790-a-bis.js";
import { Builder, cashLabel, giftAssetLabel, realEstateLabel, reduce, roundEuros, roundish } from "./family.js";
import { addDonees } from "./gifts.js";
import type { CgiLevel } from "./levels.js";
import { familyName } from "./names.js";
import type { Rng } from "./random.js";

/**
 * Gifts of levels 5 and 6 (`notary-gift`, `law-of-date-gift`): a parent or grandparent gives to
 * children or grandchildren, or a donor without descendants to nephews and nieces. Beside the
 * assets (often in bare ownership, art. 669) and family cash gifts (art. 790 G, for nephews and
 * nieces only when the donor has no descendants), level 5 draws cash given for a home under
 * art. 790 A bis, and both levels an earlier gift of 2011-2012 to a child, worth more than
 * today's allowance, whose deed applied the 159,325 € of its time. A gift before 2012-08-17 is
 * always the first gift to its donee, so that its deed's figure follows from the law of its date
 * alone.
 */

const WHOLE = { num: 1, den: 1 };

interface Donee {
  b: Beneficiary;
  /** Allowance left after the deeds of the recalled gifts, in cents. */
  remaining: number;
  /** What is exempt of the cash this donee receives (art. 790 A bis, 790 G), in cents. */
  exempt: number;
  /** The cash this donee receives, in cents. */
  cash: number;
}

export function cgiGift(rng: Rng, level: CgiLevel): CgiGiftDraft {
  const act = cgiActDate(rng, level, "gift");
  const law = lawOf(act);
  const g790 = law.cashGift790G;
  const b = new Builder(rng, act, familyName(rng));
  const childless = rng.chance(25);
  const donorAge = childless ? rng.int(58, g790.donorAgeBelow - 1) : rng.chance(8) ? rng.int(g790.donorAgeBelow, 88) : rng.int(55, g790.donorAgeBelow - 1);
  const subject = b.subject(donorAge);
  const facts = emptyFacts(!childless);
  let n: number = rng.weighted([[1, 25], [2, 45], [3, 30]] as const);
  let people: Beneficiary[];
  if (childless) {
    people = [];
    for (let i = 0; i < n; i++) {
      const last = rng.chance(50) ? b.family : b.otherFamily();
      const age = rng.chance(8) ? rng.int(12, 17) : rng.int(19, Math.max(20, Math.min(55, donorAge - 18)));
      people.push(b.add(b.person(last), "nephew", birthForAge(rng, act, age), rng.chance(5)));
    }
  } else {
    // Grandchildren donees now and then: their allowance did not change in 2012, so the earlier
    // deed that matters is a child's.
    const grandparent = donorAge >= 64 && rng.chance(level === 5 ? 10 : 25);
    if (grandparent) n = Math.max(2, n);
    people = addDonees(b, subject, grandparent, n, 8, 6);
  }

  // Earlier gifts and their deeds.
  const recallFrom = addDays(addYears(act, -law.recallYears), 1);
  const canHaveGifts = (x: Beneficiary): boolean => !(level === 6 && x.disabled);
  const kids = people.filter((x) => x.relationship === "child" && canHaveGifts(x));
  let early: Beneficiary | null = null;
  if (kids.length > 0 && rng.chance(95)) {
    const x = (early = rng.pick(kids));
    const from = maxDate(maxDate(FIRST_PRIOR_GIFT, recallFrom), addDays(addYears(x.birth, 1), 1));
    b.prior(x, dateIn(rng, from, addDays(DEED_FIGURES_BEFORE, -1)), roundish(rng, rng.int(105_000, 170_000) * 100));
  }
  const gifted = people.filter(canHaveGifts);
  // A later gift, to another donee than the one of 2011-2012: with it, that donee's taxed part
  // would leave the lowest bands, where the earlier deed's figure shows.
  const later = gifted.filter((x) => x !== early);
  if (later.length > 0 && rng.chance(30)) {
    const x = rng.pick(later);
    b.prior(x, dateIn(rng, maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addDays(addYears(x.birth, 1), 1)), addDays(act, -45)), roundish(rng, rng.spread(5_000, 120_000) * 100));
  }
  // A family cash gift of earlier years (art. 790 G), within its window: it leaves less of the ceiling.
  if (gifted.length > 0 && rng.chance(25)) {
    const x = rng.pick(gifted);
    const from = maxDate(maxDate(DEED_FIGURES_BEFORE, addDays(addYears(act, -g790.renewalYears), 1)), addYears(x.birth, g790.doneeMinimumAge + 1));
    const to = minDate(addYears(subject.birth, g790.donorAgeBelow - 1), addDays(act, -45));
    b.prior(x, dateIn(rng, from, to), roundish(rng, rng.spread(3_000, g790.ceiling - 5_000) * 100), true);
  }
  const gifts = b.sortedPriorGifts();
  const done = new Map<PriorGift, Deed>();
  for (const p of gifts) {
    if (p.cash790G) continue;
    const x = people.find((y) => y.id === p.beneficiary)!;
    done.set(p, deedOf(p, done, x.relationship, x.disabled));
  }
  for (const [p, d] of done) facts.deeds.set(p, d);

  const donees: Donee[] = listOf(people, (x) => {
    let u = 0;
    let v = 0;
    for (const [p, d] of done) {
      if (p.beneficiary === x.id && withinYearsBefore(p.date, act, law.recallYears)) {
        u += d.allowanceUsed;
        v += d.disabilityAllowanceUsed;
      }
    }
    const own = giftAllowanceCents(law, x.relationship, false);
    const disability = x.disabled ? law.allowances.disability * 100 : 0;
    return { b: x, remaining: Math.max(0, own - u) + Math.max(0, disability - v), exempt: 0, cash: 0 };
  });

  const items: GiftItem[] = [];
  const adult = (x: Beneficiary): boolean => ageOn(x.birth, act) >= g790.doneeMinimumAge;
  const covered790G = (x: Beneficiary): boolean => (childless ? [...g790.donees, ...g790.doneesWithoutDescendants] : g790.donees).includes(x.relationship);
  // Art. 790 A bis (level 5): cash for a home.
  for (const item of HOUSING_790A_BIS.draw.housing(rng, level, law, childless, donees)) {
    items.push(item);
    facts.housing.add(item);
  }
  // Family cash gifts (art. 790 G), to most donees.
  for (const d of donees) {
    if (!(childless ? adult(d.b) || rng.chance(50) : rng.chance(60))) continue;
    const cents = roundish(rng, rng.spread(3_000, 80_000) * 100);
    items.push({ label: cashLabel(rng, d.b.id), cents, cash: true, reservedUsufruct: false, to: [{ beneficiary: d.b.id, ...WHOLE }] });
    let priorUsed = 0;
    for (const p of gifts) if (p.cash790G && p.beneficiary === d.b.id && withinYearsBefore(p.date, act, g790.renewalYears)) priorUsed += p.cents;
    const eligible = covered790G(d.b) && donorAge < g790.donorAgeBelow && adult(d.b);
    d.cash += cents;
    if (eligible) d.exempt += Math.min(cents, Math.max(0, g790.ceiling * 100 - priorUsed));
  }
  // The main asset, to all donees: real estate in bare ownership (the donor keeps the usufruct)
  // or an asset in full ownership; its value gives every donee a taxable share.
  const bareOwnership = rng.chance(60);
  const bare = bareOwnership ? 100 - usufructPercent(law.usufruct669, donorAge) : 100;
  const fractions = rng.chance(70) || n === 1 ? listOf(people, () => reduce(1, n)) : rng.sample(n === 2 ? [{ num: 2, den: 3 }, { num: 1, den: 3 }] : [{ num: 1, den: 2 }, { num: 1, den: 4 }, { num: 1, den: 4 }], n);
  const main: GiftItem = {
    label: bareOwnership ? realEstateLabel(rng) : giftAssetLabel(rng, false),
    cents: 0,
    cash: false,
    reservedUsufruct: bareOwnership,
    to: listOf(people, (x, i) => ({ beneficiary: x.id, ...fractions[i]! })),
  };
  let V = roundEuros(rng.spread(60_000, 700_000) * 100, 1000);
  donees.forEach((d, i) => {
    const f = fractions[i]!;
    const need = d.remaining + rng.spread(1_000, 250_000) * 100 - (d.cash - d.exempt);
    if (need > 0) V = Math.max(V, Math.ceil((need * f.den * 100) / (f.num * bare) / 100_000) * 100_000);
  });
  main.cents = V;
  items.push(main);
  return { kind: "gift", date: act, subject, beneficiaries: b.beneficiaries, priorGifts: gifts, parents: b.parents, gifts: rng.sample(items, items.length), cgi: facts };
}
