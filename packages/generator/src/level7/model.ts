import type { CivilDate } from "@succ/engine";
import type { Beneficiary, ContractDraft, Parenthood } from "../draft.js";
import type { Person } from "../names.js";

/**
 * Level 7: the notary's whole file of an estate, from which the civil devolution is computed
 * (the `family`, `marriage` and `will` fields of the dossier contract). A draft holds what the
 * dossier needs and what only the prompt says (genders, dates of death and of renunciation,
 * the notaries, the wording of the will). Amounts are whole cents.
 */

export type Status = "alive" | "predeceased" | "renounced";
export type Blood = "germain" | "consanguin" | "uterin";
export type Branch = "paternal" | "maternal";
export type Regime = "communaute_legale" | "separation_de_biens" | "communaute_universelle";
export type SpouseOption = "legal_usufruct" | "legal_quarter" | "ddv_disposable" | "ddv_quarter_usufruct" | "ddv_usufruct";

/**
 * A person of the family. A living, accepting member is a beneficiary (`id` is its id, `ben` its
 * entry); a predeceased or renouncing one has an id of its own (`P1`, …) that is no beneficiary.
 */
export interface Member {
  id: string;
  person: Person;
  birth: CivilDate;
  status: Status;
  ben: Beneficiary | null;
  /** Predeceased: the day of death; renounced: the day of the declaration at the court's registry. */
  on: CivilDate | null;
  descendants: Member[];
  /** Children when a spouse survives: also the spouse's child (art. 757, 1527). */
  common?: boolean;
  /** Children not common: the other parent, for the file's wording. */
  otherParent?: string;
  /** Siblings: germain, consanguin (same father) or utérin (same mother). */
  blood?: Blood;
  /** Ascendants and collaterals of the 3rd and 4th orders. */
  branch?: Branch;
  degree?: number;
}

export interface Asset {
  label: string;
  cents: number;
  ownership: "own" | "common";
  receivedFrom?: { parent: "father" | "mother"; by: "gift" | "succession"; year: number };
}

export interface Debt {
  label: string;
  cents: number;
  ownership: "own" | "common";
}

export interface Deed {
  date: CivilDate;
  notary: string;
}

export interface Marriage {
  date: CivilDate;
  town: string;
  regime: Regime;
  /** A contract (every regime but the legal one without clause). */
  contract: Deed | null;
  attributionIntegrale: boolean;
  recompense: { to: "deceased" | "survivor"; cents: number; why: string } | null;
  /** Donation au dernier vivant (art. 1094-1). */
  ddv: Deed | null;
  /** The option the spouse declared in writing, and when; null when the spouse concurs with no descendant. */
  option: SpouseOption | null;
  optionOn: CivilDate | null;
}

export interface Will {
  /** Testament olographe: date, the notary who holds it. */
  deed: Deed;
  universalLegatee: string | null;
  fractional: { beneficiary: string; num: number; den: number }[];
  disposableShareTo: string | null;
  spouseLargestDisposable: boolean;
  bequests: { beneficiary: string; cents: number }[];
}

export interface Gift {
  beneficiary: string;
  date: CivilDate;
  label: string;
  cents: number;
  /** Value at the death of the property given, in its state at the gift (art. 922). */
  atDeathCents: number;
  /** The personal allowance the deed applied (art. 779 I, 790 B). */
  allowanceUsed: number;
  notary: string;
}

export type Level7Variant = "spouse-descendants" | "descendants-will" | "spouse-no-descendants" | "parents-siblings" | "branches";

export interface Level7Draft {
  variant: Level7Variant;
  date: CivilDate;
  /** The town of the last domicile. */
  town: string;
  subject: Person & { birth: CivilDate };
  /** The deceased's marital situation apart from a surviving spouse (veuf, divorcé, célibataire, pacsé). */
  situation: "married" | "widowed" | "divorced" | "single" | "pacs";
  beneficiaries: Beneficiary[];
  /** French words for a beneficiary outside the family (ami, partenaire, neveu légataire…). */
  outsiders: Map<string, string>;
  spouse: Beneficiary | null;
  partner: Beneficiary | null;
  children: Member[];
  father: Member;
  mother: Member;
  siblings: Member[];
  ascendants: Member[];
  collaterals: Member[];
  marriage: Marriage | null;
  will: Will | null;
  assets: Asset[];
  debts: Debt[];
  funeralCents: number;
  gifts: Gift[];
  contracts: ContractDraft[];
  parents: Parenthood[];
}

/** Every member of a list and their descendants, depth first (into `out`). */
export function membersOf(list: readonly Member[], out: Member[] = []): Member[] {
  for (const m of list) {
    out.push(m);
    membersOf(m.descendants, out);
  }
  return out;
}

/** Whether a predeceased or renouncing member forms a souche: a living, accepting descendant at some depth. */
export function formsSouche(m: Member): boolean {
  return m.status === "alive" || m.descendants.some(formsSouche);
}
