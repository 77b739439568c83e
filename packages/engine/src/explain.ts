import type Fraction from "fraction.js";
import { LAW_SERIES, RELATIONSHIP_FR } from "@succ/rules";
import { formatDateFr, parseDate } from "./dates.js";
import type { Sex } from "./dossier.js";
import { deName, euros, exactEuros } from "./french.js";
import { euro, lt, sub, ZERO } from "./exact.js";
import type { BeneficiaryResult, ComputeResult, Exemption790G, RecallDetail } from "./compute.js";
import { RULE_INFO } from "./rules.js";

/**
 * The worked computation in French, laid out as a notary's calculation sheet: every step with
 * the article it applies, amounts to the cent (the exact fraction beside those that are not a
 * whole number of cents, where the law rounds), and the words agreed with each person's sex when
 * the dossier gives it.
 */

/** The masculine or feminine form; both ("décédé(e)") when the sex is not known. */
function agree(sex: Sex | null, m: string, f: string, both: string): string {
  return sex === "F" ? f : sex === "M" ? m : both;
}

function pct(n: number): string {
  return `${String(n).replace(".", ",")} %`;
}

function line(label: string, value: string, indent = 2): string {
  const left = `${" ".repeat(indent)}${label} `;
  const dots = Math.max(2, 64 - left.length - value.length);
  return `${left}${".".repeat(dots)} ${value}`;
}

const A = LAW_SERIES;

function whyNot790G(e: Exemption790G, donorBelow: number, doneeMin: number): string {
  switch (e.reason) {
    case "ignored":
      return "non appliquée (règle écartée)";
    case "relationship":
      return "non applicable : le donataire n'est pas un descendant du donateur (ni, à défaut de descendant, un neveu ou une nièce)";
    case "donorAge":
      return `non applicable : le donateur a ${donorBelow} ans ou plus au jour du don`;
    case "doneeAge":
      return `non applicable : le donataire a moins de ${doneeMin} ans au jour du don`;
    case "ceilingUsed":
      return "plafond déjà épuisé par des dons antérieurs";
    default:
      return "";
  }
}

function recallLines(rc: RecallDetail, years: number): string[] {
  const out: string[] = [];
  if (rc.recalled.length === 0 && rc.notRecalled.length === 0) return out;
  out.push(`  Rappel fiscal des donations antérieures (art. ${A.recallYears.reference.article}, ${years} ans) :`);
  for (const r of rc.recalled) {
    const g = r.gift;
    if (rc.method === "cgi") {
      const used = r.allowanceUsed!;
      const v = r.disabilityAllowanceUsed!;
      const how = r.stated ? "selon l'acte" : "reconstitué selon la loi de sa date";
      const parts = [`abattement utilisé ${euros(used)}`, ...(v.gt(0) ? [`abattement handicap utilisé ${euros(v)}`] : []), `base taxée ${euros(r.taxedBase!)}`];
      const part = r.value.equals(g.value) ? "" : ` (rappelé pour ${euros(r.value)}, la part exonérée de l'art. 790 A bis ne l'étant pas)`;
      out.push(line(`don du ${formatDateFr(g.date)} de ${euros(g.value)}${part}, rappelé : ${parts.join(", ")} (${how})`, euros(r.value), 4));
    } else out.push(line(`don du ${formatDateFr(g.date)} rappelé`, euros(r.value), 4));
  }
  for (const { gift, why } of rc.notRecalled) {
    const w = why === "older" ? `non rappelé (${years} ans ou plus avant le fait générateur)` : why === "cash790G" ? "non rappelé (don familial exonéré, art. 790 G)" : "non rappelé (règle écartée)";
    out.push(line(`don du ${formatDateFr(gift.date)} ${w}`, euros(gift.value), 4));
  }
  out.push(line("S = dons rappelés", euros(rc.S), 4));
  if (rc.method === "seed") {
    out.push(line("U = min(abattement, S), abattement déjà utilisé", exactEuros(rc.U), 4));
    out.push(line("Abattement restant (A − U)", exactEuros(rc.remainingAllowance), 4));
    out.push(line("T = S − U, déjà taxé (tranches inférieures utilisées)", exactEuros(rc.T), 4));
  } else {
    const r = rc.remaining!;
    out.push(line("Abattement personnel restant (en vigueur − utilisé, au moins 0)", exactEuros(r.personal), 4));
    if (r.disability.gt(0) || rc.recalled.some((x) => x.disabilityAllowanceUsed!.gt(0))) out.push(line("Abattement handicap restant", euros(r.disability), 4));
    if (r.default.gt(0)) out.push(line(`Abattement de l'art. ${A.allowances.default.reference.article}, non réduit par le rappel`, euros(r.default), 4));
    out.push(line("T = somme des bases taxées (tranches inférieures utilisées)", exactEuros(rc.T), 4));
  }
  return out;
}

