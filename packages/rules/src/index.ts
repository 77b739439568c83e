/**
 * @succ/rules: every legal constant of French gift and inheritance tax (droits de mutation à
 * titre gratuit) that this project uses, as dated data next to its source, in the manner of
 * OpenFisca parameters. Formulas (in @succ/engine) read these by name, never by literal.
 *
 * Amounts are whole euros (exact in JavaScript numbers); rates are whole percents, so that no
 * consumer needs binary floating point to read them. No runtime dependency.
 */

/** The Code général des impôts on Légifrance (consolidated text). */
export const CGI_URL = "https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577/";

/** Where a value comes from. */
export interface Reference {
  /** Article of the Code général des impôts, e.g. "779 I". */
  article: string;
  /** Légifrance link to the code, and a public explanatory source where one exists. */
  legifrance: string;
  official?: string;
}

export interface Parameter<V> {
  value: V;
  unit: "EUR" | "percent" | "years";
  /** The date from which this value applies (YYYY-MM-DD). */
  since: string;
  /** What the value is, in a few words. */
  label: string;
  reference: Reference;
}

const F14198 = "https://www.service-public.gouv.fr/particuliers/vosdroits/F14198";
const F14203 = "https://www.service-public.gouv.fr/particuliers/vosdroits/F14203";
const BOFIP_669 = "https://bofip.impots.gouv.fr/bofip/2323-PGP";

function ref(article: string, official?: string): Reference {
  return official === undefined ? { article, legifrance: CGI_URL } : { article, legifrance: CGI_URL, official };
}

function eur(value: number, since: string, label: string, reference: Reference): Parameter<number> {
  return { value, unit: "EUR", since, label, reference };
}

function years(value: number, since: string, label: string, reference: Reference): Parameter<number> {
  return { value, unit: "years", since, label, reference };
}

