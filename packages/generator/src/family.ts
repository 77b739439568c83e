import { ageOn, compareDates, type CivilDate } from "@succ/engine";
import type { Law, Relationship } from "@succ/rules";
import { addDays, addYears, birthForAge, dateBetween, daysBetween, MAX_DAY, maxDate } from "./dates.js";
import type { Beneficiary, Item, Parenthood, Predeceased, PriorGift, Share } from "./draft.js";
import { lawOf } from "./law.js";
import { bank, familyName, person as drawPerson, sci, town, type Person } from "./names.js";
import { implausibleParenthood } from "./plausible.js";
import type { Rng } from "./random.js";

/**
 * The age of majority (Code civil, art. 414), as the law tables hold it (the age below which a
 * child is a minor, art. 764 bis): only to draw realistic ages of adult children and nephews.
 * The tax conditions on ages (art. 790 G) are read from the law separately.
 */
export function majority(law: Law): number {
  return law.mainResidence.minorBelow;
}

/** Brothers and sisters are born at least this many days apart (the generator draws no twins). */
export const SIBLING_GAP_DAYS = 300;

/** The families whose children's births are kept apart (`Builder.siblingBirth`). */
export type Family = "the subject's children" | "the subject's siblings" | `the children of ${string}`;

/** Builds the people of a dossier: unique first names, ids in order, coherent birth dates. */
export class Builder {
  readonly used = new Set<string>();
  readonly beneficiaries: Beneficiary[] = [];
  readonly priorGifts: PriorGift[] = [];
  /** Every parent and child drawn, parents out of the dossier included (for the family guard). */
  readonly parents: Parenthood[] = [];
  /** Births drawn so far in each family, to keep brothers and sisters apart. */
  private readonly births = new Map<Family, CivilDate[]>();
  /** The deceased or donor, once drawn (a brother or sister of their siblings). */
  private me: { birth: CivilDate } | null = null;
  constructor(
    readonly rng: Rng,
    readonly act: CivilDate,
    readonly family: string,
    /** The law the dossier is drawn under, every legal value the drawing reads: by default the law in force on the act's date. */
    readonly law: Law = lawOf(act),
  ) {}

  person(last = this.family, female = this.rng.chance(50)): Person {
    return drawPerson(this.rng, last, this.used, female);
  }

  /** The deceased or the donor, aged `age` on the act date. */
  subject(age: number, female = this.rng.chance(50)): Person & { birth: CivilDate } {
    const p = this.person(this.family, female);
    const s = { first: p.first, last: p.last, female: p.female, birth: birthForAge(this.rng, this.act, age) };
    this.me = s;
    return s;
  }

  /**
   * A birth from `draw`, drawn again (50 times at most) while it falls within SIBLING_GAP_DAYS of
   * a brother's or sister's birth in `family` (the subject counts among their own siblings).
   */
  siblingBirth(family: Family, draw: () => CivilDate): CivilDate {
    let others = this.births.get(family);
    if (!others) this.births.set(family, (others = family === "the subject's siblings" && this.me ? [this.me.birth] : []));
    const tooClose = (x: CivilDate): boolean => others.some((o) => Math.abs(daysBetween(o, x)) < SIBLING_GAP_DAYS);
    let birth = draw();
    for (let i = 0; i < 50 && tooClose(birth); i++) birth = draw();
    others.push(birth);
    return birth;
  }

  add(p: Person, relationship: Relationship, birth: CivilDate, disabled = false, represents: Predeceased | null = null): Beneficiary {
    const b: Beneficiary = { id: `B${this.beneficiaries.length + 1}`, person: p, relationship, birth, disabled, represents };
    this.beneficiaries.push(b);
    return b;
  }

  ageOf(b: { birth: CivilDate }): number {
    return ageOn(b.birth, this.act);
  }

  otherFamily(): string {
    let name = familyName(this.rng);
    while (name === this.family) name = familyName(this.rng);
    return name;
  }

  /** Records that `parent` is the father or mother of `child`, for the family guard. */
  parentOf(parent: { female: boolean; birth: CivilDate }, child: { birth: CivilDate }): void {
    this.parents.push({ parent: { female: parent.female, birth: parent.birth }, child: { birth: child.birth } });
  }