function beneficiarySheet(res: ComputeResult, r: BeneficiaryResult, sex: Sex | null): string[] {
  const law = res.law;
  const out: string[] = [];
  out.push(`${r.id} — ${r.name} (${RELATIONSHIP_FR[r.relationship]})`);
  out.push("  Valeur reçue :");
  if (r.parts.length === 0) out.push(line("rien", euros(0), 4));
  for (const p of r.parts) {
    let label: string;
    if (p.kind === "bequest") label = "Legs particulier";
    else if (p.kind === "residue") label = `Quote-part ${p.fraction.toFraction()} du reliquat de ${euros(p.base)}`;
    else if (p.kind === "residueUsufruct") label = `Usufruit du reliquat de ${euros(p.base)}`;
    else if (p.kind === "lifeInsurance757B") label = "Primes d'assurance-vie versées après 70 ans, au-delà de l'abattement (art. 757 B)";
    else label = `${p.label} : ${euros(p.base)} × ${p.fraction.toFraction()}`;
    if (p.kind === "residueUsufruct") label += ` × ${pct(p.barePercent)} (usufruit, ${agree(sex, "usufruitier", "usufruitière", "usufruitier")} de ${p.usufructuaryAge} ans, art. 669)`;
    else if (p.barePercent !== 100) {
      const who = res.kind === "gift" ? agree(res.dossier.person.sex, "donateur usufruitier", "donatrice usufruitière", "donateur usufruitier") : "conjoint usufruitier";
      label += ` × ${pct(p.barePercent)} (nue-propriété, ${who} de ${p.usufructuaryAge} ans, art. 669)`;
    }
    out.push(line(label, euros(p.amount), 4));
  }
  out.push(line("Total reçu", exactEuros(r.received)));
  if (r.lifeInsurance) out.push(...lifeInsuranceLines(r, sex, res.law.lifeInsurance.premiumsFrom990I));
  if (r.exemption) {
    const why =
      r.exemption.reason === "spouse"
        ? `${agree(sex, "conjoint survivant ou partenaire de PACS", "conjointe survivante ou partenaire de PACS", "conjoint survivant ou partenaire de PACS")}`
        : r.exemption.reason === "sibling"
          ? `${agree(sex, "frère", "sœur", "frère ou sœur")} ${agree(sex, "célibataire, veuf, divorcé ou séparé de corps", "célibataire, veuve, divorcée ou séparée de corps", "célibataire, veuf, divorcé ou séparé de corps")}, de plus de ${law.exemptions.sibling.olderThan} ans ou ${agree(sex, "invalide", "invalide", "invalide")}, ayant vécu avec le défunt les ${law.exemptions.sibling.cohabitationYears} années précédant le décès`
          : `petite succession, actif brut de ${res.kind === "estate" ? exactEuros(res.estate.assets) : ""}`;
    out.push(`  ${agree(sex, "Exonéré", "Exonérée", "Exonéré")} (art. ${r.exemption.article}, ${why}) : part taxable 0 €, droits 0 €.`);
    return out;
  }
  for (const a of r.allowance.items) {
    const what =
      a.source === "representation"
        ? "Abattement (part de l'enfant représenté)"
        : a.source === "disability"
          ? "Abattement handicap"
          : a.source === "default"
            ? "Abattement à défaut d'autre abattement"
            : "Abattement";
    out.push(line(`${what}, art. ${a.article}`, exactEuros(a.amount)));
  }
  if (r.allowance.items.length === 0) out.push(line("Abattement", euros(0)));
  if (r.housing790ABis) {
    const h = r.housing790ABis;
    out.push(line("Dont sommes d'argent pour le logement (art. 790 A bis)", euros(h.cashReceived)));
    if (h.eligible || h.reason === "ceilingUsed") {
      out.push(line(`Plafond 790 A bis restant (${euros(h.ceiling!)} − ${euros(h.priorUsed)})`, euros(lt(h.priorUsed, euro(h.ceiling!)) ? sub(euro(h.ceiling!), h.priorUsed) : ZERO)));
      out.push(line(`Exonération art. ${A.housingGift790ABis.ceiling.reference.article}`, euros(h.amount)));
    } else {
      const why = h.reason === "ignored" ? "non appliquée (règle écartée)" : h.reason === "notInForce" ? "non applicable : le don n'est pas fait dans la période où l'article s'applique ; somme d'argent ordinaire" : "non applicable : le donataire n'est pas un descendant (ni, à défaut de descendant, un neveu ou une nièce) ; somme d'argent ordinaire";
      out.push(`  Exonération art. 790 A bis ${why}.`);
    }
  }
  if (r.exemption790G) {
    const e = r.exemption790G;
    out.push(line("Dont sommes d'argent reçues", euros(e.cashReceived)));
    if (e.eligible || e.reason === "ceilingUsed") {
      out.push(line(`Plafond 790 G restant (${euros(e.ceiling)} − ${euros(e.priorUsed)})`, euros(e.ceilingRemaining)));
      out.push(line(`Exonération art. ${A.cashGift790G.ceiling.reference.article}`, euros(e.amount)));
    } else out.push(`  Exonération art. 790 G ${whyNot790G(e, law.cashGift790G.donorAgeBelow, law.cashGift790G.doneeMinimumAge)}.`);
  }
  out.push(...recallLines(r.recall, law.recallYears));
  const minus = [r.housing790ABis && r.housing790ABis.amount.gt(0) ? "exonération 790 A bis" : null, r.exemption790G && r.exemption790G.amount.gt(0) ? "exonération 790 G" : null, "abattement restant"].filter(Boolean).join(" − ");
  out.push(line(`Part taxable exacte (valeur reçue − ${minus}, au moins 0)`, exactEuros(r.taxableExact)));
  out.push(line("Part taxable arrondie à l'euro", euros(r.taxable)));
  if (r.scale && r.taxable > 0) {
    const s = A.scales[r.scale];
    out.push(`  ${s.label[0]!.toUpperCase()}${s.label.slice(1)} (art. ${s.reference.article})${r.scaleStart.gt(0) ? `, à partir de T = ${exactEuros(r.scaleStart)}` : ""} :`);
    for (const b of r.bands) {
      const band = b.to === null ? `tranche au-delà de ${euros(b.from)}` : `tranche de ${euros(b.from)} à ${euros(b.to)}`;
      const slice = sliceText(b.sliceFrom, b.sliceTo, b.from, b.to);
      out.push(line(`${band} à ${pct(b.ratePercent)}${slice} : ${euros(b.base)} × ${pct(b.ratePercent)}`, euros(b.tax), 4));
    }
    out.push(line("Droits exacts (somme des tranches, sans arrondi par tranche)", exactEuros(r.taxExact)));
  }
  out.push(line("Droits arrondis à l'euro", euros(r.tax)));
  return out;
}

