import { ageOn, anniversary, compareDates, formatDate, withinYearsBefore, type ComputeResult } from "@succ/engine";
import { LAW_COVERAGE, type Law } from "@succ/rules";
import { listOf } from "./draft.js";

/**
 * The decisions of this project where the sources read do not settle the law (docs/dossier.md,
 * "Decisions"), and the points of law not confirmed in an official source, with how a dossier
 * depends on each. Dependence is detected by construction: a structural condition on the
 * dossier and its computation under which another reading of the point would give another
 * answer. A level-5 prompt states the decisions its task depends on; a level-6 task depends on
 * none of them, nor on an unconfirmed point (the generator redraws it).
 */

export type Decision =
  | "housingNotRecalled"
  | "allowance757BAmongTaxed"
  | "smallEstate757B"
  | "furnitureAfterResidence"
  | "replayDisabilityLast"
  | "noFurniture"
  | "siblingBirthday"
  | "housingOutOfScope"
  | "housingBefore790G";

/** The French statement of each decision, as a level-5 prompt writes it. */
export const DECISION_FR: Readonly<Record<Decision, string>> = {
  housingNotRecalled: "La part exonérée d'un don pour le logement (art. 790 A bis) n'est pas rappelée (comme un don exonéré au titre de l'art. 790 G).",
  allowance757BAmongTaxed: "L'abattement global de l'art. 757 B se répartit entre les seuls bénéficiaires soumis aux droits, au prorata de leur part des primes taxables : les bénéficiaires exonérés n'en prennent aucune part.",
  smallEstate757B: "L'exonération des petites successions (art. 796-0 et 800 I) couvre aussi la part taxable au titre de l'art. 757 B des bénéficiaires qu'elle exonère.",
  furnitureAfterResidence: "Le minimum de l'art. 764 I pour les meubles meublants se calcule sur la valeur des autres biens après l'abattement de l'art. 764 bis sur la résidence principale.",
  replayDisabilityLast: "Lorsqu'un acte antérieur n'indique pas les abattements utilisés, l'abattement des personnes handicapées est réputé utilisé après l'abattement personnel.",
  noFurniture: "Le dossier ne mentionnant aucun meuble meublant, les héritiers sont réputés avoir établi que la succession n'en comprend pas : aucune valeur n'est retenue à ce titre, pas même le minimum de l'art. 764 I.",
  siblingBirthday: "Un frère ou une sœur dont le cinquantième anniversaire tombe le jour du décès n'est pas « âgé de plus de cinquante ans ».",
  housingOutOfScope: "Une somme donnée pour le logement hors de la période de l'art. 790 A bis, ou à un donataire qu'il ne vise pas, est une somme d'argent ordinaire.",
  housingBefore790G: "Une somme donnée pour le logement s'impute d'abord sur l'exonération de l'art. 790 A bis ; celle de l'art. 790 G ne porte que sur les autres sommes d'argent (et sur ce qui dépasserait le plafond de l'art. 790 A bis).",
};

/**
 * The statement of a decision in a prompt stating `law`: {@link DECISION_FR}, except that under a
 * fictional law (`fictional`) the age of art. 796-0 ter is that law's, written in figures.
 */
export function decisionFr(x: Decision, law: Law, fictional: boolean): string {
  if (!fictional || x !== "siblingBirthday") return DECISION_FR[x];
  const age = law.exemptions.sibling.olderThan;
  return `Un frère ou une sœur dont le ${age}e anniversaire tombe le jour du décès n'est pas « âgé de plus de ${age} ans ».`;
}

