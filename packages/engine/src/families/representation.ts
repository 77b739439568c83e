import { LAW_SERIES } from "@succ/rules";
import type { Beneficiary } from "../dossier.js";
import { ratio } from "../exact.js";
import { family, type AllowanceItem, type Context } from "../family.js";

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
    if (c.d.kind !== "estate" || b.represents === null || !c.on("representation")) return [];
    let count = 0;
    for (const x of c.d.beneficiaries) if (x.represents === b.represents) count++;
    return [{ source: "representation", amount: ratio(c.law.allowances.personal.estate.child, count), article: LAW_SERIES.allowances.personal.estate.child.reference.article, label: "Abattement (part de l'enfant représenté)" }];
  },
});