/** The life-insurance part of a beneficiary: art. 990 I (a levy of its own) and art. 757 B (added to what it receives). */
function lifeInsuranceLines(r: BeneficiaryResult, sex: Sex | null, premiumsFrom: string): string[] {
  const li = r.lifeInsurance!;
  const out: string[] = [];
  const split = formatDateFr(parseDate(premiumsFrom)!);
  if (li.capitalBefore1998.gt(0)) {
    out.push(line(`Assurance-vie, primes versées avant le ${split} : exonérées du prélèvement et des droits de succession`, exactEuros(li.capitalBefore1998), 2));
  }
  if (li.capital990I.gt(0)) {
    out.push(`  Assurance-vie, primes versées avant 70 ans et à compter du ${split} (art. ${A.lifeInsurance.allowance990I.reference.article}, prélèvement distinct des droits de succession) :`);
    out.push(line("Capitaux reçus", exactEuros(li.capital990I), 4));
    if (li.exempt990I) out.push(`    ${agree(sex, "Exonéré", "Exonérée", "Exonéré")} du prélèvement (conjoint, partenaire de PACS ou frère ou sœur exonéré) : 0 €.`);
    else {
      out.push(line("Abattement par bénéficiaire", euros(li.allowance990I), 4));
      out.push(line("Assiette du prélèvement", exactEuros(li.taxable990I), 4));
      for (const b of li.bands990I) {
        const band = b.to === null ? `au-delà de ${euros(b.from)}` : `jusqu'à ${euros(b.to)}`;
        out.push(line(`${band} à ${pct(b.ratePercent)} : ${exactEuros(b.base)} × ${pct(b.ratePercent)}`, exactEuros(b.tax), 6));
      }
      out.push(line("Prélèvement arrondi à l'euro", euros(li.levy), 4));
    }
  }
  if (li.premiums757B.gt(0)) {
    out.push(`  Assurance-vie, primes versées après 70 ans (art. ${A.lifeInsurance.allowance757B.reference.article}) :`);
    out.push(line("Primes taxables (part du bénéficiaire)", exactEuros(li.premiums757B), 4));
    if (li.exempt757B) out.push("    Non taxées : bénéficiaire exonéré de droits de succession.");
    else {
      out.push(line("Quote-part de l'abattement global de 30 500 €, au prorata des primes taxables", exactEuros(li.allowance757B), 4));
      out.push(line("Excédent ajouté à la valeur reçue", exactEuros(li.excess757B), 4));
    }
  }
  return out;
}

