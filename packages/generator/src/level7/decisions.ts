import { eurosFromCents } from "@succ/engine";
import type { Law } from "@succ/rules";
import { formsSouche, type Level7Draft, type Member } from "./model.js";

/**
 * The decisions of the project on the civil devolution (the contract's §10.6) that a level-7
 * task may depend on, and when it does: detected by construction on the draft. The prompt states
 * exactly these, under "the law in force on the date". Decisions no level-7 file can meet (the
 * combination of disposable shares, a legatee who also represents, a legal-person legatee…) are
 * excluded by the drawing itself.
 */
export type CivilDecision = "oneNetEstate" | "legaciesBorneByHeirs" | "bloodOfSiblings" | "singleSouche" | "usufruct669" | "familyPropertyPassive";

/** The statements already written, by law (a law is one object for a stretch of days, and few stretches differ). */
const statements = new WeakMap<Law, Map<CivilDecision, string>>();

/** The French statement of each decision, with the amounts of the law of the death. */
export function civilDecisionFr(x: CivilDecision, law: Law): string {
  let byDecision = statements.get(law);
  if (byDecision === undefined) statements.set(law, (byDecision = new Map()));
  let text = byDecision.get(x);
  if (text === undefined) byDecision.set(x, (text = statementOf(x, law)));
  return text;
}

function statementOf(x: CivilDecision, law: Law): string {
  const eur = (n: number): string => eurosFromCents(BigInt(n) * 100n);
  switch (x) {
    case "oneNetEstate":
      return `Les masses civiles (masse de calcul, réserve, quotité disponible, droits du conjoint) se calculent sur l'actif net retenu pour l'impôt, les frais funéraires comptés pour la déduction forfaitaire de ${eur(law.funeralDeduction)} quelle que soit la facture.`;
    case "legaciesBorneByHeirs":
      return "Les droits légaux du conjoint s'exercent sur les biens dont le défunt n'a pas disposé ; les héritiers supportent les legs en proportion de leurs parts légales.";
    case "bloodOfSiblings":
      return "Les frères et sœurs, germains, consanguins ou utérins, succèdent par tête sans distinction de lignes (art. 737-738 dans leur rédaction de 2001).";
    case "singleSouche": {
      const nephewRate = law.scales.nephew[0]!.ratePercent;
      return `Pour l'impôt, les représentants d'une souche unique suivent la doctrine de l'administration : les enfants d'un enfant unique prédécédé se partagent l'abattement de l'enfant, ceux d'un enfant unique renonçant ont chacun l'abattement de ${eur(law.allowances.default)} ; les neveux et nièces d'une souche unique de frère ou sœur viennent de leur chef (abattement de ${eur(law.allowances.personal.estate.nephew)}, taux de ${nephewRate} %).`;
    }
    case "usufruct669":
      return "Tout usufruit se valorise pour l'impôt selon le barème de l'article 669 du CGI, à l'âge de l'usufruitier au jour du décès.";
    case "familyPropertyPassive":
      return "Les biens de famille dévolus aux frères et sœurs (art. 757-3 du Code civil) supportent le passif et les frais funéraires en proportion de leur valeur brute dans l'actif.";
  }
}

const ORDER: readonly CivilDecision[] = ["oneNetEstate", "legaciesBorneByHeirs", "bloodOfSiblings", "singleSouche", "usufruct669", "familyPropertyPassive"];

/** The souches of a list (children or siblings): members alive or with a living, accepting descendant. */
function souches(list: readonly Member[]): Member[] {
  return list.filter(formsSouche);
}

/** Whether the siblings inherit by law (no descendant, no spouse; or art. 757-3 only). */
function siblingsInherit(d: Level7Draft): boolean {
  return d.children.length === 0 && d.spouse === null && d.siblings.some(formsSouche);
}

/** Whether art. 757-3 gives the siblings family property: spouse, no descendant, no parent, an asset received from a parent. */
function familyProperty(d: Level7Draft): boolean {
  return d.spouse !== null && souches(d.children).length === 0 && d.father.status !== "alive" && d.mother.status !== "alive" && d.assets.some((a) => a.receivedFrom !== undefined);
}

export function civilDecisionsOf(d: Level7Draft, law: Law): CivilDecision[] {
  const out = new Set<CivilDecision>();
  const legacies = d.will !== null;
  const fixed = legacies || d.gifts.length > 0 || familyProperty(d) || d.marriage?.option === "legal_quarter" || d.marriage?.option === "ddv_disposable";
  if (d.funeralCents !== law.funeralDeduction * 100 && fixed) out.add("oneNetEstate");
  if (d.spouse !== null && legacies) out.add("legaciesBorneByHeirs");
  if (legacies && d.spouse === null) out.add("legaciesBorneByHeirs");
  if (siblingsInherit(d) && d.siblings.some((m) => m.blood !== "germain")) out.add("bloodOfSiblings");
  const heirsOrder = souches(d.children).length > 0 ? d.children : siblingsInherit(d) ? d.siblings : [];
  const s = souches(heirsOrder);
  if (s.length === 1 && s[0]!.status !== "alive") out.add("singleSouche");
  const option = d.marriage?.option ?? null;
  if (option === "legal_usufruct" || option === "ddv_usufruct" || option === "ddv_quarter_usufruct") out.add("usufruct669");
  if (familyProperty(d) && d.siblings.length > 0) out.add("familyPropertyPassive");
  return ORDER.filter((x) => out.has(x));
}
