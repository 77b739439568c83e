import type { RuleSet } from "./dossier.js";
import { STEPS, type RuleFamily, type Switch } from "./family.js";
import { FAMILIES } from "./families/index.js";

type SwitchesOf<F> = F extends { readonly switches: infer S } ? keyof S & string : never;

/** A counterfactual switch of a rule family (`compute(d, { ignore })`). */
export type Rule = SwitchesOf<(typeof FAMILIES)[number]>;

/**
 * The order of the switches that task files and `succ stats` have listed since 0.1 (a task's
 * `info.rules` follows it, so it is part of the task set's bytes); the switches of a family added
 * later follow, in the order of the table.
 */
const PUBLISHED_ORDER: readonly string[] = [
  "funeralCap", "funeralFlat", "exemption790G", "gift790G", "ageConditions790G", "nephew790G", "recall", "lowerBands", "allowancesUsed",
  "representation", "usufruct669", "disabilityAllowance", "defaultAllowanceAlone", "spouseExemption", "smallEstate", "siblingExemption",
  "mainResidence764bis", "furniture764", "levy990I", "levyExemption990I", "premiums757B", "allowance757BShared", "housing790ABis",
];

/** The switches of a table of families, in the published order, and the family of each. */
export function switchesOf(families: readonly RuleFamily[]): { order: string[]; info: Record<string, Switch & { family: RuleFamily }> } {
  const info: Record<string, Switch & { family: RuleFamily }> = {};
  for (const f of [...families].sort((a, b) => STEPS.indexOf(a.step) - STEPS.indexOf(b.step) || families.indexOf(a) - families.indexOf(b))) {
    for (const [id, s] of Object.entries(f.switches)) {
      if (id in info) throw new Error(`switch ${id} is declared by two families (${info[id]!.family.name}, ${f.name})`);
      info[id] = { ...s, family: f };
    }
  }
  const known = PUBLISHED_ORDER.filter((id) => id in info);
  const order = [...known, ...families.flatMap((f) => Object.keys(f.switches)).filter((id) => !PUBLISHED_ORDER.includes(id))];
  return { order, info };
}

const TABLE = switchesOf(FAMILIES);

/**
 * The counterfactual switches, from the families' declarations: each says which rule sets have
 * it and, in French, what switching it off means; a switch that a rule set does not have changes
 * nothing there.
 */
export const RULE_INFO: { readonly [R in Rule]: Switch } = Object.freeze(Object.fromEntries(TABLE.order.map((id) => [id, { ruleSets: TABLE.info[id]!.ruleSets, fr: TABLE.info[id]!.fr }]))) as { readonly [R in Rule]: Switch };

/** Every switch, in a fixed order. */
export const RULES = TABLE.order as Rule[];

/** The switches a rule set has. */
export function rulesOf(ruleSet: RuleSet): Rule[] {
  return RULES.filter((r) => RULE_INFO[r].ruleSets.includes(ruleSet));
}

/** The family of each switch. */
export function familyOf(rule: string): RuleFamily | undefined {
  return TABLE.info[rule]?.family;
}
