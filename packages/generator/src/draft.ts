import type { Law, Relationship } from "@succ/rules";
import { formatDate, type CivilDate, type DossierInput, type MaritalStatus } from "@succ/engine";
import type { Person } from "./names.js";
import { listOf } from "@succ/engine/internal";

/**
 * A dossier as the generator draws it: the engine's dossier plus what only the prompt needs
 * (genders, the family situation, predeceased children). Amounts are whole cents.
 */

export interface Beneficiary {
  id: string;
  person: Person;
  relationship: Relationship;
  birth: CivilDate;
  disabled: boolean;
  /** Estates: the predeceased child this grandchild represents. */
  represents: Predeceased | null;
}

export interface Predeceased {
  person: Person;
  birth: CivilDate;
  death: CivilDate;
}

export interface PriorGift {
  beneficiary: string;
  date: CivilDate;
  cents: number;
  cash790G: boolean;
}

export interface Item {
  label: string;
  cents: number;
}

export interface Share {
  beneficiary: string;
  num: number;
  den: number;
}

/**
 * A parent and a child as the generator drew them, including parents who are not in the dossier
 * (the father or mother of a grandchild donee or legatee), for the family guard.
 */
export interface Parenthood {
  parent: { female: boolean; birth: CivilDate };
  child: { birth: CivilDate };
}

interface DraftBase {
  date: CivilDate;
  subject: Person & { birth: CivilDate };
  beneficiaries: Beneficiary[];
  priorGifts: PriorGift[];
  parents: Parenthood[];
}

export interface EstateDraft extends DraftBase {
  kind: "estate";
  /** Family situation of the deceased, in French (e.g. "veuve", "mariée à B1"). */
  situation: string;
  predeceased: Predeceased[];
  assets: Item[];
  debts: Item[];
  funeral: Item;
  bequests: { beneficiary: string; cents: number }[];
  residue: Share[];
  spouseUsufruct: string | null;
}

export interface GiftItem {
  label: string;
  cents: number;
  cash: boolean;
  reservedUsufruct: boolean;
  to: Share[];
}

export interface GiftDraft extends DraftBase {
  kind: "gift";
  gifts: GiftItem[];
}

export type Draft = EstateDraft | GiftDraft;

/** Cents to a dossier amount: a JSON number with at most two decimals, read back exactly. */
export function amount(cents: number): number {
  return cents / 100;
}

export function fraction(s: { num: number; den: number }): string {
  return s.num === s.den ? "1" : `${s.num}/${s.den}`;
}

/** Lists made as the engine makes them (one hidden class in every tier of V8: see there). */
export { listOf };

export function nameOf(p: Person): string {
  return `${p.first} ${p.last}`;
}

type Sex = NonNullable<DossierInput["person"]["sex"]>;

/** "F" or "M": the sex the dossier records, so that the engine's French sheet agrees its words. */
export function sexOf(p: Person): Sex {
  return p.female ? "F" : "M";
}

/** The dossier the engine reads (the contract of `info.dossier`), keys in the contract's order. */
export function toDossier(d: Draft): DossierInput {
  const beneficiaries = listOf(d.beneficiaries, (b) => {
    const out: DossierInput["beneficiaries"][number] = {
      id: b.id,
      name: nameOf(b.person),
      relationship: b.relationship,
      birthDate: formatDate(b.birth),
      sex: sexOf(b.person),
      disabled: b.disabled,
    };
    if (b.represents) out.represents = nameOf(b.represents.person);
    return out;
  });
  // The head (kind, date, person, beneficiaries) written out in each kind's object, not spread into it.
  const date = formatDate(d.date);
  const person = { name: nameOf(d.subject), birthDate: formatDate(d.subject.birth), sex: sexOf(d.subject) };
  const priorGifts = listOf(d.priorGifts, (g) => ({ beneficiary: g.beneficiary, date: formatDate(g.date), value: amount(g.cents), cash790G: g.cash790G }));
  if (d.kind === "estate") {
    return {
      kind: d.kind,
      date,
      person,
      beneficiaries,
      assets: listOf(d.assets, (a) => ({ label: a.label, value: amount(a.cents) })),
      debts: listOf(d.debts, (a) => ({ label: a.label, value: amount(a.cents) })),
      funeralCosts: amount(d.funeral.cents),
      bequests: listOf(d.bequests, (b) => ({ beneficiary: b.beneficiary, amount: amount(b.cents) })),
      residue: listOf(d.residue, (s) => ({ beneficiary: s.beneficiary, share: fraction(s) })),
      spouseUsufruct: d.spouseUsufruct,
      priorGifts,
    };
  }
  return {
    kind: d.kind,
    date,
    person,
    beneficiaries,
    gifts: listOf(d.gifts, (g) => ({
      label: g.label,
      value: amount(g.cents),
      cash: g.cash,
      reservedUsufruct: g.reservedUsufruct,
      to: listOf(g.to, (t) => ({ beneficiary: t.beneficiary, fraction: fraction(t) })),
    })),
    priorGifts,
  };
}

