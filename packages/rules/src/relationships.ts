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
