import { LAW_SERIES, usufructPercent, type Law } from "@succ/rules";
import { ageOn } from "../dates.js";
import type { EstateDossier } from "../dossier.js";
import { family, switchOn } from "../family.js";

/**
 * Art. 669: the value of a usufruct and of the bare ownership by the usufructuary's age: the
 * spouse's usufruct of an estate's residue, a donor's reserved usufruct. Counterfactual:
 * `usufruct669` values the property as if held in full.
 */
export const USUFRUCT = family({
  name: "démembrement de propriété",
  articles: [LAW_SERIES.usufruct669.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "valueReceived",
  fields: [
    { path: "spouseUsufruct", ruleSets: ["seed", "cgi"], checks: ["the spouse or PACS partner", "holds no share of the residue", "a residue exists"] },
    { path: "gifts[].reservedUsufruct", ruleSets: ["seed", "cgi"], checks: ["true or false", "not on cash"] },
  ],
  switches: {
    usufruct669: { ruleSets: ["seed", "cgi"], fr: "démembrement de propriété (art. 669)" },
  },
});

/** The spouse's usufruct of the residue: who, at what age, its percent. */
export function residueUsufruct(d: EstateDossier, law: Law): { beneficiary: string; age: number; usufructPercent: number } | null {
  if (d.spouseUsufruct === null) return null;
  const spouse = d.beneficiaries.find((b) => b.id === d.spouseUsufruct)!;
  const age = ageOn(spouse.birthDate, d.date);
  return { beneficiary: spouse.id, age, usufructPercent: usufructPercent(law.usufruct669, age) };
}

/** Whether the split applies (the switch on). */
export function splits(ruleSet: EstateDossier["ruleSet"], ignore: ReadonlySet<string>): boolean {
  return switchOn(USUFRUCT, ruleSet, ignore, "usufruct669");
}