// --- levels 5-6: the real law's facts ------------------------------------------------------------

/**
 * What a dossier of levels 5 and 6 adds to a draft of levels 1-4: the facts that only the real
 * law reads (`"law": "cgi"`): the civil status of each person, the main residence and who lives
 * there, the furniture, the life-insurance contracts, the figures of the earlier deeds and the
 * housing gifts of art. 790 A bis. Amounts are whole cents, as in the rest of a draft.
 */

/** Civil-status facts of a beneficiary, as the notary's file states them. */
export interface Civil {
  /** Estates, adults: the marital status the file gives (read by art. 796-0 ter for siblings). */
  maritalStatus: MaritalStatus | null;
  /** A protected adult (tutelle, curatelle): art. 764 bis. */
  protectedAdult: boolean;
  /** Siblings: the day since which they have lived with the deceased, or null (another home). */
  livesWithSince: CivilDate | null;
}

/** A life-insurance contract on the deceased's life, as the insurer's statement gives it. */
export interface ContractDraft {
  label: string;
  insurer: string;
  subscribedOn: CivilDate;
  to: Share[];
  /** Sums due for the premiums paid before the insured's 70th birthday and from 1998-10-13 (art. 990 I). */
  before70: number;
  /**
   * A contract subscribed before 1998-10-13: the sums due for the premiums paid before that day
   * (exempt from the levy and from death duties), as the insurer's statement splits them; null
   * for a later contract.
   */
  before1998: number | null;
  /** Premiums paid after the 70th birthday (art. 757 B), and the sums due for them. */
  premiumsAfter70: number;
  capitalAfter70: number;
}

/** A contract's entry in the dossier (`lifeInsurance[]`), at levels 5-7: the capital before 13/10/1998 only on a contract subscribed before. */
export function contractInput(c: ContractDraft): NonNullable<DossierInput["lifeInsurance"]>[number] {
  return {
    label: c.label,
    subscribedOn: formatDate(c.subscribedOn),
    beneficiaries: listOf(c.to, (t) => ({ beneficiary: t.beneficiary, fraction: fraction(t) })),
    capitalBefore70: amount(c.before70),
    ...(c.before1998 === null ? {} : { capitalBefore1998: amount(c.before1998) }),
    premiumsAfter70: amount(c.premiumsAfter70),
    capitalAfter70: amount(c.capitalAfter70),
  };
}

/**
 * The furniture (meubles meublants): no value declared above the legal minimum (flat), the
 * parties' estimate (declared, never counted below that minimum), an inventory or a public sale.
 */
export type FurnitureDraft = { valuation: "flat" } | { valuation: "declared" | "inventory" | "sale"; cents: number };

/**
 * The matrimonial regime of a deceased who was married or in a PACS, as the file states it with
 * what the inventory holds (the deceased's own assets, or his share after the regime's
 * liquidation; computing that liquidation is beyond these tasks).
 */
export type Regime = "community" | "separation" | "pacsSeparation";

/** What an earlier deed states of the allowances it applied. */
export interface Deed {
  /** Personal allowance applied (art. 779, 790 B, 790 D, 790 E, 790 F). */
  allowanceUsed: number;
  /** Disability allowance applied (art. 779 II). */
  disabilityAllowanceUsed: number;
}

export interface CgiFacts {
  /** Whether the deceased or the donor has descendants (art. 790 G for nephews and nieces). */
  hasDescendants: boolean;
  civil: Map<string, Civil>;
  /** Estates: the index in `assets` of the deceased's main residence, and who lives there. */
  mainResidence: { asset: number; occupants: string[] } | null;
  furniture: FurnitureDraft | null;
  /** Estates of a married deceased or one in a PACS: the regime the file states. */
  regime: Regime | null;
  contracts: ContractDraft[];
  /** The figures of each earlier deed (every prior gift that is not an exempt 790 G gift). */
  deeds: Map<PriorGift, Deed>;
  /** Gifts: the cash given for a home under art. 790 A bis. */
  housing: Set<GiftItem>;
}

export type CgiEstateDraft = EstateDraft & { cgi: CgiFacts };
export type CgiGiftDraft = GiftDraft & { cgi: CgiFacts };
export type CgiDraft = CgiEstateDraft | CgiGiftDraft;

export function emptyFacts(hasDescendants: boolean): CgiFacts {
  return { hasDescendants, civil: new Map(), mainResidence: null, furniture: null, regime: null, contracts: [], deeds: new Map(), housing: new Set() };
}

