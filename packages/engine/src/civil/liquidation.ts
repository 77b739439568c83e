import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import type { Asset, EstateDossier } from "../dossier.js";
import { add, mul, sub, ZERO } from "../exact.js";
import { lawFraction } from "./heirs.js";
import type { CivilAsset, CivilFile, Regime } from "./family.js";
import { listOf } from "../lists.js";

/**
 * Step 1 of computed mode, the liquidation of the matrimonial regime (C. civ. art. 1400-1536):
 * the death dissolves the community (art. 1441); the estate takes half of the net common mass
 * and of the net récompense ("le surplus se partage par moitié entre les époux", art. 1475; each
 * spouse "contribue pour moitié aux dettes de communauté", art. 1485), or nothing of it under a
 * clause of attribution intégrale (art. 1524, 1527 al. 1); the other half is the survivor's own,
 * neither inherited nor taxed. Under separation of property every listed item is the deceased's
 * (art. 1536).
 */

export interface EstateAsset {
  asset: Asset;
  civil: CivilAsset;
  /** The index of the dossier's asset it comes from (`null`: the récompense claim). */
  origin: number | null;
}

export interface Liquidation {
  regime: Regime;
  attributionIntegrale: boolean;
  /** Σ common assets, Σ common debts, their difference C. */
  commonAssets: Fraction;
  commonDebts: Fraction;
  commonNet: Fraction;
  /** r: + owed to the deceased, − owed to the survivor. */
  recompense: Fraction;
  /** The deceased's part of the community: (C + r) × ½, or 0 under attribution intégrale. */
  estatePart: Fraction;
  /** What the survivor keeps as his own: C − estatePart. */
  survivorPart: Fraction;
  half: Fraction;
}

/** The estate's items after step 1, as a dossier the tax modules read unchanged, with the liquidation's working. */
export function liquidate(d: EstateDossier, c: CivilFile, law: Law): { dossier: EstateDossier; assets: EstateAsset[]; liquidation: Liquidation | null } {
  const m = c.marriage;
  if (m === null || m.regime === "separation_de_biens") {
    const assets = listOf(d.assets, (asset, i) => ({ asset, civil: c.assets[i]!, origin: i }));
    return { dossier: d, assets, liquidation: null };
  }
  const half = lawFraction(law.civil.communityHalf);
  const universal = m.regime === "communaute_universelle";
  const isCommon = (o: "own" | "common" | null): boolean => o === "common" || (o === null && universal);
  const assets: EstateAsset[] = [];
  let commonAssets = ZERO;
  d.assets.forEach((a, i) => {
    const civil = c.assets[i]!;
    if (!isCommon(civil.ownership)) {
      assets.push({ asset: a, civil, origin: i });
      return;
    }
    commonAssets = add(commonAssets, a.value);
    if (!m.attributionIntegrale) assets.push({ asset: { ...a, value: mul(a.value, half) }, civil, origin: i });
  });
  const debts: EstateDossier["debts"] = [];
  let commonDebts = ZERO;
  d.debts.forEach((x, i) => {
    if (!isCommon(c.debts[i]!.ownership)) {
      debts.push(x);
      return;
    }
    commonDebts = add(commonDebts, x.value);
    if (!m.attributionIntegrale) debts.push({ label: x.label, value: mul(x.value, half) });
  });
  const r = m.recompense === null ? ZERO : m.recompense.to === "deceased" ? m.recompense.amount : m.recompense.amount.neg();
  if (m.recompense !== null && !m.attributionIntegrale) {
    const part = mul(m.recompense.amount, half);
    if (m.recompense.to === "deceased") {
      assets.push({ asset: { label: "Récompense due par la communauté à la succession (moitié)", value: part, mainResidence: false, occupiedBy: [], occupiedBySpouseChild: false }, civil: { ownership: "own", receivedFrom: null }, origin: null });
    } else debts.push({ label: "Récompense due par la succession au conjoint (moitié)", value: part });
  }
  const commonNet = sub(commonAssets, commonDebts);
  const estatePart = m.attributionIntegrale ? ZERO : mul(add(commonNet, r), half);
  const liquidation: Liquidation = { regime: m.regime, attributionIntegrale: m.attributionIntegrale, commonAssets, commonDebts, commonNet, recompense: r, estatePart, survivorPart: sub(commonNet, estatePart), half };
  return { dossier: { ...d, assets: listOf(assets, (x) => x.asset), debts }, assets, liquidation };
}
