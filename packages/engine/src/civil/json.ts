import type Fraction from "fraction.js";
import type { Devolution, CivilTitle } from "./devolution.js";
import { listOf } from "../lists.js";

/**
 * The civil devolution as plain JSON (§10.4 of the contract): exact decimal strings (a decimal
 * when the amount has one, else the reduced fraction "n/d"), and each share as a fraction of
 * the net estate N. For the sheet's readers, the tests and the tasks' `info.devolution`; not
 * part of the gold answer.
 */

export interface DevolutionJson {
  netEstate: string;
  calculationMass: string;
  disposableShare: { fraction: string; amount: string; available: string };
  heirsMass: string;
  order: number | null;
  spouseRule: string | null;
  option: string | null;
  liquidation: { regime: string; attributionIntegrale: boolean; commonNet: string; recompense: string; estatePart: string; survivorPart: string } | null;
  reductions: { beneficiary: string; kind: string; before: string; after: string }[];
  shares: Record<string, { title: CivilTitle; basis: string; fullOwnership: string; usufruct: string; bareOwnership: string; legacies: string; retour757_3: string; ofNetEstate: { fullOwnership: string | null; usufruct: string | null; bareOwnership: string | null } }>;
}

/** An exact amount: its decimal when finite (at most 12 places), otherwise "n/d". */
export function exactString(x: Fraction): string {
  let d = x.d;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  if (d === 1n) {
    const s = x.toString(12);
    return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
  }
  return x.toFraction();
}

function ofN(x: Fraction, n: Fraction): string | null {
  if (x.equals(0)) return "0";
  if (n.equals(0)) return null;
  return x.div(n).toFraction();
}

export function devolutionJson(d: Devolution): DevolutionJson {
  const N = d.netEstate;
  const shares: DevolutionJson["shares"] = {};
  for (const s of d.shares) {
    shares[s.id] = {
      title: s.title,
      basis: s.basis,
      fullOwnership: exactString(s.fullOwnership),
      usufruct: exactString(s.usufruct),
      bareOwnership: exactString(s.bareOwnership),
      legacies: exactString(s.legacies),
      retour757_3: exactString(s.retour),
      ofNetEstate: { fullOwnership: ofN(s.fullOwnership, N), usufruct: ofN(s.usufruct, N), bareOwnership: ofN(s.bareOwnership, N) },
    };
  }
  const l = d.liquidation;
  return {
    netEstate: exactString(N),
    calculationMass: exactString(d.calculationMass),
    disposableShare: { fraction: d.disposableShare.toFraction(), amount: exactString(d.disposableShare.mul(d.calculationMass)), available: exactString(d.available) },
    heirsMass: exactString(d.heirsMass),
    order: d.order,
    spouseRule: d.spouseRule,
    option: d.option,
    liquidation: l === null ? null : { regime: l.regime, attributionIntegrale: l.attributionIntegrale, commonNet: exactString(l.commonNet), recompense: exactString(l.recompense), estatePart: exactString(l.estatePart), survivorPart: exactString(l.survivorPart) },
    reductions: listOf(d.legacies.filter((x) => !x.before.equals(x.after)), (x) => ({ beneficiary: x.beneficiary, kind: x.kind, before: exactString(x.before), after: exactString(x.after) })),
    shares,
  };
}