/**
 * The dossier the engine reads for a draft of levels 5-6: the dossier of {@link toDossier} with
 * `"law": "cgi"` and the real law's fields, keys in the order of the contract. `law` is the law
 * of the act the task is computed under (the real one, or a fictional one): whether a brother or
 * sister lived with the deceased for the years of art. 796-0 ter (`livedWithDeceased5Years`)
 * counts that law's years from the day the file gives.
 */
export function toCgiDossier(d: CgiDraft, law: Law): DossierInput {
  // `base` is made here and seen by no one else: its objects take the real law's keys in place
  // (after those of toDossier, in the contract's order) instead of being copied with them (the
  // copies, an object spread for each beneficiary, prior gift and the person, cost more than
  // reading the dossier's beneficiaries in the engine).
  const base = toDossier(d);
  const f = d.cgi;
  const beneficiaries = base.beneficiaries;
  for (const b of beneficiaries) {
    const c = f.civil.get(b.id);
    if (c?.protectedAdult) b.protectedAdult = true;
    if (d.kind === "estate" && c?.maritalStatus) b.maritalStatus = c.maritalStatus;
    if (d.kind === "estate" && b.relationship === "sibling") b.livedWithDeceased5Years = c?.livesWithSince != null && livedWithYears(c.livesWithSince, d.date, law.exemptions.sibling.cohabitationYears);
  }
  const priorGifts = base.priorGifts!;
  for (let i = 0; i < priorGifts.length; i++) {
    const deed = f.deeds.get(d.priorGifts[i]!);
    if (deed) {
      const out = priorGifts[i]!;
      out.allowanceUsed = amount(deed.allowanceUsed);
      if (deed.disabilityAllowanceUsed > 0) out.disabilityAllowanceUsed = amount(deed.disabilityAllowanceUsed);
    }
  }
  const person = base.person;
  person.hasDescendants = f.hasDescendants;
  if (d.kind === "estate") {
    const assets = base.assets!;
    if (f.mainResidence !== null) {
      const home = assets[f.mainResidence.asset];
      if (home !== undefined) {
        home.mainResidence = true;
        home.occupiedBy = f.mainResidence.occupants.slice();
      }
    }
    const out: DossierInput = { kind: d.kind, law: "cgi", date: base.date, person, beneficiaries, assets, debts: base.debts };
    if (f.furniture) out.furniture = f.furniture.valuation === "flat" ? { valuation: "flat" } : { valuation: f.furniture.valuation, value: amount(f.furniture.cents) };
    if (f.contracts.length > 0) out.lifeInsurance = listOf(f.contracts, contractInput);
    out.funeralCosts = base.funeralCosts;
    out.bequests = base.bequests;
    out.residue = base.residue;
    out.spouseUsufruct = base.spouseUsufruct;
    out.priorGifts = priorGifts;
    return out;
  }
  const gifts = base.gifts!;
  for (let i = 0; i < gifts.length; i++) if (f.housing.has(d.gifts[i]!)) gifts[i]!.housing790ABis = true;
  return { kind: d.kind, law: "cgi", date: base.date, person, beneficiaries, gifts, priorGifts };
}

/** Art. 796-0 ter: lived with the deceased for the `years` years before the death (since a day on or before death − years). */
export function livedWithYears(since: CivilDate, death: CivilDate, years: number): boolean {
  const limit = { y: death.y - years, m: death.m, d: death.d };
  return since.y < limit.y || (since.y === limit.y && (since.m < limit.m || (since.m === limit.m && since.d <= limit.d)));
}

/**
 * The same file read with the simplified rules of levels 1-4: the dossier without the fields only
 * the real law reads (civil status, main residence, furniture, life insurance, deed figures,
 * housing gifts) and with `"law": "seed"`. A model that applies those rules gets this dossier's
 * answer (or none, when the seed rules refuse the file, e.g. a 790 G gift to a nephew).
 */
export function seedCounterpart(input: DossierInput): DossierInput {
  const { hasDescendants: _h, ...person } = input.person;
  const out: DossierInput = {
    ...input,
    law: "seed",
    person,
    beneficiaries: listOf(input.beneficiaries, ({ protectedAdult: _p, maritalStatus: _m, livedWithDeceased5Years: _l, ...b }) => b),
  };
  if (input.assets) out.assets = listOf(input.assets, ({ mainResidence: _r, occupiedBy: _o, occupiedBySpouseChild: _c, ...a }) => a);
  delete out.furniture;
  delete out.lifeInsurance;
  if (input.priorGifts) out.priorGifts = listOf(input.priorGifts, ({ allowanceUsed: _a, disabilityAllowanceUsed: _d, registered: _r, housing790ABis: _x, ...g }) => g);
  if (input.gifts) out.gifts = listOf(input.gifts, ({ housing790ABis: _x, ...g }) => g);
  return out;
}

export function isCgiDraft(d: Draft): d is CgiDraft {
  return (d as Partial<CgiDraft>).cgi !== undefined;
}