  /** Whether `parent` is a plausible age for a child born on `birth` (plausible.ts). */
  canBeParent(parent: { female: boolean; birth: CivilDate }, birth: CivilDate): boolean {
    return implausibleParenthood([{ parent, child: { birth } }]) === null;
  }

  /** A child's age for a parent of `parentAge`: born when the parent was 22 to 42, at least `min`. */
  childAge(parentAge: number, min = majority(this.law)): number {
    const lo = Math.max(min, parentAge - 42);
    const hi = Math.max(lo, parentAge - 22);
    return this.rng.int(lo, hi);
  }

  /** A grandchild's age from its parent's: born when the parent was 20 to 40, at least `min`. */
  grandchildAge(parentAge: number, min = 1): number {
    const lo = Math.max(min, parentAge - 40);
    const hi = Math.max(lo, parentAge - 20);
    return this.rng.int(lo, hi);
  }

  // --- prior gifts ---------------------------------------------------------------------------

  /** Earliest date a prior gift to `b` may carry: `minAge` birthday (at least the first). */
  private earliest(b: Beneficiary, minAge: number): CivilDate {
    return addDays(addYears(b.birth, Math.max(1, minAge)), 1);
  }

  /** A date strictly within the recall period (recalled), after `b` turned `minAge`; null if none. */
  recalledDate(b: Beneficiary, minAge = 1, donorBirth?: CivilDate): CivilDate | null {
    let from = maxDate(addDays(addYears(this.act, -this.law.recallYears), 1), this.earliest(b, minAge));
    if (donorBirth) {
      // A 790 G gift: the donor was under the age limit on the day of the gift.
      const limit = addDays(addYears(donorBirth, this.law.cashGift790G.donorAgeBelow), -1);
      const to = addDays(this.act, -30);
      const end = compareDates(limit, to) < 0 ? limit : to;
      if (compareDates(addDays(from, 31), end) > 0) return null;
      return dateBetween(this.rng, from, end);
    }
    const to = addDays(this.act, -30);
    if (compareDates(addDays(from, 31), to) > 0) return null;
    from = compareDates(from, to) < 0 ? from : to;
    return dateBetween(this.rng, from, to);
  }

  /** A date a recall period (15 years) or more before the act (not recalled): exactly that for the trap. */
  oldDate(b: Beneficiary, exact: boolean): CivilDate | null {
    const boundary = addYears(this.act, -this.law.recallYears);
    if (exact) return compareDates(this.earliest(b, 1), boundary) <= 0 ? boundary : null;
    const from = maxDate(addYears(this.act, -(this.law.recallYears + 12)), this.earliest(b, 1));
    const to = addDays(boundary, -1);
    if (compareDates(addDays(from, 31), to) > 0) return null;
    return dateBetween(this.rng, from, to);
  }

  /** A recalled date just inside the boundary (a few days after the act date minus the recall period). */
  justInsideDate(b: Beneficiary): CivilDate | null {
    const d = addDays(addYears(this.act, -this.law.recallYears), this.rng.int(1, 20));
    if (d.d > MAX_DAY || compareDates(this.earliest(b, 1), d) > 0) return null;
    return d;
  }

  prior(b: Beneficiary, date: CivilDate | null, cents: number, cash790G = false): boolean {
    if (date === null) return false;
    this.priorGifts.push({ beneficiary: b.id, date, cents, cash790G });
    return true;
  }

  /** Prior gifts in date order, as a notary lists them. */
  sortedPriorGifts(): PriorGift[] {
    return this.priorGifts.slice().sort((a, b) => compareDates(a.date, b.date) || Number(a.beneficiary.slice(1)) - Number(b.beneficiary.slice(1)));
  }
}

// --- amounts ----------------------------------------------------------------------------------

/** Whole euros in cents, rounded down to a step of euros. */
export function roundEuros(cents: number, stepEuros: number): number {
  const step = stepEuros * 100;
  return Math.floor(cents / step) * step;
}