/** ", de 86 000 € à 220 493 €" when the slice taxed is not the whole band (lower bands already used, or the top of the share). */
function sliceText(from: Fraction, to: Fraction, bandFrom: number, bandTo: number | null): string {
  const whole = from.equals(bandFrom) && bandTo !== null && to.equals(bandTo);
  return whole ? "" : `, de ${euros(from)} à ${euros(to)}`;
}

function funeralLine(res: ComputeResult & { kind: "estate" }): string {
  const e = res.estate;
  const art = `art. ${A.funeralDeduction.reference.article}`;
  const invoice = res.dossier.funeralCosts;
  switch (e.funeralMethod) {
    case "capped": {
      const capped = e.funeralDeducted.lt(invoice);
      return line(`Frais funéraires ${euros(invoice)}${capped ? `, déduits dans la limite de ${euros(res.law.funeralDeduction)} (${art})` : ""}`, `− ${euros(e.funeralDeducted)}`);
    }
    case "flat":
      return line(`Frais funéraires : déduction forfaitaire (${art})${invoice.gt(0) ? `, quelle que soit la facture (${euros(invoice)})` : ""}`, `− ${euros(e.funeralDeducted)}`);
    case "grossAssets":
      return line(`Frais funéraires : déduction limitée à l'actif brut, inférieur à ${euros(res.law.funeralDeduction)} (${art})`, `− ${euros(e.funeralDeducted)}`);
    case "invoice":
      return line(`Frais funéraires ${euros(invoice)} (déduits en entier, règle écartée)`, `− ${euros(e.funeralDeducted)}`);
  }
}

