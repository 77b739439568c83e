import type Fraction from "fraction.js";
import { LAW_SERIES, relationshipFr } from "@succ/rules";
import { formatDateFr } from "./dates.js";
import type { Sex } from "./dossier.js";
import { deName, euros, exactEuros } from "./french.js";
import type { BeneficiaryResult, ComputeResult } from "./compute.js";
import { agree, line, pct, type CashExemptionHook, type RuleFamily } from "./family.js";
import { funeralLine } from "./families/funeral-775.js";
import { furnitureLine } from "./families/furniture-764.js";
import { levyLines } from "./families/levy-990-i.js";
import { mainResidenceLine } from "./families/main-residence-764-bis.js";
import { premiumLines } from "./families/premiums-757-b.js";
import { recallLines } from "./families/recall-784.js";
import { smallEstateLine } from "./families/small-estate-796-0.js";
import { devolutionLines } from "./civil/sheet.js";

/**
 * The worked computation in French, laid out as a notary's calculation sheet: every step with
 * the article it applies, amounts to the cent (the exact fraction beside those that are not a
 * whole number of cents, where the law rounds), and the words agreed with each person's sex when
 * the dossier gives it.
 */

const A = LAW_SERIES;

function beneficiarySheet(res: ComputeResult, r: BeneficiaryResult, sex: Sex | null): string[] {
  const law = res.law;
  const out: string[] = [];
  out.push(`${r.id} — ${r.name} (${relationshipFr(r.relationship, sex)})`);
  out.push("  Valeur reçue :");
  if (r.parts.length === 0) out.push(line("rien", euros(0), 4));
  for (const p of r.parts) {
    let label: string;
    if (p.kind === "bequest") label = "Legs particulier";
    else if (p.kind === "residue") label = `Quote-part ${p.fraction.toFraction()} du reliquat de ${euros(p.base)}`;
    else if (p.kind === "residueUsufruct") label = `Usufruit du reliquat de ${euros(p.base)}`;
    else if (p.kind === "lifeInsurance757B") label = "Primes d'assurance-vie versées après 70 ans, au-delà de l'abattement (art. 757 B)";
    else if (p.kind === "fullOwnership") label = "Pleine propriété dévolue (section 2)";
    else if (p.kind === "bareOwnership") label = `Nue-propriété dévolue (section 2) de ${euros(p.base)}`;
    else if (p.kind === "usufruct") label = `Usufruit dévolu (section 2) de ${euros(p.base)}`;
    else if (p.kind === "legacy") label = "Legs, après réduction éventuelle (section 2)";
    else if (p.kind === "retour757-3") label = "Biens de famille (art. 757-3 du Code civil), nets de leur part du passif";
    else label = `${p.label} : ${euros(p.base)} × ${p.fraction.toFraction()}`;
    if (p.kind === "residueUsufruct" || p.kind === "usufruct") label += ` × ${pct(p.barePercent)} (usufruit, ${agree(sex, "usufruitier", "usufruitière", "usufruitier")} de ${p.usufructuaryAge} ans, art. 669)`;
    else if (p.barePercent !== 100) {
      const spouse = res.kind === "estate" && res.estate.usufruct ? (res.dossier.beneficiaries.find((b) => b.id === res.estate.usufruct!.beneficiary)?.sex ?? null) : null;
      const who = res.kind === "gift" ? agree(res.dossier.person.sex, "donateur usufruitier", "donatrice usufruitière", "donateur usufruitier") : agree(spouse, "conjoint usufruitier", "conjointe usufruitière", "conjoint usufruitier");
      label += ` × ${pct(p.barePercent)} (nue-propriété, ${who} de ${p.usufructuaryAge} ans, art. 669)`;
    }
    out.push(line(label, euros(p.amount), 4));
  }
  out.push(line("Total reçu", exactEuros(r.received)));
  if (r.lifeInsurance) out.push(...lifeInsuranceLines(res, r, sex));
  if (r.exemption) {
    const e = r.exemption;
    const why = res.families.map((f) => f.exemptionWhy?.(e, sex, law, res.kind === "estate" ? res.estate.assets : null, r.relationship) ?? null).find((w) => w !== null) ?? "";
    out.push(`  ${agree(sex, "Exonéré", "Exonérée", "Exonéré")} (art. ${r.exemption.article}, ${why}) : part taxable 0 €, droits 0 €.`);
    return out;
  }
  for (const a of r.allowance.items) out.push(line(`${a.label}, art. ${a.article}`, exactEuros(a.amount)));
  if (r.allowance.items.length === 0) out.push(line("Abattement", euros(0)));
  const cash = cashExemptions(res, r);
  for (const { hook, detail } of cash) out.push(...hook.lines(detail as never, law));
  out.push(...recallLines(r.recall, law.recallYears));
  const minus = [...cash.filter((x) => x.detail.amount.gt(0)).map((x) => x.hook.short), "abattement restant"].join(" − ");
  out.push(line(`Part taxable exacte (valeur reçue − ${minus}, au moins 0)`, exactEuros(r.taxableExact)));
  out.push(line("Part taxable arrondie à l'euro", euros(r.taxable)));
  if (r.scale && r.taxable > 0) {
    const s = A.scales[r.scale];
    out.push(`  ${s.label[0]!.toUpperCase()}${s.label.slice(1)} (art. ${s.reference.article})${r.scaleStart.gt(0) ? `, à partir de T = ${exactEuros(r.scaleStart)}` : ""} :`);
    const flat = r.bands.length === 1 && r.bands[0]!.from === 0 && r.bands[0]!.to === null;
    for (const b of r.bands) {
      if (flat) {
        // A scale of one rate from the first euro: no band to speak of.
        out.push(line(`taux unique de ${pct(b.ratePercent)} : ${euros(b.base)} × ${pct(b.ratePercent)}`, euros(b.tax), 4));
        continue;
      }
      const band = b.to === null ? `tranche au-delà de ${euros(b.from)}` : `tranche de ${euros(b.from)} à ${euros(b.to)}`;
      const slice = sliceText(b.sliceFrom, b.sliceTo, b.from, b.to);
      out.push(line(`${band} à ${pct(b.ratePercent)}${slice} : ${euros(b.base)} × ${pct(b.ratePercent)}`, euros(b.tax), 4));
    }
    out.push(line(flat ? "Droits exacts" : "Droits exacts (somme des tranches, sans arrondi par tranche)", exactEuros(r.taxExact)));
  }
  out.push(line("Droits arrondis à l'euro", euros(r.tax)));
  return out;
}

