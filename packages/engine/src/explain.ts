import type Fraction from "fraction.js";
import { type Relationship, CASH_GIFT_790G, FUNERAL_COSTS_CAP, RECALL_PERIOD, SCALES, SPOUSE_ESTATE_EXEMPTION } from "@succ/rules";
import { formatDateFr } from "./dates.js";
import type { BeneficiaryResult, ComputeResult, Rule } from "./compute.js";

/** French name of each relationship, ungendered (explanations and the prompts' rules). */
export const RELATIONSHIP_FR: Record<Relationship, string> = {
  spouse: "conjoint",
  pacs: "partenaire de PACS",
  child: "enfant",
  grandchild: "petit-enfant",
  greatgrandchild: "arrière-petit-enfant",
  sibling: "frère ou sœur",
  nephew: "neveu ou nièce",
  unrelated: "personne sans lien de parenté",
};

/** French name of each rule that `compute(dossier, { ignore })` can switch off (counterfactual sheets). */
export const RULE_FR: Record<Rule, string> = {
  funeralCap: "plafond des frais funéraires (art. 775)",
  exemption790G: "exonération du don familial de sommes d'argent (art. 790 G)",
  gift790G: "art. 790 G en entier (dons antérieurs 790 G rappelés)",
  ageConditions790G: "conditions d'âge de l'art. 790 G",
  recall: "rappel fiscal des donations antérieures (art. 784)",
  lowerBands: "tranches inférieures déjà utilisées par le rappel",
  representation: "représentation d'un enfant prédécédé (art. 779 I)",
  usufruct669: "démembrement de propriété (art. 669)",
  disabilityAllowance: "abattement handicap (art. 779 II)",
  spouseExemption: "exonération du conjoint (art. 796-0 bis)",
};

const NBSP = "\u202f";

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * French amount: `1 234,56 €`; whole euros without decimals; a value that is not a whole number
 * of cents is shown to the cent with `≈` and its exact fraction.
 */
export function euros(x: Fraction | number): string {
  if (typeof x === "number") return `${group(String(x))} €`;
  const cents = x.mul(100);
  const exact = cents.d === 1n;
  const text = x.toString(2);
  const [int, dec] = text.split(".");
  const body = dec === undefined || /^0+$/.test(dec) ? group(int!) : `${group(int!)},${dec.padEnd(2, "0")}`;
  return exact ? `${body} €` : `≈ ${body} € (exactement ${x.toFraction()} €)`;
}

function pct(n: number): string {
  return `${n} %`;
}

function line(label: string, value: string, indent = 2): string {
  const left = `${" ".repeat(indent)}${label} `;
  const dots = Math.max(2, 64 - left.length - value.length);
  return `${left}${".".repeat(dots)} ${value}`;
}

function whyNot790G(reason: string | null): string {
  switch (reason) {
    case "ignored":
      return "non appliquée (règle écartée)";
    case "relationship":
      return "non applicable : le donataire n'est ni enfant, ni petit-enfant, ni arrière-petit-enfant";
    case "donorAge":
      return `non applicable : le donateur a ${CASH_GIFT_790G.donorAgeBelow.value} ans ou plus`;
    case "doneeAge":
      return `non applicable : le donataire a moins de ${CASH_GIFT_790G.doneeMinimumAge.value} ans`;
    case "ceilingUsed":
      return "plafond déjà épuisé par des dons antérieurs";
    default:
      return "";
  }
}

