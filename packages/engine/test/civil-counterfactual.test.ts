/**
 * A counterfactual of the devolution told from its devolution alone (civilCounterfactualMisses,
 * for the civil mistakes of the generator's level 7): whenever it says a changed file misses the
 * computed answer, computing the changed file gives another answer or a refusal. On the worked
 * cases at several sizes of estate, each with every other option of the spouse, the clause off and
 * on, one branch, and laws whose civil fractions a mistaken notary changes (the community not
 * liquidated among them: another estate).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATED_LAW, LAW_SERIES, lawWithCivil, type LawSource } from "@succ/rules";
import { compute, isDossierError, readDossier, sameAnswer, type Answer, type EstateDossier, type EstateResult } from "../src/index.js";
import { civilCounterfactualMisses, lawAt, rereadCivilFile } from "../src/internal.js";
import { SPOUSE_OPTIONS } from "../src/civil/family.js";

type Json = Record<string, unknown>;
const CASES = JSON.parse(readFileSync(new URL("./__fixtures__/civil-cases.json", import.meta.url), "utf8")) as { case: string; dossier: Json }[];

/** The community not liquidated: all of it in the estate (another estate, another net). */
const WHOLE_COMMUNITY = lawWithCivil({ communityHalf: "1" });

const LAWS: LawSource[] = [
  lawWithCivil({ disposableShare: LAW_SERIES.civil.disposableShare.periods[0]!.value.map((r) => ({ ...r, share: "1" })), disposableShareWithSpouse: "1" }),
  lawWithCivil({ parentQuarter: "0" }),
  lawWithCivil({ spouseQuarter: "1/2" }),
  WHOLE_COMMUNITY,
];

/** The case's amounts times `k` (assets, debts, bequests, prior gifts): the same family, other taxes. */
function scaled(root: Json, k: number): Json {
  const times = (v: unknown): unknown => (typeof v === "number" ? Math.round(v * k * 100) / 100 : typeof v === "string" && /^[0-9]+(\.[0-9]+)?$/.test(v) ? String(Math.round(Number(v) * k * 100) / 100) : v);
  const list = (key: string, field: string): unknown => (Array.isArray(root[key]) ? (root[key] as Json[]).map((x) => ({ ...x, [field]: times(x[field]) })) : root[key]);
  const out: Json = { ...root, assets: list("assets", "value"), debts: list("debts", "value") };
  if (root.bequests !== undefined) out.bequests = list("bequests", "amount");
  if (root.priorGifts !== undefined) out.priorGifts = list("priorGifts", "value");
  return out;
}

/** The changed files that differ from the case only in its devolution: every other option, the clause toggled, every relative paternal. */
function civilVariants(root: Json): Json[] {
  const out: Json[] = [];
  const m = root.marriage as Json | undefined;
  if (m) {
    for (const o of SPOUSE_OPTIONS) if (o !== m.spouseOption) out.push({ ...root, marriage: { ...m, spouseOption: o } });
    out.push({ ...root, marriage: { ...m, attributionIntegrale: !m.attributionIntegrale } });
  }
  const fam = root.family as Json;
  for (const key of ["ascendants", "collaterals"]) {
    if (Array.isArray(fam[key])) out.push({ ...root, family: { ...fam, [key]: (fam[key] as Json[]).map((x) => ({ ...x, branch: "paternal" })) } });
  }
  return out;
}

/** The answer of a dossier under a source, or null when the engine refuses it. */
function answerOf(f: () => Answer): Answer | null {
  try {
    return f();
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

describe("civilCounterfactualMisses", () => {
  it("says a counterfactual misses the answer only when computing it gives another answer or a refusal", () => {
    let misses = 0;
    let silent = 0;
    for (const c of CASES) {
      for (const k of [0.02, 0.05, 0.1, 0.3, 1, 2, 4, 10]) {
        const root = scaled(c.dossier, k);
        let d: EstateDossier;
        let result: EstateResult;
        try {
          d = readDossier(root) as EstateDossier;
          result = compute(d) as EstateResult;
        } catch (e) {
          if (!isDossierError(e)) throw e;
          continue;
        }
        if (d.civil === undefined) continue;
        const tried: { changed: EstateDossier; source?: LawSource }[] = LAWS.map((source) => ({ changed: d, source }));
        for (const v of civilVariants(root)) {
          try {
            const changed = rereadCivilFile(d, v, { from: root });
            tried.push({ changed }, { changed, source: WHOLE_COMMUNITY });
          } catch (e) {
            if (!isDossierError(e)) throw e;
          }
        }
        for (const { changed, source } of tried) {
          const law = lawAt(source ?? DATED_LAW, d.date);
          const said = civilCounterfactualMisses(result, changed, law);
          if (!said) {
            silent++;
            continue;
          }
          misses++;
          const a = answerOf(() => compute(changed, source ? { law: source } : {}).answer);
          expect(a === null || !sameAnswer(a, result.answer), `${c.case} ×${k}`).toBe(true);
        }
      }
    }
    expect(misses).toBeGreaterThan(100);
    expect(silent).toBeGreaterThan(20);
  });

  it("says nothing of a file read whole, whose beneficiaries are not the computed ones", () => {
    let checked = 0;
    for (const c of CASES) {
      let d: EstateDossier;
      let result: EstateResult;
      try {
        d = readDossier(c.dossier) as EstateDossier;
        result = compute(d) as EstateResult;
      } catch (e) {
        if (!isDossierError(e)) throw e;
        continue;
      }
      if (d.civil === undefined) continue;
      for (const v of civilVariants(c.dossier)) {
        let whole: EstateDossier;
        try {
          whole = readDossier(v) as EstateDossier;
        } catch (e) {
          if (!isDossierError(e)) throw e;
          continue;
        }
        expect(civilCounterfactualMisses(result, whole, result.law)).toBe(false);
        // The same file read again beside the computed dossier may be told.
        if (civilCounterfactualMisses(result, rereadCivilFile(d, v, { from: c.dossier }), result.law)) checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});
