/**
 * The generator's side of the fictitious rule family of docs/architecture.md's recipe (a 1,000 €
 * allowance for godchildren from 2027-01-01, in an estate, under `cgi`), registered as a family
 * module of `src/families/` would be: its article for level 5 and its row of `succ stats`. In the
 * generator it would be `src/families/godchild.ts` and a line of `GENERATOR_FAMILIES`; here the
 * table with it added. The engine's side (the value in a copy of the tables, the engine module) is
 * the engine's fixture.
 */
import { euros, type Rule } from "@succ/engine";
import type { Law } from "@succ/rules";
import { GENERATOR_FAMILIES, generatorFamily, type GeneratorFamily, type MistakeRow } from "../../src/families/index.js";
import { GODCHILD } from "../../../engine/test/__fixtures__/godchild-family.js";

/** The value on a day (null before 2027). */
function godchildAllowance(law: Law): number | null {
  return (law.allowances as unknown as { godchild?: number | null }).godchild ?? null;
}

export const GODCHILD_GENERATOR: GeneratorFamily & { mistakes: readonly MistakeRow[] } = generatorFamily({
  engine: GODCHILD,
  // After art. 779 and 788 IV (place 40), before art. 796-0 bis (50); not written before its first day.
  articles: [
    {
      place: 45,
      kinds: ["estate"],
      text(law) {
        const amount = godchildAllowance(law);
        return amount === null ? null : `- **Art. ${GODCHILD.articles[0]} (abattement des filleuls).** Un abattement de ${euros(amount)} s'applique sur la part de chaque filleul du défunt ; il s'ajoute aux autres abattements, celui de l'art. 788 IV compris.`;
      },
    },
  ],
  mistakes: [
    {
      place: 90,
      key: "godchildAllowance",
      label: "the godchild allowance forgotten",
      // A switch of a registered family, beyond the engine's own RULES.
      rule: "godchildAllowance" as Rule,
      feature: "a godchild who takes the allowance",
      has: (r) => r.beneficiaries.some((b) => b.allowance.items.some((i) => i.source === "godchild")),
    },
  ],
});

/** The generator's table with the family added after the engine's order (its line in the table). */
export const WITH_GODCHILD_GENERATOR: readonly GeneratorFamily[] = [...GENERATOR_FAMILIES, GODCHILD_GENERATOR];