/** The articles the computation applied, in the order of the sheet. */
function appliedArticles(res: ComputeResult): string[] {
  const seen = new Set<string>();
  const add = (a: string) => seen.add(a);
  if (res.kind === "estate") {
    const g = res.estate.grossEstate;
    if (g.mainResidence && g.mainResidence.reductionPercent > 0) add(A.mainResidence.reductionPercent.reference.article);
    if (g.furniture) add(A.furnitureFlatRate.reference.article);
    add(A.funeralDeduction.reference.article);
    if (res.estate.usufruct) add(A.usufruct669.reference.article);
    if (res.estate.smallEstate) {
      add(A.exemptions.smallEstate.directLine.reference.article);
      add(A.exemptions.smallEstate.directLineBelow.reference.article);
    }
  }
  for (const r of res.beneficiaries) {
    if (r.exemption) add(r.exemption.article);
    if (r.parts.some((p) => p.barePercent !== 100 && p.kind !== "residueUsufruct")) add(A.usufruct669.reference.article);
    for (const a of r.allowance.items) add(a.article);
    if (r.housing790ABis?.eligible) add(A.housingGift790ABis.ceiling.reference.article);
    if (r.exemption790G?.eligible) add(A.cashGift790G.ceiling.reference.article);
    if (r.lifeInsurance?.capital990I.gt(0)) add(A.lifeInsurance.allowance990I.reference.article);
    if (r.lifeInsurance?.premiums757B.gt(0)) add(A.lifeInsurance.allowance757B.reference.article);
    if (r.recall.recalled.length > 0) add(A.recallYears.reference.article);
    if (r.scale && r.taxable > 0) add(A.scales[r.scale].reference.article);
  }
  return [...seen];
}