function beneficiarySheet(r: BeneficiaryResult): string[] {
  const out: string[] = [];
  out.push(`${r.id} — ${r.name} (${RELATIONSHIP_FR[r.relationship]})`);
  out.push("  Valeur reçue :");
  if (r.parts.length === 0) out.push(line("rien", euros(0), 4));
  for (const p of r.parts) {
    let label: string;
    if (p.kind === "bequest") label = "Legs particulier";
    else if (p.kind === "residue") label = `Quote-part ${p.fraction.toFraction()} du reliquat de ${euros(p.base)}`;
    else if (p.kind === "residueUsufruct") label = `Usufruit du reliquat de ${euros(p.base)}`;
    else label = `${p.label} : ${euros(p.base)} × ${p.fraction.toFraction()}`;
    if (p.kind === "residueUsufruct") label += ` × ${pct(p.barePercent)} (usufruit, âge ${p.usufructuaryAge} ans, art. 669)`;
    else if (p.barePercent !== 100) label += ` × ${pct(p.barePercent)} (nue-propriété, usufruitier de ${p.usufructuaryAge} ans, art. 669)`;
    out.push(line(label, euros(p.amount), 4));
  }
  out.push(line("Total reçu", euros(r.received)));
  if (r.exempt) {
    out.push(`  Exonéré (art. ${SPOUSE_ESTATE_EXEMPTION.reference.article}) : part taxable 0 €, droits 0 €.`);
    return out;
  }
  for (const a of r.allowance.items) {
    const what = a.source === "representation" ? "Abattement (part de l'enfant représenté)" : a.source === "disability" ? "Abattement handicap" : "Abattement";
    out.push(line(`${what}, art. ${a.article}`, euros(a.amount)));
  }
  if (r.allowance.items.length === 0) out.push(line("Abattement", euros(0)));
  if (r.exemption790G) {
    const e = r.exemption790G;
    out.push(line("Dont sommes d'argent reçues", euros(e.cashReceived)));
    if (e.eligible || e.reason === "ceilingUsed") {
      out.push(line(`Plafond 790 G restant (${euros(CASH_GIFT_790G.ceiling.value)} − ${euros(e.priorUsed)})`, euros(e.ceilingRemaining)));
      out.push(line("Exonération art. 790 G", euros(e.amount)));
    } else out.push(`  Exonération art. 790 G ${whyNot790G(e.reason)}.`);
  }
  const rc = r.recall;
  if (rc.recalled.length > 0 || rc.notRecalled.length > 0) {
    out.push(`  Rappel fiscal (art. ${RECALL_PERIOD.reference.article}, ${RECALL_PERIOD.value} ans) :`);
    for (const g of rc.recalled) out.push(line(`don du ${formatDateFr(g.date)} rappelé`, euros(g.value), 4));
    for (const { gift, why } of rc.notRecalled) {
      const w = why === "older" ? `non rappelé (${RECALL_PERIOD.value} ans ou plus avant l'acte)` : why === "cash790G" ? "non rappelé (don 790 G)" : "non rappelé (règle écartée)";
      out.push(line(`don du ${formatDateFr(gift.date)} ${w}`, euros(gift.value), 4));
    }
    out.push(line("S = dons rappelés", euros(rc.S), 4));
    out.push(line("U = min(abattement, S), abattement déjà utilisé", euros(rc.U), 4));
    out.push(line("Abattement restant (A − U)", euros(rc.remainingAllowance), 4));
    out.push(line("T = S − U, déjà taxé (tranches inférieures utilisées)", euros(rc.T), 4));
  }
  const minus = [r.exemption790G && r.exemption790G.amount.gt(0) ? "exonération 790 G" : null, "abattement restant"].filter(Boolean).join(" − ");
  out.push(line(`Part taxable exacte (valeur reçue − ${minus}, au moins 0)`, euros(r.taxableExact)));
  out.push(line("Part taxable arrondie à l'euro", euros(r.taxable)));
  if (r.scale && r.taxable > 0) {
    const s = SCALES[r.scale];
    out.push(`  ${s.label[0]!.toUpperCase()}${s.label.slice(1)} (art. ${s.reference.article})${r.scaleStart.gt(0) ? `, à partir de T = ${euros(r.scaleStart)}` : ""} :`);
    for (const b of r.bands) {
      const range = b.to === null ? `au-delà de ${euros(b.from)}` : `de ${euros(b.from)} à ${euros(b.to)}`;
      out.push(line(`${range} à ${pct(b.ratePercent)} sur ${euros(b.base)}`, euros(b.tax), 4));
    }
    out.push(line("Droits exacts (somme des tranches, sans arrondi par tranche)", euros(r.taxExact)));
  }
  out.push(line("Droits arrondis à l'euro", euros(r.tax)));
  return out;
}

/** The worked computation in French, laid out as a notary's calculation sheet. */
export function explain(res: ComputeResult): string {
  const d = res.dossier;
  const out: string[] = [];
  if (d.kind === "estate") {
    out.push(`FEUILLE DE CALCUL — Succession de ${d.person.name}, décédé(e) le ${formatDateFr(d.date)}`);
  } else {
    out.push(`FEUILLE DE CALCUL — Donation de ${d.person.name}, acte du ${formatDateFr(d.date)} (donateur âgé de ${res.donorAge} ans)`);
  }
  if (res.ignored.length > 0) out.push(`Calcul contrefactuel, règles écartées : ${res.ignored.map((r) => RULE_FR[r]).join(" ; ")}.`);
  out.push("");
  if (res.estate && d.kind === "estate") {
    const e = res.estate;
    out.push("1. Actif net de succession");
    for (const a of d.assets) out.push(line(a.label, euros(a.value), 4));
    out.push(line("Actif brut", euros(e.assets)));
    for (const x of d.debts) out.push(line(x.label, `− ${euros(x.value)}`, 4));
    out.push(line("Passif", `− ${euros(e.debts)}`));
    const capped = e.funeralDeducted.lt(e.funeralCosts);
    out.push(line(`Frais funéraires ${euros(e.funeralCosts)}${capped ? `, plafonnés à ${euros(FUNERAL_COSTS_CAP.value)} (art. ${FUNERAL_COSTS_CAP.reference.article})` : ""}`, `− ${euros(e.funeralDeducted)}`));
    out.push(line("Actif net", euros(e.netEstate)));
    out.push(line("Legs particuliers", `− ${euros(e.bequests)}`));
    out.push(line("Reliquat", euros(e.residue)));
    if (e.usufruct) {
      out.push(`  Le conjoint ${e.usufruct.beneficiary} (${e.usufruct.age} ans) reçoit l'usufruit du reliquat : usufruit ${pct(e.usufruct.usufructPercent)}, nue-propriété ${pct(100 - e.usufruct.usufructPercent)} (art. 669).`);
    }
    out.push("");
    out.push("2. Droits par bénéficiaire");
  } else {
    out.push("1. Biens donnés");
    if (d.kind === "gift") {
      for (const g of d.gifts) {
        const flags = [g.cash ? "somme d'argent" : null, g.reservedUsufruct ? "réserve d'usufruit" : null].filter(Boolean).join(", ");
        out.push(line(`${g.label}${flags ? ` (${flags})` : ""}`, euros(g.value)));
      }
    }
    out.push("");
    out.push("2. Droits par donataire");
  }
  for (const r of res.beneficiaries) {
    out.push("");
    out.push(...beneficiarySheet(r));
  }
  out.push("");
  out.push("3. Récapitulatif");
  for (const r of res.beneficiaries) {
    out.push(line(`${r.id} part taxable ${euros(r.taxable)}, droits`, euros(r.tax)));
  }
  out.push(line("Total des droits", euros(res.answer.total_droits)));
  return `${out.join("\n")}\n`;
}