/** A typical round amount for a bequest or gift of about `cents`: to 100 €, 500 € or 1,000 €. */
export function roundish(rng: Rng, cents: number): number {
  const step = cents >= 50_000_00 ? rng.pick([500, 1000]) : cents >= 10_000_00 ? rng.pick([100, 500]) : 100;
  return Math.max(step * 100, Math.ceil(cents / (step * 100)) * step * 100);
}

/**
 * The residue, in whole cents rounded up (so the target is reached), that gives a residue heir of
 * share num/den (bare-ownership percent `bare`) a value of at least `targetCents`.
 */
export function residueFor(targetCents: number, share: Share, bare = 100): number {
  return Math.ceil((targetCents * share.den * 100) / (share.num * bare));
}

/** Equal shares of `total` (num/den) among `count` heirs, reduced. */
export function splitShare(total: { num: number; den: number }, count: number): { num: number; den: number } {
  return reduce(total.num, total.den * count);
}

export function reduce(num: number, den: number): { num: number; den: number } {
  const g = gcd(num, den);
  return { num: num / g, den: den / g };
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

// --- estate assets ---------------------------------------------------------------------------

export function debtsOf(rng: Rng, netCents: number): Item[] {
  const count = rng.weighted([[0, 25], [1, 40], [2, 25], [3, 10]] as const);
  const kinds = rng.sample(["loan", "tax", "works", "hospital", "property"] as const, count);
  const out: Item[] = [];
  let budget = Math.floor(netCents * 0.3);
  for (const k of kinds) {
    let cents: number;
    let label: string;
    switch (k) {
      case "loan":
        cents = roundEuros(rng.int(3_000_00, 150_000_00), 1) + rng.int(0, 99);
        label = `Solde du prêt immobilier (${bank(rng)})`;
        break;
      case "tax":
        cents = rng.int(600, 9_000) * 100;
        label = "Impôt sur le revenu restant dû";
        break;
      case "works":
        cents = rng.int(800_00, 25_000_00);
        label = `Factures de travaux de l'entreprise ${familyName(rng)}`;
        break;
      case "hospital":
        cents = rng.int(300_00, 6_000_00);
        label = "Frais d'hospitalisation restant dus";
        break;
      case "property":
        cents = rng.int(400, 4_500) * 100;
        label = "Taxe foncière de l'année";
        break;
    }
    cents = Math.min(cents, budget);
    if (cents < 100_00) break;
    budget -= cents;
    out.push({ label, cents });
  }
  return out;
}

function funeralOf(rng: Rng, law: Law): Item {
  const cap = law.funeralDeduction * 100;
  const r = rng.int(0, 99);
  // Mostly above the cap (the trap), sometimes below, now and then exactly on it.
  const cents = r < 62 ? rng.int(cap + 100_00, cap * 5) : r < 95 ? rng.int(Math.floor(cap * 0.45), cap - 100) : cap;
  return { label: `Facture des pompes funèbres ${familyName(rng)}`, cents };
}

export const HOMES = ["Maison d'habitation à", "Appartement à"] as const;
const PROPERTY = ["Résidence secondaire à", "Terrain à bâtir à", "Terres agricoles à", "Local commercial à", "Appartement loué à"] as const;
/** The least a house, flat or shop is worth, in cents. */
export const MIN_BUILDING = 40_000_00;

export type AssetKind = "property" | "titres" | "sci" | "vehicle" | "furniture" | "pea";

/**
 * The assets of an estate as they are drawn: each takes part of what is `left` of the total
 * (never all of it: the bank accounts, added last by `close`, take the cents left over), each
 * building in a town of its own.
 */
export class AssetList {
  private readonly items: Item[] = [];
  private readonly towns = new Set<string>();

  constructor(
    private readonly rng: Rng,
    public left: number,
  ) {}

  place(): string {
    let t = town(this.rng);
    while (this.towns.has(t)) t = town(this.rng);
    this.towns.add(t);
    return t;
  }

  take(label: string, cents: number): void {
    if (cents <= 0 || cents >= this.left - 500_00) return;
    this.items.push({ label, cents });
    this.left -= cents;
  }

  /** An asset of this kind worth about `share` cents (some kinds have a least or a most value). */
  add(kind: AssetKind, share: number): void {
    const rng = this.rng;
    switch (kind) {
      case "property": {
        // A building is worth some tens of thousands of euros at least; land may be worth little.
        const label = rng.pick(PROPERTY);
        const cents = roundEuros(share, 1000);
        if (cents >= (label.startsWith("Terr") ? 3_000_00 : MIN_BUILDING)) this.take(`${label} ${this.place()}`, cents);
        break;
      }
      case "titres":
        this.take(`Portefeuille de titres (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "sci":
        this.take(`Parts de la ${sci(rng)}`, roundEuros(share, 100));
        break;
      case "pea":
        this.take(`Plan d'épargne en actions (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "vehicle":
        this.take("Véhicule automobile", roundEuros(Math.min(share, rng.int(4_000, 45_000) * 100), 100));
        break;
      case "furniture":
        this.take("Mobilier et objets d'art (inventaire du notaire)", roundEuros(Math.min(share, rng.int(2_000, 30_000) * 100), 100));
        break;
    }
  }

  /** The list, ended by the bank accounts, which take what is left. */
  close(): Item[] {
    this.items.push({ label: `Comptes courants et livrets (${bank(this.rng)})`, cents: this.left });
    return this.items;
  }
}

/**
 * Assets, debts and funeral costs of an estate whose residue (net estate − bequests) is exactly
 * `residueCents`. The last asset, the bank accounts, takes the cents left over.
 */
export function estateBalance(rng: Rng, law: Law, residueCents: number, bequestCents: number): { assets: Item[]; debts: Item[]; funeral: Item } {
  const net = residueCents + bequestCents;
  const funeral = funeralOf(rng, law);
  const debts = debtsOf(rng, net);
  const cap = law.funeralDeduction * 100;
  const gross = net + debts.reduce((s, d) => s + d.cents, 0) + Math.min(funeral.cents, cap);
  const list = new AssetList(rng, gross);
  if (gross >= 90_000_00) {
    const home = roundEuros(Math.floor((gross * rng.int(35, 75)) / 100), 1000);
    if (home >= MIN_BUILDING) list.take(`${rng.pick(HOMES)} ${list.place()}`, home);
  }
  const extra = gross < 60_000_00 ? rng.int(0, 1) : rng.int(1, 3);
  const pool = rng.sample(["property", "titres", "sci", "vehicle", "furniture", "pea"] as const, extra);
  for (const k of pool) list.add(k, Math.floor((list.left * rng.int(10, 45)) / 100));
  const assets = list.close();
  return { assets, debts, funeral };
}

/** Label of a non-cash gift: real estate, company shares, securities. */
export function giftAssetLabel(rng: Rng, realEstateOnly: boolean): string {
  const kinds = realEstateOnly ? (["home", "flat", "land", "sci"] as const) : (["home", "flat", "land", "sci", "titres", "shop"] as const);
  switch (rng.pick(kinds)) {
    case "home":
      return `Maison à ${town(rng)}`;
    case "flat":
      return `Appartement à ${town(rng)}`;
    case "land":
      return `Terrain à bâtir à ${town(rng)}`;
    case "sci":
      return `Parts de la ${sci(rng)}`;
    case "titres":
      return `Portefeuille de titres (${bank(rng)})`;
    case "shop":
      return `Local commercial à ${town(rng)}`;
  }
}

/** Real estate given in bare ownership (level 4). */
export function realEstateLabel(rng: Rng): string {
  return `${rng.pick(["Maison à", "Appartement à", "Immeuble de rapport à", "Résidence secondaire à", "Local commercial à"])} ${town(rng)}`;
}

/** "Somme d'argent remise à B2 par chèque"; without `to`, a sum shared by several donees. */
export function cashLabel(rng: Rng, to?: string): string {
  const means = rng.pick(["par virement bancaire", "par chèque", "par virement"]);
  return to === undefined ? `Somme d'argent remise ${means}` : `Somme d'argent remise à ${to} ${means}`;
}

