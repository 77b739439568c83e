import type { Relationship } from "@succ/rules";
import { formatDate, type CivilDate, type DossierInput } from "@succ/engine";
import type { Person } from "./names.js";

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
  const beneficiaries = d.beneficiaries.map((b) => {
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
  const head = {
    kind: d.kind,
    date: formatDate(d.date),
    person: { name: nameOf(d.subject), birthDate: formatDate(d.subject.birth), sex: sexOf(d.subject) },
    beneficiaries,
  };
  const priorGifts = d.priorGifts.map((g) => ({ beneficiary: g.beneficiary, date: formatDate(g.date), value: amount(g.cents), cash790G: g.cash790G }));
  if (d.kind === "estate") {
    return {
      ...head,
      assets: d.assets.map((a) => ({ label: a.label, value: amount(a.cents) })),
      debts: d.debts.map((a) => ({ label: a.label, value: amount(a.cents) })),
      funeralCosts: amount(d.funeral.cents),
      bequests: d.bequests.map((b) => ({ beneficiary: b.beneficiary, amount: amount(b.cents) })),
      residue: d.residue.map((s) => ({ beneficiary: s.beneficiary, share: fraction(s) })),
      spouseUsufruct: d.spouseUsufruct,
      priorGifts,
    };
  }
  return {
    ...head,
    gifts: d.gifts.map((g) => ({
      label: g.label,
      value: amount(g.cents),
      cash: g.cash,
      reservedUsufruct: g.reservedUsufruct,
      to: g.to.map((t) => ({ beneficiary: t.beneficiary, fraction: fraction(t) })),
    })),
    priorGifts,
  };
}