/** The decisions a computed dossier depends on, in the order of {@link DECISION_FR}. */
export function decisionsOf(r: ComputeResult): Decision[] {
  const d = r.dossier;
  const law = r.law;
  const out = new Set<Decision>();
  const byId = new Map(listOf(r.beneficiaries, (b) => [b.id, b]));
  for (const g of d.priorGifts) {
    const b = d.beneficiaries.find((x) => x.id === g.beneficiary)!;
    const recalled = byId.get(b.id)!.recall.recalled.some((x) => x.gift === g);
    if (g.housing790ABis && withinYearsBefore(g.date, d.date, law.recallYears)) out.add("housingNotRecalled");
    if (!g.cash790G && g.allowanceUsed === null && b.disabled && recalled) out.add("replayDisabilityLast");
  }
  if (r.kind === "estate") {
    const e = r.estate;
    const premiums = r.beneficiaries.filter((b) => b.lifeInsurance !== null && b.lifeInsurance.premiums757B.n > 0n);
    if (premiums.some((b) => b.lifeInsurance!.exempt757B && b.exemption?.reason !== "smallEstate") && premiums.some((b) => !b.lifeInsurance!.exempt757B)) out.add("allowance757BAmongTaxed");
    if (e.smallEstate !== null && premiums.some((b) => b.exemption?.reason === "smallEstate")) out.add("smallEstate757B");
    // The minimum of art. 764 I binds (flat, or an estimate below 5 % of the assets before the reduction) and the residence is reduced.
    const f = e.grossEstate.furniture;
    const minimumBinds = f !== null && (f.valuation === "flat" || (f.valuation === "declared" && f.declared!.lt(e.grossEstate.listed.mul(law.furnitureFlatRate).div(100))));
    if (minimumBinds && e.grossEstate.mainResidence !== null && e.grossEstate.mainResidence.reductionPercent > 0) out.add("furnitureAfterResidence");
    // No furniture in the file (level 5 states this decision then; level 6 always states its
    // furniture). The files of the computed mode (level 7) state none yet and are not checked
    // for it here: left to that level's drawing.
    if (r.dossier.kind === "estate" && r.dossier.furniture === null && r.dossier.civil === undefined) out.add("noFurniture");
    for (const b of d.beneficiaries) {
      // The 50th birthday, as the engine's one age rule reaches it (29 February: 1 March of a common year).
      if (b.relationship === "sibling" && compareDates(anniversary(b.birthDate, law.exemptions.sibling.olderThan), d.date) === 0) out.add("siblingBirthday");
    }
  } else {
    for (const g of r.dossier.gifts) {
      if (!g.housing790ABis) continue;
      const inScope = (b: string): boolean => {
        const h = law.housingGift790ABis;
        if (h.ceiling === null) return false;
        const rel = d.beneficiaries.find((x) => x.id === b)!.relationship;
        return (d.person.hasDescendants ? h.donees! : [...h.donees!, ...h.doneesWithoutDescendants!]).includes(rel);
      };
      for (const t of g.to) {
        if (!inScope(t.beneficiary)) out.add("housingOutOfScope");
        const res = byId.get(t.beneficiary)!;
        // Ordinary cash eligible for 790 G beside the housing cash: the order of the two exemptions matters.
        if (res.exemption790G !== null && res.exemption790G.eligible && res.housing790ABis !== null && res.housing790ABis.amount.n > 0n) out.add("housingBefore790G");
      }
    }
  }
  // Pushed into a literal: one hidden class, empty or not (see listOf in draft.ts).
  const list: Decision[] = [];
  for (const k of DECISIONS) if (out.has(k)) list.push(k);
  return list;
}

/** The decisions in the order of {@link DECISION_FR}. */
const DECISIONS = Object.keys(DECISION_FR) as Decision[];

/**
 * Points of law this project has not confirmed in an official source, that a level-6 task must
 * not depend on (the README keeps the list): the furniture's 5 % taken as a flat value, the
 * exemption of the spouse, the partner or a sibling from the 990 I levy, the sharing of the
 * 757 B allowance among several beneficiaries, the exact 15-year boundary of the recall, a
 * gift before 2012-08-17 that is not the first to its donee (its deed's figure would depend on
 * the recall of its time), several 790 G gifts to one donee (how the 15 years are counted),
 * housing gifts (the 2026 text of art. 790 A bis), a brother or sister aged exactly 50, and one
 * exempt under art. 796-0 ter through an infirmity alone (worded otherwise than art. 779 II).
 */
export function unconfirmedOf(r: ComputeResult): string[] {
  const d = r.dossier;
  const out: string[] = [];
  const law: Law = r.law;
  const boundary = { y: d.date.y - law.recallYears, m: d.date.m, d: d.date.d };
  const ageAt = (birth: typeof d.date): number => ageOn(birth, d.date);
  if (d.priorGifts.some((g) => compareDates(g.date, boundary) === 0)) out.push("recall boundary");
  for (const b of d.beneficiaries) {
    const mine = d.priorGifts.filter((g) => g.beneficiary === b.id).sort((x, y) => compareDates(x.date, y.date));
    if (mine.some((g, i) => i > 0 && formatDate(g.date) < LAW_COVERAGE.replayFrom.day)) out.push("early gift not first");
    if (mine.filter((g) => g.cash790G).length > 1) out.push("790 G window");
    if (mine.length > 0 && b.disabled) out.push("prior gift to a disabled beneficiary");
    if (b.relationship === "sibling" && ageAt(b.birthDate) === law.exemptions.sibling.olderThan) out.push("sibling aged 50");
    // Exempt through an infirmity alone: art. 796-0 ter words it otherwise than art. 779 II.
    if (b.relationship === "sibling" && b.disabled && ageAt(b.birthDate) < law.exemptions.sibling.olderThan && r.beneficiaries.some((x) => x.id === b.id && x.exemption?.reason === "sibling")) out.push("sibling exempt through an infirmity");
  }
  if (d.priorGifts.some((g) => g.housing790ABis)) out.push("housing gift");
  if (r.kind === "estate") {
    if (d.kind === "estate" && d.furniture?.valuation === "flat") out.push("flat furniture");
    const life = r.beneficiaries.filter((b) => b.lifeInsurance !== null);
    if (life.some((b) => b.lifeInsurance!.exempt990I && b.lifeInsurance!.capital990I.n > 0n)) out.push("990 I exemption");
    if (life.filter((b) => b.lifeInsurance!.premiums757B.n > 0n).length > 1) out.push("757 B sharing");
  } else if (d.kind === "gift" && d.gifts.some((g) => g.housing790ABis)) out.push("housing gift");
  return out;
}
