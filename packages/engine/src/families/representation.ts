import { LAW_SERIES } from "@succ/rules";
import type { Beneficiary } from "../dossier.js";
import { ratio } from "../exact.js";
import { representativesOf } from "../by-beneficiary.js";
import { representationAllowance } from "../civil/tax.js";
import { family, type AllowanceItem, type Context } from "../family.js";

const LABEL = "Abattement (part de l'enfant représenté)";

/**
 * Representation of a predeceased child (art. 779 I, estates): the grandchildren who represent
 * him share his allowance equally. * Counterfactual: `representation` (each grandchild then takes the default allowance).
 */
export const REPRESENTATION = family({
  name: "représentation",
  articles: [LAW_SERIES.allowances.personal.estate.child.reference.article],
  ruleSets: ["seed", "cgi"],
  step: "allowances",
  fields: [{ path: "beneficiaries[].represents", ruleSets: ["seed", "cgi"], checks: ["estates only", "a grandchild only", "cgi: no prior gift of his own (checked by the recall, art. 784)"] }],
  switches: {
    representation: { ruleSets: ["seed", "cgi"], fr: "représentation d'un enfant prédécédé (art. 779 I)" },
  },
  allowances(c: Context, b: Beneficiary): AllowanceItem[] {
    if (c.d.kind !== "estate" || !c.on("representation")) return [];
    // Computed mode: the devolution says who represents whom, and the allowance of the one represented.
    const civil = c.devolution !== null ? representationAllowance(c.devolution, c.law, b) : null;
    if (civil !== null) return [{ source: "representation", amount: civil.amount, article: civil.article, label: LABEL }];
    if (b.represents === null) return [];
    const count = representativesOf(c.d.beneficiaries, b.represents);
    return [{ source: "representation", amount: ratio(c.law.allowances.personal.estate.child, count), article: LAW_SERIES.allowances.personal.estate.child.reference.article, label: LABEL }];
  },
});
