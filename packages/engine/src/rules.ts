import type { RuleSet } from "./dossier.js";

/**
 * Rules that a counterfactual computation can switch off (`compute(d, { ignore })`), to prove
 * that a rule changes an answer (generator) or to measure how often it does (`succ stats`). Each
 * says which rule sets have it and, in French, what switching it off means; a rule that a rule
 * set does not have changes nothing there.
 */
export const RULE_INFO = {
  funeralCap: {
    ruleSets: ["seed", "cgi"],
    fr: "frais funéraires (art. 775) : la facture déduite en entier",
  },
  funeralFlat: {
    ruleSets: ["cgi"],
    fr: "déduction forfaitaire de l'art. 775 prise pour un plafond de la facture",
  },
  exemption790G: {
    ruleSets: ["seed", "cgi"],
    fr: "exonération du don familial de sommes d'argent (art. 790 G)",
  },
  gift790G: {
    ruleSets: ["seed", "cgi"],
    fr: "art. 790 G en entier (dons antérieurs 790 G rappelés)",
  },
  ageConditions790G: {
    ruleSets: ["seed", "cgi"],
    fr: "conditions d'âge de l'art. 790 G",
  },
  nephew790G: {
    ruleSets: ["cgi"],
    fr: "art. 790 G pour les neveux et nièces d'un donateur sans descendant",
  },
  recall: {
    ruleSets: ["seed", "cgi"],
    fr: "rappel fiscal des donations antérieures (art. 784)",
  },
  lowerBands: {
    ruleSets: ["seed", "cgi"],
    fr: "tranches inférieures déjà utilisées par le rappel",
  },
  allowancesUsed: {
    ruleSets: ["cgi"],
    fr: "abattements réellement utilisés par chaque donation rappelée (l'abattement actuel appliqué à la place)",
  },
  representation: {
    ruleSets: ["seed", "cgi"],
    fr: "représentation d'un enfant prédécédé (art. 779 I)",
  },
  usufruct669: {
    ruleSets: ["seed", "cgi"],
    fr: "démembrement de propriété (art. 669)",
  },
  disabilityAllowance: {
    ruleSets: ["seed", "cgi"],
    fr: "abattement handicap (art. 779 II)",
  },
  defaultAllowanceAlone: {
    ruleSets: ["cgi"],
    fr: "abattement de l'art. 788 IV réservé à qui n'en a pas d'autre (cumulé à la place)",
  },
  spouseExemption: {
    ruleSets: ["seed", "cgi"],
    fr: "exonération du conjoint (art. 796-0 bis)",
  },
  smallEstate: {
    ruleSets: ["cgi"],
    fr: "exonération des petites successions (art. 796-0 et 800 I)",
  },
  siblingExemption: {
    ruleSets: ["cgi"],
    fr: "exonération des frères et sœurs (art. 796-0 ter)",
  },
  mainResidence764bis: {
    ruleSets: ["cgi"],
    fr: "abattement de 20 % sur la résidence principale (art. 764 bis)",
  },
  furniture764: {
    ruleSets: ["cgi"],
    fr: "forfait mobilier de 5 % (art. 764 I 3°)",
  },
  levy990I: {
    ruleSets: ["cgi"],
    fr: "prélèvement sur les capitaux d'assurance-vie (art. 990 I)",
  },
  levyExemption990I: {
    ruleSets: ["cgi"],
    fr: "exonération du prélèvement de l'art. 990 I pour le conjoint, le partenaire et le frère ou la sœur exonéré (le prélèvement appliqué à la place)",
  },
  premiums757B: {
    ruleSets: ["cgi"],
    fr: "droits sur les primes versées après 70 ans (art. 757 B)",
  },
  allowance757BShared: {
    ruleSets: ["cgi"],
    fr: "abattement global de 30 500 € de l'art. 757 B, partagé entre les bénéficiaires (pris en entier par chacun à la place)",
  },
  housing790ABis: {
    ruleSets: ["cgi"],
    fr: "exonération des dons pour le logement (art. 790 A bis)",
  },
} as const satisfies Record<string, { ruleSets: readonly RuleSet[]; fr: string }>;

export type Rule = keyof typeof RULE_INFO;

/** Every rule, in a fixed order. */
export const RULES = Object.keys(RULE_INFO) as Rule[];

/** The rules a rule set has. */
export function rulesOf(ruleSet: RuleSet): Rule[] {
  return RULES.filter((r) => (RULE_INFO[r].ruleSets as readonly RuleSet[]).includes(ruleSet));
}
