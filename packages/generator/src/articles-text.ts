import { LAW_SERIES, personalAllowance, RELATIONSHIP_FR, type Band, type Law, type Relationship, type TransferKind } from "@succ/rules";
import { euros } from "@succ/engine";
import { dateFr, listFr } from "./french.js";

/**
 * The law of a level-5 prompt: the articles of the Code général des impôts that the file may
 * need, reformulated in French with their amounts, and no worked example. Every amount, rate,
 * age and period is read from the `Law` passed in (the law in force on the date of the act, or a
 * law of one's own): nothing of the law is read from module-level tables. The text depends only
 * on the law and the kind of transfer, never on what matters in a given dossier.
 */

/** A rate in French: `20 %`, `31,25 %`. */
export function rateFr(percent: number): string {
  return `${String(percent).replace(".", ",")} %`;
}

/** The bands of a scale in words: "5 % jusqu'à 8 072 € ; 10 % de 8 072 € à 12 109 € ; … ; 45 % au-delà de 1 805 677 €". */
export function bandsFr(bands: readonly Band[], unit = ""): string {
  const parts: string[] = [];
  let lower = 0;
  for (const b of bands) {
    if (b.upTo === null) parts.push(lower === 0 ? `${rateFr(b.ratePercent)} sur toute la part taxable${unit}` : `${rateFr(b.ratePercent)} au-delà de ${euros(lower)}`);
    else parts.push(lower === 0 ? `${rateFr(b.ratePercent)} jusqu'à ${euros(b.upTo)}${unit}` : `${rateFr(b.ratePercent)} de ${euros(lower)} à ${euros(b.upTo)}`);
    if (b.upTo !== null) lower = b.upTo;
  }
  return parts.join(" ; ");
}