/** The worked computation in French, laid out as a notary's calculation sheet. */
export function explain(res: ComputeResult): string {
  const d = res.dossier;
  const sexOf = new Map<string, Sex | null>(d.beneficiaries.map((b) => [b.id, b.sex]));
  const ps = d.person.sex;
  const out: string[] = [];
  if (res.kind === "estate") {
    out.push(`FEUILLE DE CALCUL — Succession ${deName(d.person.name)}, ${agree(ps, "décédé", "décédée", "décédé(e)")} le ${formatDateFr(d.date)}`);
  } else {
    out.push(`FEUILLE DE CALCUL — Donation ${deName(d.person.name)}, acte du ${formatDateFr(d.date)} (${agree(ps, "donateur âgé", "donatrice âgée", "donateur âgé")} de ${res.donorAge} ans)`);
  }
  out.push(
    res.ruleSet === "cgi"
      ? `Règles : Code général des impôts en vigueur le ${formatDateFr(d.date)} (jour du ${res.kind === "estate" ? "décès" : "don"}, fait générateur).`
      : "Règles : règles simplifiées de l'exercice (barèmes et abattements du jour du fait générateur, appliqués aussi aux donations rappelées).",
  );
  if (res.ignored.length > 0) out.push(`Calcul contrefactuel, règles écartées : ${res.ignored.map((r) => RULE_INFO[r].fr).join(" ; ")}.`);
  out.push("");
  if (res.kind === "estate") {
    const e = res.estate;
    out.push("1. Actif net de succession");
    const g = e.grossEstate;
    for (const a of res.dossier.assets) {
      out.push(line(`${a.label}${a.mainResidence ? " (résidence principale)" : ""}`, euros(a.value), 4));
      if (g.mainResidence && g.mainResidence.asset === a) {
        const m = g.mainResidence;
        if (m.reductionPercent > 0) {
          const who = [...m.qualifyingOccupants, ...(m.spouseChild ? ["un enfant du conjoint ou du partenaire"] : [])].join(", ");
          out.push(line(`abattement de ${pct(m.reductionPercent)} (art. ${A.mainResidence.reductionPercent.reference.article}, occupée par ${who})`, `− ${euros(m.reduction)}`, 6));
        } else out.push(`      pas d'abattement de l'art. ${A.mainResidence.reductionPercent.reference.article} : aucun occupant qui y ouvre droit`);
      }
    }
    if (g.furniture) {
      const f = g.furniture;
      const how =
        f.valuation === "flat"
          ? `forfait de ${pct(f.ratePercent!)} des autres biens (art. ${A.furnitureFlatRate.reference.article})`
          : f.valuation === "declared"
            ? `déclaration estimative de ${euros(f.declared!)}, au moins ${pct(f.ratePercent!)} des autres biens, ${euros(f.minimum!)} (art. ${A.furnitureFlatRate.reference.article})`
            : f.valuation === "inventory"
              ? "selon l'inventaire"
              : "selon la vente publique";
      out.push(line(`Meubles meublants, ${how}`, euros(f.value), 4));
    }
    out.push(line("Actif brut", exactEuros(e.assets)));
    for (const x of res.dossier.debts) out.push(line(x.label, `− ${euros(x.value)}`, 4));
    out.push(line("Passif", `− ${euros(e.debts)}`));
    out.push(funeralLine(res));
    out.push(line("Actif net", euros(e.netEstate)));
    out.push(line("Legs particuliers", `− ${euros(e.bequests)}`));
    out.push(line("Reliquat", euros(e.residue)));
    if (e.usufruct) {
      const s = sexOf.get(e.usufruct.beneficiary) ?? null;
      out.push(
        `  ${agree(s, "Le conjoint", "La conjointe", "Le conjoint")} ${e.usufruct.beneficiary} (${e.usufruct.age} ans) reçoit l'usufruit du reliquat : usufruit ${pct(e.usufruct.usufructPercent)}, nue-propriété ${pct(100 - e.usufruct.usufructPercent)} (art. ${A.usufruct669.reference.article}).`,
      );
    }
    if (e.smallEstate) {
      const s = res.law.exemptions.smallEstate;
      out.push(
        e.smallEstate === "everyone"
          ? `  Actif brut inférieur à ${euros(s.everyoneBelow)} : les héritiers autres que la ligne directe, le conjoint et le partenaire de PACS sont exonérés ; ceux-ci le sont sauf donation antérieure non enregistrée (art. ${A.exemptions.smallEstate.directLine.reference.article} et ${A.exemptions.smallEstate.everyoneBelow.reference.article} 1° et 2°).`
          : `  Actif brut inférieur à ${euros(s.directLineBelow)} : la ligne directe, le conjoint et le partenaire de PACS sont exonérés, sauf donation antérieure non enregistrée (art. ${A.exemptions.smallEstate.directLine.reference.article} et ${A.exemptions.smallEstate.directLineBelow.reference.article}).`,
      );
    }
    out.push("");
    out.push("2. Droits par bénéficiaire");
  } else {
    out.push("1. Biens donnés");
    for (const g of res.dossier.gifts) {
      const flags = [g.cash ? "somme d'argent" : null, g.reservedUsufruct ? "réserve d'usufruit" : null].filter(Boolean).join(", ");
      out.push(line(`${g.label}${flags ? ` (${flags})` : ""}`, euros(g.value)));
    }
    out.push("");
    out.push("2. Droits par donataire");
  }
  for (const r of res.beneficiaries) {
    out.push("");
    out.push(...beneficiarySheet(res, r, sexOf.get(r.id) ?? null));
  }
  out.push("");
  out.push("3. Récapitulatif");
  for (const r of res.beneficiaries) {
    out.push(line(`${r.id} part taxable ${euros(r.taxable)}, droits`, euros(r.tax)));
  }
  out.push(line("Total des droits", euros(res.answer.total_droits)));
  const levies = res.beneficiaries.filter((r) => r.lifeInsurance && r.lifeInsurance.capital990I.gt(0));
  if (levies.length > 0) {
    for (const r of levies) out.push(line(`${r.id} prélèvement de l'art. 990 I (hors droits de succession)`, euros(r.lifeInsurance!.levy)));
  }
  out.push("");
  out.push(`Articles du Code général des impôts appliqués : ${appliedArticles(res).map((a) => `art. ${a}`).join(", ")}.`);
  return `${out.join("\n")}\n`;
}

