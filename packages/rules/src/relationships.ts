/** The relationships of a beneficiary to the deceased or the donor, and their French names. */

export const RELATIONSHIPS = [
  "spouse",
  "pacs",
  "child",
  "grandchild",
  "greatgrandchild",
  "sibling",
  "nephew",
  "unrelated",
  "parent",
  "ascendant",
  "collateral",
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/**
 * The relationships of the civil devolution (estates under the "cgi" rules): the father or the
 * mother, the ascendants of the 3rd order and the collaterals of the 4th (whose degree only a
 * dossier's `family` states).
 */
export const CIVIL_RELATIONSHIPS = ["parent", "ascendant", "collateral"] as const satisfies readonly Relationship[];

/** An estate (succession, at death) or a gift (donation, between living persons). */
export type TransferKind = "estate" | "gift";

/** The direct line below the deceased or the donor: children and their descendants. */
export const DESCENDANTS = ["child", "grandchild", "greatgrandchild"] as const satisfies readonly Relationship[];

/** French name of each relationship, ungendered (calculation sheets and the prompts' rules). */
export const RELATIONSHIP_FR: Readonly<Record<Relationship, string>> = {
  spouse: "conjoint",
  pacs: "partenaire de PACS",
  child: "enfant",
  grandchild: "petit-enfant",
  greatgrandchild: "arrière-petit-enfant",
  sibling: "frère ou sœur",
  nephew: "neveu ou nièce",
  unrelated: "personne sans lien de parenté",
  parent: "père ou mère",
  ascendant: "ascendant",
  collateral: "collatéral",
};

/** A person's sex, as a dossier may give it (for the agreement of French words only). */
export type Sex = "F" | "M";

/**
 * The French name of each relationship agreeing with the person's sex: « fils » and « fille »,
 * « neveu » and « nièce »… Spouses are « époux » and « épouse »; a person without kinship has no
 * gendered name.
 */
export const RELATIONSHIP_FR_BY_SEX: Readonly<Record<Relationship, Readonly<Record<Sex, string>>>> = {
  spouse: { M: "époux", F: "épouse" },
  pacs: { M: "partenaire lié par un PACS", F: "partenaire liée par un PACS" },
  child: { M: "fils", F: "fille" },
  grandchild: { M: "petit-fils", F: "petite-fille" },
  greatgrandchild: { M: "arrière-petit-fils", F: "arrière-petite-fille" },
  sibling: { M: "frère", F: "sœur" },
  nephew: { M: "neveu", F: "nièce" },
  unrelated: { M: "personne sans lien de parenté", F: "personne sans lien de parenté" },
  parent: { M: "père", F: "mère" },
  ascendant: { M: "ascendant", F: "ascendante" },
  collateral: { M: "parent collatéral", F: "parente collatérale" },
};

/**
 * The French name of a relationship: agreeing with the sex where it is given (`fille`,
 * `neveu`), the neutral name of {@link RELATIONSHIP_FR} where it is not (`enfant`, `neveu ou
 * nièce`).
 */
export function relationshipFr(relationship: Relationship, sex: Sex | null | undefined): string {
  return sex ? RELATIONSHIP_FR_BY_SEX[relationship][sex] : RELATIONSHIP_FR[relationship];
}