function art777(law: Law, kind: TransferKind): string {
  const s = law.scales;
  const lines = [
    `- **Art. 777 (barèmes).** Chaque tranche du barème est taxée à son taux sur la partie de la part taxable qui s'y trouve ; les montants des tranches s'additionnent.`,
    `  - Tableau I, ligne directe (enfants, petits-enfants, arrière-petits-enfants) : ${bandsFr(s.directLine)}.`,
  ];
  if (kind === "gift") lines.push(`  - Tableau II, entre époux et entre partenaires liés par un PACS : ${bandsFr(s.spouse)}.`);
  lines.push(
    `  - Tableau III : entre frères et sœurs, ${bandsFr(s.sibling)} ; entre parents jusqu'au 4e degré inclusivement (neveux et nièces), ${bandsFr(s.nephew)} ; entre parents au-delà du 4e degré et entre personnes non parentes, ${bandsFr(s.unrelated)}.`,
  );
  return lines.join("\n");
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

function art784(law: Law, kind: TransferKind): string {
  const who = kind === "estate" ? "le défunt" : "le donateur";
  const to = kind === "estate" ? "au même héritier ou légataire" : "au même donataire";
  const what = kind === "estate" ? "la succession" : "la donation";
  return `- **Art. 784 (rappel fiscal des donations antérieures).** Les donations antérieures consenties par ${who} ${to} depuis moins de ${law.recallYears} ans (une donation passée exactement ${law.recallYears} ans avant, au même jour et au même mois, ne l'est plus) sont rappelées : les abattements des art. 779, 790 B, 790 D, 790 E et 790 F ne s'appliquent à ${what} que sous déduction des abattements effectivement utilisés par ces donations, tels que leurs actes les indiquent (l'abattement de l'art. 788 IV n'est jamais réduit) ; et, pour le barème, les biens transmis sont considérés comme compris dans les tranches les plus élevées, au-dessus de la part déjà taxée des donations rappelées (leur valeur diminuée des abattements qu'elles ont utilisés). Les dons familiaux de sommes d'argent exonérés au titre de l'art. 790 G ne sont pas rappelés (art. 790 G III).`;
}

function art790G(law: Law): string {
  const g = law.cashGift790G;
  const rel = (list: readonly Relationship[]): string => listFr(list.map((r) => RELATIONSHIP_FR[r]));
  return `- **Art. 790 G (dons familiaux de sommes d'argent).** Les dons de sommes d'argent consentis en pleine propriété à un ${rel(g.donees).replaceAll(" et ", " ou ")} ou, à défaut d'une telle descendance, à un ${rel(g.doneesWithoutDescendants)}, sont exonérés dans la limite de ${euros(g.ceiling)} tous les ${g.renewalYears} ans par donateur et par donataire (plafond diminué des dons ainsi exonérés du même donateur au même donataire dans les ${g.renewalYears} années précédant le don), à la double condition que le donateur ait moins de ${g.donorAgeBelow} ans au jour du don et que le donataire ait au moins ${g.doneeMinimumAge} ans (ou soit émancipé). Cette exonération se cumule avec les abattements ; les autres biens n'en bénéficient jamais.`;
}

function art790ABis(law: Law): string {
  const h = law.housingGift790ABis;
  const window = LAW_SERIES.housingGift790ABis.ceiling.periods[0]!;
  const day = (d: string): string => {
    const [y, m, dd] = d.split("-").map(Number) as [number, number, number];
    return dateFr({ y, m, d: dd });
  };
  if (h.ceiling === null) return `- **Art. 790 A bis (dons pour le logement).** Ce régime ne s'applique pas aux dons consentis à la date de l'acte.`;
  const rel = (list: readonly Relationship[]): string => listFr(list.map((r) => RELATIONSHIP_FR[r])).replaceAll(" et ", " ou ");
  return `- **Art. 790 A bis (dons pour le logement).** Les dons de sommes d'argent consentis en pleine propriété du ${day(window.from)} au ${day(window.to!)} à un ${rel(h.donees!)} ou, à défaut d'une telle descendance, à un ${rel(h.doneesWithoutDescendants!)}, sont exonérés dans la limite de ${euros(h.ceiling)} par donateur et par donataire (et de ${euros(h.ceilingPerDonee!)} par donataire, tous donateurs confondus), lorsque le donataire les affecte, au plus tard le dernier jour du sixième mois suivant le versement, à l'acquisition d'un logement neuf ou en l'état futur d'achèvement, ou à des travaux de rénovation énergétique de sa résidence principale. Aucune condition d'âge ne s'applique. Cette exonération se cumule avec les abattements et avec l'art. 790 G.`;
}

function art669(law: Law): string {
  const rows: string[] = [];
  let lower = 0;
  for (const r of law.usufruct669) {
    const who = r.maxAge === null ? `${lower} ans révolus et plus` : lower === 0 ? `moins de ${r.maxAge + 1} ans révolus` : `de ${lower} à ${r.maxAge} ans révolus`;
    rows.push(`${who} : usufruit ${rateFr(r.usufructPercent)}, nue-propriété ${rateFr(100 - r.usufructPercent)}`);
    if (r.maxAge !== null) lower = r.maxAge + 1;
  }
  return `- **Art. 669 (usufruit et nue-propriété).** La valeur de la nue-propriété et de l'usufruit est une fraction de la valeur de la pleine propriété, selon l'âge de l'usufruitier au jour de la transmission : ${rows.join(" ; ")}.`;
}

function estateArticles(law: Law): string[] {
  const li = law.lifeInsurance;
  const ex = law.exemptions;
  const m = law.mainResidence;
  const small = ex.smallEstate;
  const levyExempt = listFr(li.exempt990I.map((r) => (r === "spouse" ? "le conjoint survivant" : r === "pacs" ? "le partenaire lié au défunt par un PACS" : RELATIONSHIP_FR[r])));
  return [
    `- **Art. 775 (frais funéraires).** Les frais funéraires sont déduits de l'actif de la succession pour un montant forfaitaire de ${euros(law.funeralDeduction)}, sans justification, et pour la totalité de l'actif si celui-ci est inférieur à ce montant.`,
    `- **Art. 764 I (meubles meublants).** La valeur des meubles meublants est celle du prix de leur vente publique dans les deux années du décès ; à défaut, celle de l'estimation de l'inventaire dressé dans les cinq années du décès ; à défaut, celle de la déclaration estimative des parties ; toutefois, sans que l'administration ait à en justifier l'existence, leur valeur imposable ne peut être inférieure à ${rateFr(law.furnitureFlatRate)} de l'ensemble des autres biens de la succession, la preuve contraire étant réservée.`,
    `- **Art. 764 bis (résidence principale).** La valeur vénale de l'immeuble qui constitue au jour du décès la résidence principale du défunt est réduite de ${rateFr(m.reductionPercent)} lorsque, à la même date, cet immeuble est également occupé à titre de résidence principale par le conjoint survivant, par le partenaire lié au défunt par un PACS, ou par un ou plusieurs enfants mineurs (moins de ${m.minorBelow} ans) ou majeurs protégés du défunt, de son conjoint ou de son partenaire, ou par un de leurs enfants majeurs incapables de travailler dans des conditions normales de rentabilité en raison d'une infirmité (au sens de l'art. 779 II).`,
    art779(law, "estate"),
    `- **Art. 796-0 bis.** Le conjoint survivant et le partenaire lié au défunt par un PACS sont exonérés de droits de mutation par décès.`,
    `- **Art. 796-0 ter.** Est exonérée de droits de mutation par décès la part de chaque frère ou sœur, célibataire, veuf, divorcé ou séparé de corps, à la double condition qu'il soit, au décès, âgé de plus de ${ex.sibling.olderThan} ans ou atteint d'une infirmité le mettant dans l'impossibilité de subvenir par son travail aux nécessités de l'existence, et qu'il ait été constamment domicilié avec le défunt pendant les ${ex.sibling.cohabitationYears} années ayant précédé le décès.`,
    `- **Art. 796-0 et 800 I (petites successions).** Sont dispensés de déclaration, et dès lors exonérés de droits de mutation par décès : les héritiers en ligne directe, le conjoint survivant et le partenaire de PACS lorsque l'actif brut successoral est inférieur à ${euros(small.directLineBelow)}, pourvu qu'ils n'aient pas reçu du défunt une donation ou un don manuel non enregistré ou non déclaré ; lorsqu'il est inférieur à ${euros(small.everyoneBelow)}, les personnes autres que celles-ci (un héritier en ligne directe, le conjoint ou le partenaire qui a reçu un don non enregistré n'en fait donc pas partie). L'actif brut successoral est la valeur des biens de la succession retenue pour l'impôt (résidence principale après l'abattement de l'art. 764 bis, meubles meublants compris), avant déduction des dettes et des frais funéraires ; les capitaux d'assurance-vie n'en font pas partie.`,
    art784(law, "estate"),
    `- **Art. 757 B (primes versées après ${li.insuredAgeLimit} ans).** Les sommes dues par un assureur à raison du décès de l'assuré, au titre des primes versées après son ${li.insuredAgeLimit}e anniversaire, sont soumises aux droits de mutation par décès suivant le lien de parenté entre le bénéficiaire et l'assuré, à concurrence de la fraction des primes qui excède ${euros(li.allowance757B)} ; cette limite s'apprécie sur l'ensemble des contrats et des bénéficiaires, et se répartit entre les bénéficiaires au prorata de la part leur revenant dans les primes taxables. Lorsque les sommes dues sont inférieures aux primes, l'assiette est limitée à ces sommes. La part taxable de chaque bénéficiaire s'ajoute à ce qu'il reçoit de la succession et supporte avec lui les abattements, le rappel et le barème. Les bénéficiaires exonérés de droits de mutation par décès (art. 796-0 bis et 796-0 ter) ne les supportent pas. Les contrats souscrits avant le ${dateFr(dayOf(li.contractsFrom))} relèvent d'autres régimes.`,
    `- **Art. 990 I (prélèvement sur les capitaux décès).** Les sommes dues par un assureur à raison du décès de l'assuré, au titre des primes versées avant son ${li.insuredAgeLimit}e anniversaire et à compter du ${dateFr(dayOf(li.premiumsFrom990I))}, sont soumises, pour chaque bénéficiaire et tous contrats confondus, à un prélèvement sur leur montant diminué d'un abattement de ${euros(li.allowance990I)} : ${bandsFr(li.scale990I, " de part taxable")}. En sont exonérés ${levyExempt}, ainsi que le frère ou la sœur exonéré au titre de l'art. 796-0 ter. Ces sommes n'entrent pas dans la succession et ne supportent pas les droits de succession ; le prélèvement est arrondi une seule fois à l'euro le plus proche. Les sommes dues au titre des primes versées avant le ${dateFr(dayOf(li.premiumsFrom990I))} ne supportent ni le prélèvement ni les droits de succession.`,
    art777(law, "estate"),
  ];
}

function giftArticles(law: Law): string[] {
  return [art779(law, "gift"), art790G(law), art790ABis(law), art784(law, "gift"), art669(law), art777(law, "gift")];
}

function dayOf(text: string): { y: number; m: number; d: number } {
  const [y, m, d] = text.split("-").map(Number) as [number, number, number];
  return { y, m, d };
}

const cache = new WeakMap<Law, Map<string, string>>();

/**
 * The "Droit applicable" section of a level-5 prompt for this law and kind (the same for every
 * task of that law and kind). `fictional`: `law` is a task's fictional law (`--fictional-law`),
 * which the heading says, and which applies on every date, the figures of earlier deeds aside.
 */
export function articlesSection(law: Law, kind: TransferKind, fictional = false): string {
  let byKind = cache.get(law);
  if (!byKind) cache.set(law, (byKind = new Map()));
  const key = `${kind}-${fictional}`;
  const hit = byKind.get(key);
  if (hit !== undefined) return hit;
  const event = kind === "estate" ? "du décès" : "de la donation";
  const head = fictional
    ? [
        "## Droit applicable (Code général des impôts, articles reformulés, montants d'une législation fictive propre à cet exercice)",
        "",
        `Appliquez ces articles ; leurs montants, taux, âges et durées, fictifs, prévalent sur toute autre connaissance, notamment sur ceux du droit réellement en vigueur. Cette législation fictive s'applique à toutes les dates, y compris à celles des donations antérieures, à une exception près : les abattements qu'un acte antérieur indique avoir appliqués sont ceux de cet acte. Les âges s'entendent en années révolues au jour ${event}.`,
      ]
    : [
        `## Droit applicable (Code général des impôts, articles reformulés, montants en vigueur au jour ${event})`,
        "",
        `Appliquez ces articles ; ils prévalent sur toute autre connaissance. Les âges s'entendent en années révolues au jour ${event}.`,
      ];
  const text = [
    ...head,
    "",
    ...(kind === "estate" ? estateArticles(law) : giftArticles(law)),
  ].join("\n");
  byKind.set(key, text);
  return text;
}
