import { euros } from "@succ/engine";
import { personalAllowance, RELATIONSHIP_FR, type Law, type Relationship, type TransferKind } from "@succ/rules";
import { allowanceEuros } from "../law.js";
import type { Level } from "../levels.js";
import { engineFamily, generatorFamily, ruleRef } from "./generator-family.js";
import { listOf } from "../draft.js";

/**
 * The allowances (cgi art. 779, 790 B, 790 D, 790 E, 790 F, 779 II and 788 IV): the numbered rule
 * of the allowances (the representatives' share of it is representation.ts's part), the article,
 * and the mistake of stacking 788 IV on the disability allowance.
 */

function allowanceList(law: Law, kind: TransferKind, rels: readonly Relationship[]): string {
  return listOf(rels, (r) => `${RELATIONSHIP_FR[r]} ${euros(allowanceEuros(law, kind, r))}`).join(" ; ");
}

function ruleAllowances(level: Level, kind: TransferKind, law: Law): string {
  const disability = `Un bénéficiaire handicapé (colonne « Handicap » à oui) bénéficie en plus d'un abattement de ${euros(law.allowances.disability)}, qui s'ajoute à son abattement personnel.`;
  if (kind === "estate") {
    if (level === 1) {
      return `Abattement. L'enfant bénéficie d'un abattement de ${euros(law.allowances.personal.estate.child)} sur la valeur qu'il reçoit. Part taxable = valeur reçue − abattement (au moins 0).`;
    }
    return [
      `Abattements et exonération (succession). Abattement personnel sur la valeur reçue par chaque bénéficiaire : ${allowanceList(law, "estate", ["child", "grandchild", "sibling", "nephew", "unrelated"])}. ${disability} Le conjoint survivant et le partenaire de PACS sont exonérés : part taxable 0 €, droits 0 €. Part taxable = valeur reçue − abattement (au moins 0).`,
    ].join("\n");
  }
  if (level === 1) {
    return `Abattement. L'enfant donataire bénéficie d'un abattement de ${euros(law.allowances.personal.gift.child)} sur la valeur qu'il reçoit. Part taxable = valeur reçue − abattement (au moins 0).`;
  }
  return `Abattements (donation). Abattement personnel sur la valeur reçue par chaque donataire : ${allowanceList(law, "gift", ["child", "grandchild", "greatgrandchild"])}. ${disability} Part taxable = valeur reçue − exonération de la règle ${ruleRef("790G")} − abattement restant (règle ${ruleRef("recall")}), au moins 0.`;
}

function art779(law: Law, kind: TransferKind): string {
  const a = law.allowances;
  const child = personalAllowance(law, kind, "child");
  const lines = [
    kind === "estate"
      ? `- **Art. 779 (abattements).** I. Un abattement de ${euros(child)} s'applique sur la part de chacun des enfants vivants ou représentés par suite de prédécès ; entre les représentants d'un enfant prédécédé, cet abattement se divise d'après les règles de la dévolution légale (à parts égales entre les enfants de l'enfant prédécédé).`
      : `- **Art. 779, 790 B, 790 D, 790 E et 790 F (abattements).** Un abattement s'applique sur la part de chaque donataire : ${euros(child)} pour chaque enfant (art. 779 I), ${euros(personalAllowance(law, kind, "grandchild"))} pour chaque petit-enfant (art. 790 B), ${euros(personalAllowance(law, kind, "greatgrandchild"))} pour chaque arrière-petit-enfant (art. 790 D), ${euros(personalAllowance(law, kind, "spouse"))} pour le conjoint (art. 790 E) et pour le partenaire lié par un PACS (art. 790 F), ${euros(personalAllowance(law, kind, "sibling"))} pour chaque frère ou sœur (art. 779 IV), ${euros(personalAllowance(law, kind, "nephew"))} pour chaque neveu ou nièce (art. 779 V). Entre personnes non parentes, aucun abattement.`,
    `  II. Un abattement de ${euros(a.disability)} s'applique sur la part de tout héritier, légataire ou donataire incapable de travailler dans des conditions normales de rentabilité en raison d'une infirmité physique ou mentale, congénitale ou acquise ; il s'ajoute aux autres abattements. Pour un bénéficiaire de moins de ${a.disabilityMinorBelow} ans, l'infirmité est celle qui l'empêche d'acquérir une instruction ou une formation professionnelle d'un niveau normal (annexe II, art. 294).`,
  ];
  if (kind === "estate") {
    lines.push(
      `  IV. Un abattement de ${euros(personalAllowance(law, kind, "sibling"))} s'applique sur la part de chacun des frères ou sœurs, lorsque l'exonération de l'art. 796-0 ter ne s'applique pas. V. Un abattement de ${euros(personalAllowance(law, kind, "nephew"))} s'applique sur la part de chacun des neveux et nièces.`,
      `- **Art. 788 IV (abattement à défaut d'autre abattement).** À défaut d'autre abattement, un abattement de ${euros(a.default)} est opéré sur chaque part successorale.`,
    );
  }
  return lines.join("\n");
}

export const ALLOWANCES = generatorFamily({
  engine: engineFamily("disabilityAllowance"),
  numbered: [{ rule: "allowances", place: 50, appears: () => true, text: ruleAllowances }],
  articles: [{ place: 40, kinds: ["estate", "gift"], text: art779 }],
  mistakes: [
    {
      place: 20,
      key: "defaultAllowanceAlone",
      label: "788 IV stacked on the disability allowance",
      rule: "defaultAllowanceAlone",
      feature: "a disabled beneficiary without an allowance of his own",
      has: (r) => r.kind === "estate" && r.beneficiaries.some((b) => !b.exempt && r.dossier.beneficiaries.find((x) => x.id === b.id)!.disabled && !b.allowance.items.some((i) => i.source === "relationship" || i.source === "representation")),
    },
  ],
});
