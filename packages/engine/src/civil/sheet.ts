import type Fraction from "fraction.js";
import { relationshipFr } from "@succ/rules";
import type { EstateDossier } from "../dossier.js";
import { euros, exactEuros } from "../french.js";
import { mul, ONE, positive, sub } from "../exact.js";
import type { Devolution, Legacy } from "./devolution.js";
import type { FamilyNode } from "./family.js";

/**
 * The « Dévolution successorale » section of the calculation sheet, in computed mode: the
 * liquidation of the matrimonial regime, the heirs by order and souche, the reserve and the
 * disposable share with the legacies and their reduction, the spouse's rights and option, and
 * what each beneficiary takes. Articles of the Code civil unless "CGI" is written.
 */

type Line = (label: string, value: string, indent?: number) => string;

const REGIME_FR = {
  communaute_legale: "communauté réduite aux acquêts (art. 1400 et suivants)",
  communaute_universelle: "communauté universelle (art. 1526)",
  separation_de_biens: "séparation de biens (art. 1536)",
} as const;

const OPTION_FR = {
  legal_usufruct: "l'usufruit de la totalité des biens existants (art. 757)",
  legal_quarter: "la propriété du quart des biens (art. 757)",
  ddv_disposable: "la propriété de la quotité disponible ordinaire (art. 1094-1, 1er cas)",
  ddv_quarter_usufruct: "un quart en propriété et les trois autres quarts en usufruit (art. 1094-1, 2e cas)",
  ddv_usufruct: "la totalité des biens en usufruit (art. 1094-1, 3e cas)",
} as const;

const LEGACY_FR: Record<Legacy["kind"], string> = {
  bequest: "legs particulier d'une somme d'argent (art. 1014)",
  fractional: "legs à titre universel (art. 1010)",
  disposableShare: "legs de la quotité disponible (art. 1010)",
  universal: "legs universel (art. 1003)",
};

/** A fraction of N when it is a simple one ("1/4"), for the reader's eye; `null` otherwise. */
function fractionOf(x: Fraction, n: Fraction): string | null {
  if (!positive(n)) return null;
  const f = x.div(n);
  return f.d <= 1000n ? f.toFraction() : null;
}

function nodeName(n: FamilyNode): string {
  return n.name ?? n.id ?? "un enfant";
}