/** The relationships of a beneficiary to the deceased or the donor. */
export const RELATIONSHIPS = [
  "spouse",
  "pacs",
  "child",
  "grandchild",
  "greatgrandchild",
  "sibling",
  "nephew",
  "unrelated",
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export type TransferKind = "estate" | "gift";

/** Art. 775: funeral costs are deductible from the estate up to this amount. */
export const FUNERAL_COSTS_CAP = eur(1500, "2002-01-01", "plafond des frais funéraires déductibles", ref("775", F14198));

/**
 * Personal allowances (abattements) by relationship and kind of transfer. `null` means the
 * relationship is exempt (spouse or PACS partner in an estate, art. 796-0 bis).
 */
export const ALLOWANCES: Record<TransferKind, Record<Relationship, Parameter<number> | null>> = {
  estate: {
    spouse: null,
    pacs: null,
    child: eur(100_000, "2012-08-17", "abattement en ligne directe (enfant)", ref("779 I", F14198)),
    grandchild: eur(1594, "2012-08-17", "abattement par défaut en succession", ref("788 IV", F14198)),
    greatgrandchild: eur(1594, "2012-08-17", "abattement par défaut en succession", ref("788 IV", F14198)),
    sibling: eur(15_932, "2012-08-17", "abattement entre frères et sœurs", ref("779 IV", F14198)),
    nephew: eur(7967, "2012-08-17", "abattement des neveux et nièces", ref("779 V", F14198)),
    unrelated: eur(1594, "2012-08-17", "abattement par défaut en succession", ref("788 IV", F14198)),
  },
  gift: {
    spouse: eur(80_724, "2012-08-17", "abattement du conjoint donataire", ref("790 E", F14203)),
    pacs: eur(80_724, "2012-08-17", "abattement du partenaire de PACS donataire", ref("790 F", F14203)),
    child: eur(100_000, "2012-08-17", "abattement en ligne directe (enfant)", ref("779 I", F14203)),
    grandchild: eur(31_865, "2012-08-17", "abattement des petits-enfants donataires", ref("790 B", F14203)),
    greatgrandchild: eur(5310, "2012-08-17", "abattement des arrière-petits-enfants donataires", ref("790 D", F14203)),
    sibling: eur(15_932, "2012-08-17", "abattement entre frères et sœurs", ref("779 IV", F14203)),
    nephew: eur(7967, "2012-08-17", "abattement des neveux et nièces", ref("779 V", F14203)),
    // No allowance at all between unrelated persons in a gift: zero, not an exemption.
    unrelated: eur(0, "2012-08-17", "pas d'abattement entre non-parents (donation)", ref("777 tableau III", F14203)),
  },
};

/** Art. 779 I: a predeceased child's allowance is shared equally by those who represent him. */
export const REPRESENTED_CHILD_ALLOWANCE = eur(100_000, "2012-08-17", "abattement de l'enfant prédécédé, partagé entre ses représentants", ref("779 I", F14198));

/** Art. 779 II: disabled beneficiary, on top of any other allowance. */
export const DISABILITY_ALLOWANCE = eur(159_325, "2012-08-17", "abattement des personnes handicapées", ref("779 II", F14198));

/** Art. 796-0 bis: the surviving spouse and the PACS partner are exempt from inheritance tax. */
export const SPOUSE_ESTATE_EXEMPTION = {
  since: "2007-08-22",
  label: "exonération du conjoint survivant et du partenaire de PACS",
  reference: ref("796-0 bis", F14198),
} as const;

/** Art. 790 G: family cash gift exemption. */
export const CASH_GIFT_790G = {
  ceiling: eur(31_865, "2011-07-31", "plafond du don familial de sommes d'argent, par donateur et donataire", ref("790 G", F14203)),
  /** The donor must be under this age (completed years) on the day of the gift. */
  donorAgeBelow: years(80, "2011-07-31", "le donateur a moins de 80 ans", ref("790 G")),
  /** The donee must be at least this age (or emancipated, which this project does not model). */
  doneeMinimumAge: years(18, "2011-07-31", "le donataire est majeur", ref("790 G")),
  /** The ceiling is renewed every 15 years. */
  period: years(15, "2012-08-17", "renouvellement du plafond", ref("790 G")),
  /** Relationships of donee that the exemption covers in this project (children and their descendants). */
  donees: ["child", "grandchild", "greatgrandchild"] as const satisfies readonly Relationship[],
};

/** Art. 784: gifts made within this many years before the act are recalled. */
export const RECALL_PERIOD = years(15, "2012-08-17", "délai du rappel fiscal des donations antérieures", ref("784", F14198));

/** A progressive scale: `upTo` is the upper bound of the band in euros (`null`: no bound). */
export interface Band {
  upTo: number | null;
  /** Rate in whole percent. */
  ratePercent: number;
}

export interface Scale {
  label: string;
  since: string;
  reference: Reference;
  bands: readonly Band[];
}

/** Art. 777: the scales. */
export const SCALES = {
  /** Tableau I: direct line (children, grandchildren, great-grandchildren, ascendants). */
  directLine: {
    label: "barème en ligne directe",
    since: "2012-08-17",
    reference: ref("777 tableau I", F14198),
    bands: [
      { upTo: 8072, ratePercent: 5 },
      { upTo: 12_109, ratePercent: 10 },
      { upTo: 15_932, ratePercent: 15 },
      { upTo: 552_324, ratePercent: 20 },
      { upTo: 902_838, ratePercent: 30 },
      { upTo: 1_805_677, ratePercent: 40 },
      { upTo: null, ratePercent: 45 },
    ],
  },
  /** Tableau II: between spouses and PACS partners (gifts only; exempt in estates). */
  spouse: {
    label: "barème entre époux et partenaires de PACS",
    since: "2012-08-17",
    reference: ref("777 tableau II", F14203),
    bands: [
      { upTo: 8072, ratePercent: 5 },
      { upTo: 15_932, ratePercent: 10 },
      { upTo: 31_865, ratePercent: 15 },
      { upTo: 552_324, ratePercent: 20 },
      { upTo: 902_838, ratePercent: 30 },
      { upTo: 1_805_677, ratePercent: 40 },
      { upTo: null, ratePercent: 45 },
    ],
  },
  /** Tableau III: between brothers and sisters. */
  sibling: {
    label: "barème entre frères et sœurs",
    since: "2012-08-17",
    reference: ref("777 tableau III", F14198),
    bands: [
      { upTo: 24_430, ratePercent: 35 },
      { upTo: null, ratePercent: 45 },
    ],
  },
  /** Tableau III: relatives up to the fourth degree (nephews and nieces here). */
  nephew: {
    label: "barème entre parents jusqu'au 4e degré",
    since: "2012-08-17",
    reference: ref("777 tableau III", F14198),
    bands: [{ upTo: null, ratePercent: 55 }],
  },
  /** Tableau III: beyond the fourth degree and unrelated persons. */
  unrelated: {
    label: "barème entre non-parents",
    since: "2012-08-17",
    reference: ref("777 tableau III", F14198),
    bands: [{ upTo: null, ratePercent: 60 }],
  },
} as const satisfies Record<string, Scale>;

export type ScaleName = keyof typeof SCALES;

/** Which scale applies to a relationship (spouse and PACS partner: their own gift scale). */
export const SCALE_OF: Record<Relationship, ScaleName> = {
  spouse: "spouse",
  pacs: "spouse",
  child: "directLine",
  grandchild: "directLine",
  greatgrandchild: "directLine",
  sibling: "sibling",
  nephew: "nephew",
  unrelated: "unrelated",
};

/**
 * Art. 669 I: value of the usufruct by the usufructuary's age in completed years. Each row
 * applies up to and including `maxAge` (`null`: any age above the previous row). Bare
 * ownership is 100 % minus the usufruct.
 */
export const USUFRUCT_669 = {
  since: "2004-01-01",
  reference: ref("669 I", BOFIP_669),
  rows: [
    { maxAge: 20, usufructPercent: 90 },
    { maxAge: 30, usufructPercent: 80 },
    { maxAge: 40, usufructPercent: 70 },
    { maxAge: 50, usufructPercent: 60 },
    { maxAge: 60, usufructPercent: 50 },
    { maxAge: 70, usufructPercent: 40 },
    { maxAge: 80, usufructPercent: 30 },
    { maxAge: 90, usufructPercent: 20 },
    { maxAge: null, usufructPercent: 10 },
  ],
} as const;

/** The law rounds to the euro; amounts are read with at most this many decimals. */
export const AMOUNT_DECIMALS = 2;

/** Tax year whose amounts these tables hold; all values above still applied on this date. */
export const LAST_VALUE_STILL_VALID_ON = "2026-11-29";

/** Usufruct percent of art. 669 for an age in completed years. */
export function usufructPercent(age: number): number {
  for (const row of USUFRUCT_669.rows) {
    if (row.maxAge === null || age <= row.maxAge) return row.usufructPercent;
  }
  /* c8 ignore next */
  throw new Error("unreachable: the last row of art. 669 has no bound");
}