/** The life-insurance part of a beneficiary: art. 990 I (a levy of its own) and art. 757 B (added to what it receives). */
function lifeInsuranceLines(res: ComputeResult, r: BeneficiaryResult, sex: Sex | null): string[] {
  const li = r.lifeInsurance!;
  return [...levyLines(li, sex, r.relationship, res.law), ...(li.premiums757B.gt(0) ? premiumLines(li, res.law) : [])];
}

/** ", de 86 000 € à 220 493 €" when the slice taxed is not the whole band (lower bands already used, or the top of the share). */
function sliceText(from: Fraction, to: Fraction, bandFrom: number, bandTo: number | null): string {
  const whole = from.equals(bandFrom) && bandTo !== null && to.equals(bandTo);
  return whole ? "" : `, de ${euros(from)} à ${euros(to)}`;
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
    for (const { family, detail } of cashExemptions(res, r)) if (detail.eligible) add(family.articles[0]!);
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
    out.push(`FEUILLE DE CALCUL — Succession ${deName(d.person.name)}, ${agree(ps, "décédé", "décédée", "décès")} le ${formatDateFr(d.date)}`);
  } else {
    out.push(`FEUILLE DE CALCUL — Donation ${deName(d.person.name)}, acte du ${formatDateFr(d.date)} (${agree(ps, "donateur âgé", "donatrice âgée", "donateur âgé")} de ${res.donorAge} ans)`);
  }
  out.push(
    res.ruleSet === "cgi"
      ? `Règles : Code général des impôts en vigueur le ${formatDateFr(d.date)} (jour du ${res.kind === "estate" ? "décès" : "don"}, fait générateur).`
      : "Règles : règles simplifiées de l'exercice (barèmes et abattements du jour du fait générateur, appliqués aussi aux donations rappelées).",
  );
  if (res.ignored.length > 0) out.push(`Calcul contrefactuel, règles écartées : ${res.ignored.map((r) => switchFr(res, r)).join(" ; ")}.`);
  out.push("");
  if (res.kind === "estate") {
    const e = res.estate;
    out.push("1. Actif net de succession");
    const g = e.grossEstate;
    for (const a of res.dossier.assets) {
      out.push(line(`${a.label}${a.mainResidence ? " (résidence principale)" : ""}`, euros(a.value), 4));
      if (g.mainResidence && g.mainResidence.asset === a) out.push(mainResidenceLine(g.mainResidence));
    }
    if (g.furniture) out.push(furnitureLine(g.furniture));
    out.push(line("Actif brut", exactEuros(e.assets)));
    for (const x of res.dossier.debts) out.push(line(x.label, `− ${euros(x.value)}`, 4));
    // A section with nothing in it gets no line.
    if (res.dossier.debts.length > 0) out.push(line("Passif", `− ${euros(e.debts)}`));
    out.push(funeralLine(e, res.dossier.funeralCosts, res.law));
    out.push(line("Actif net", res.devolution === undefined ? euros(e.netEstate) : exactEuros(e.netEstate)));
    if (res.devolution === undefined) {
      if (e.bequests.gt(0)) out.push(line("Legs particuliers", `− ${euros(e.bequests)}`));
      out.push(line("Reliquat", euros(e.residue)));
    }
    if (e.usufruct) {
      const s = sexOf.get(e.usufruct.beneficiary) ?? null;
      out.push(
        `  ${agree(s, "Le conjoint", "La conjointe", "Le conjoint")} ${e.usufruct.beneficiary} (${e.usufruct.age} ans) reçoit l'usufruit du reliquat : usufruit ${pct(e.usufruct.usufructPercent)}, nue-propriété ${pct(100 - e.usufruct.usufructPercent)} (art. ${A.usufruct669.reference.article}).`,
      );
    }
    if (e.smallEstate) out.push(smallEstateLine(e.smallEstate, res.law));
    out.push("");
    if (res.devolution !== undefined) {
      out.push("2. Dévolution successorale (Code civil)");
      out.push(...devolutionLines(res.dossier, res.devolution, line));
      out.push("");
    }
    out.push(`${res.devolution !== undefined ? 3 : 2}. Droits par bénéficiaire`);
  } else {
    out.push("1. Biens donnés");
    for (const g of res.dossier.gifts) {
      // What the label already says is not said again in brackets (« Somme d'argent »).
      const flags = [g.cash ? "somme d'argent" : null, g.reservedUsufruct ? "réserve d'usufruit" : null].filter((f): f is string => f !== null && !g.label.toLowerCase().includes(f)).join(", ");
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
  out.push(`${res.kind === "estate" && res.devolution !== undefined ? 4 : 3}. Récapitulatif`);
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


/** What switching a rule off means, in French, from the family that declares it. */
function switchFr(res: ComputeResult, rule: string): string {
  for (const f of res.families) if (rule in f.switches) return f.switches[rule]!.fr;
  return rule;
}

/** A beneficiary's exempt cash, family by family in the table's order (art. 790 A bis, then 790 G). */
function cashExemptions(res: ComputeResult, r: BeneficiaryResult): { family: RuleFamily; hook: CashExemptionHook; detail: { amount: Fraction; eligible: boolean } }[] {
  const out: { family: RuleFamily; hook: CashExemptionHook; detail: { amount: Fraction; eligible: boolean } }[] = [];
  for (const family of res.families) {
    const hook = family.cashExemption;
    const detail = hook ? r[hook.key] : null;
    if (hook && detail) out.push({ family, hook, detail });
  }
  return out;
}