export function devolutionLines(d: EstateDossier, dev: Devolution, line: Line): string[] {
  const c = d.civil!;
  const f = c.family;
  const m = c.marriage;
  const N = dev.netEstate;
  const who = (id: string): string => {
    const b = d.beneficiaries.find((x) => x.id === id)!;
    return `${id} — ${b.name} (${relationshipFr(b.relationship, b.sex)})`;
  };
  const out: string[] = [];

  // a) The matrimonial regime.
  if (m !== null) {
    out.push(`  a) Régime matrimonial : ${REGIME_FR[m.regime]}`);
    const l = dev.liquidation;
    if (l === null) out.push("    Aucune communauté : les biens et dettes déclarés sont personnels au défunt ; la succession les comprend en entier.");
    else {
      out.push("    La communauté est dissoute par le décès (art. 1441) et liquidée avant tout partage successoral :");
      out.push(line("Actif commun", euros(l.commonAssets), 4));
      out.push(line("Passif commun", `− ${euros(l.commonDebts)}`, 4));
      out.push(line("Communauté nette", euros(l.commonNet), 4));
      if (l.attributionIntegrale) {
        out.push("    Clause d'attribution intégrale au survivant (art. 1524) : la communauté entière revient au conjoint en vertu du contrat ;");
        out.push("    cet avantage matrimonial n'est pas une donation (art. 1527 al. 1) : il n'entre pas dans la succession et n'est pas taxé.");
      } else {
        if (!l.recompense.equals(0)) out.push(line(positive(l.recompense) ? "Récompense due par la communauté au défunt (solde net)" : "Récompense due par la communauté au conjoint (solde net)", positive(l.recompense) ? `+ ${euros(l.recompense)}` : `− ${euros(l.recompense.neg())}`, 4));
        out.push(line(`Part de la succession, moitié (art. 1475 ; dettes pour moitié, art. 1485)`, exactEuros(l.estatePart), 4));
        out.push(line("Part du conjoint survivant, qui lui est propre (ni héritée ni taxée)", exactEuros(l.survivorPart), 4));
      }
      out.push("    L'actif de la section 1 est celui de la succession après cette liquidation (moitié de chaque bien et dette communs).");
    }
  }

  // b) The heirs.
  out.push(`  ${m !== null ? "b" : "a"}) Héritiers (art. 731 et suivants)`);
  if (f.spouse !== null) out.push(`    Conjoint successible, non divorcé (art. 732) : ${who(f.spouse)}.`);
  if (f.partner !== null) out.push(`    ${who(f.partner)} : le partenaire de PACS n'est pas héritier (art. 731-732) ; il ne reçoit que par testament.`);
  const orderFr: Record<number, string> = {
    1: "Premier ordre : les enfants et leurs descendants (art. 734 1°), par souche (art. 753)",
    2: "Deuxième ordre : les père et mère, les frères et sœurs et leurs descendants (art. 734 2°)",
    3: "Troisième ordre : les ascendants autres que les père et mère (art. 734 3°), par branche (art. 746-748)",
    4: "Quatrième ordre : les collatéraux ordinaires (art. 734 4°, jusqu'au 6e degré, art. 745), par branche (art. 749-750)",
  };
  if (dev.order !== null) out.push(`    ${orderFr[dev.order]}${dev.spouseRule === "757-1" ? ", en concours avec le conjoint (art. 757-1)" : ""}.`);
  else if (dev.spouseRule === "757-2") out.push("    Ni descendant ni père et mère : le conjoint recueille toute la succession (art. 757-2)" + (dev.retour !== null ? ", sauf les biens de famille de l'art. 757-3." : "."));
  else if (dev.spouseRule === "1094") out.push("    Sans descendant, la libéralité au conjoint (art. 1094) lui donne tout ce dont le défunt pouvait disposer en faveur d'un étranger.");
  if (dev.souches.length > 0) {
    const line1 = dev.order === 1 ? "enfant" : "frère ou sœur";
    out.push(`    ${dev.souches.length} souche${dev.souches.length > 1 ? "s" : ""} :`);
    for (const s of dev.souches) {
      const n = s.node;
      const tag = n.common === false ? ", d'une autre union" : "";
      if (n.status === "alive") out.push(line(`souche de ${who(n.id!)}${tag}`, s.share.toFraction(), 6));
      else {
        const why = n.status === "predeceased" ? "prédécès" : "renonciation, traitée comme un prédécès (art. 754, 805)";
        out.push(line(`souche de ${nodeName(n)} (${line1}${tag}, ${why}), représenté par ses descendants (art. 751-752)`, s.share.toFraction(), 6));
        for (const [id, rep] of dev.representation) if (rep.head === n) out.push(line(`${who(id)}, par tête dans la souche`, `${rep.ofSouche.toFraction()} de la souche`, 8));
      }
    }
  }
  const excluded = dev.shares.filter((s) => s.basis.startsWith("art. 734 (exclu") || s.basis.startsWith("art. 731-732"));
  const shown = excluded.filter((s) => s.id !== f.partner);
  if (shown.length > 0) out.push(`    Ne viennent pas à la succession : ${shown.map((s) => who(s.id)).join(" ; ")} (exclus par un ordre ou un degré plus proche, ou par le conjoint, art. 734, 757-1, 757-2).`);

  // c) The reserve, the disposable share, the legacies.
  out.push(`  ${m !== null ? "c" : "b"}) Réserve héréditaire et quotité disponible (art. 912 et suivants)`);
  out.push(line("Actif net N (décision D1 : l'actif net fiscal de la section 1)", exactEuros(N), 4));
  if (positive(dev.gifts)) out.push(line("Donations antérieures, pour leur valeur au décès (art. 922)", `+ ${exactEuros(dev.gifts)}`, 4));
  out.push(line("Masse de calcul M (art. 922)", exactEuros(dev.calculationMass), 4));
  const q = dev.disposableShare;
  const why = dev.childrenCounted > 0 ? `art. 913 : ${dev.childrenCounted} enfant${dev.childrenCounted > 1 ? "s" : ""} compté${dev.childrenCounted > 1 ? "s" : ""}, par souche` : f.spouse !== null ? "art. 914-1 : sans descendant, le conjoint est réservataire d'un quart" : "art. 916 : ni descendant ni conjoint, aucune réserve";
  out.push(line(`Quotité disponible ${q.toFraction()} de M (${why})`, exactEuros(mul(q, dev.calculationMass)), 4));
  if (!q.equals(ONE)) out.push(line(`Réserve héréditaire ${sub(ONE, q).toFraction()} de M`, exactEuros(mul(sub(ONE, q), dev.calculationMass)), 4));
  if (positive(dev.gifts)) out.push(line("Donations hors part successorale, imputées sur la quotité disponible (art. 919-2)", `− ${exactEuros(dev.gifts)}`, 4));
  out.push(line("Disponible pour les legs A", exactEuros(dev.available), 4));
  for (const l of dev.legacies) {
    out.push(line(`${LEGACY_FR[l.kind]} à ${l.beneficiary}${l.share !== null ? ` (${l.share.toFraction()} de l'actif net après legs particuliers)` : ""}`, exactEuros(l.before), 4));
    if (!l.before.equals(l.after)) out.push(line("réduit au marc le franc à la quotité disponible (art. 920, 924, 926)", exactEuros(l.after), 6));
  }
  if (dev.legacies.length === 0) out.push("    Aucun legs : la réserve n'est pas atteinte.");
  out.push(line("Biens dont le défunt n'a pas disposé E = N − legs (art. 758-5)", exactEuros(dev.heirsMass), 4));

  // d) The spouse.
  if (f.spouse !== null) {
    out.push(`  ${m !== null ? "d" : "c"}) Droits du conjoint survivant`);
    if (dev.option !== null) {
      const by = dev.spouseRule === "1094-1" ? (m?.donationEntreEpoux ? "en vertu de la donation entre époux" : "en vertu du testament (art. 1094-1)") : "de ses droits légaux";
      out.push(`    Le conjoint a opté, ${by}, pour ${OPTION_FR[dev.option]}.`);
      if (dev.option === "legal_quarter" && dev.souches.some((x) => x.node.common === false)) out.push("    Un enfant au moins n'est pas issu des deux époux : le conjoint n'a droit qu'à la propriété du quart (art. 757).");
      if (dev.option === "legal_quarter") out.push(`    Le quart se calcule sur N, mais ne s'exerce que sur les biens dont le défunt n'a pas disposé et sans préjudicier à la réserve (art. 758-5)${dev.spouseCapped ? " : il est ici limité." : "."}`);
    } else if (dev.spouseRule === "757-1") out.push(`    Sans descendant, en concours avec ${dev.order === 2 && d.civil!.family.father.status === "alive" && d.civil!.family.mother.status === "alive" ? "les père et mère : la moitié des biens" : "le père ou la mère : les trois quarts des biens"} (art. 757-1), dans la limite de E (art. 758-5)${dev.spouseCapped ? " : limitée ici." : "."}`);
    else if (dev.spouseRule === "757-2") out.push("    Sans descendant ni père et mère : toute la succession (art. 757-2).");
    if (dev.retour !== null) {
      out.push(`    Biens de famille reçus ${dev.retour.parent === "father" ? "du père" : "de la mère"} et retrouvés en nature (art. 757-3) : la moitié va aux frères et sœurs qui en descendent,`);
      out.push(line("moitié de leur valeur", exactEuros(dev.retour.gross), 6));
      out.push(line("après sa part du passif et des frais, au prorata de l'actif brut (art. 870)", exactEuros(dev.retour.net), 6));
    }
  }

  // e) What each one takes.
  out.push(`  ${String.fromCharCode("a".charCodeAt(0) + (m !== null ? 1 : 0) + (f.spouse !== null ? 1 : 0) + 2)}) Attribution (sur N = ${exactEuros(N)})`);
  for (const s of dev.shares) {
    const parts: string[] = [];
    const add = (what: string, x: Fraction): void => {
      if (!positive(x)) return;
      const fr = fractionOf(x, N);
      parts.push(`${what} ${exactEuros(x)}${fr !== null ? ` (${fr === "1" ? "la totalité" : fr} de N)` : ""}`);
    };
    add("pleine propriété", s.fullOwnership);
    add("usufruit", s.usufruct);
    add("nue-propriété", s.bareOwnership);
    add("legs", s.legacies);
    add("biens de famille (art. 757-3)", s.retour);
    out.push(`    ${who(s.id)} : ${parts.length > 0 ? parts.join(" ; ") : "rien"} — ${s.basis}.`);
  }
  return out;
}
