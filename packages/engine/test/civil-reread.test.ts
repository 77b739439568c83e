/**
 * The civil file of a dossier read again after a change of `family`, `marriage` or `will`
 * (rereadCivilFile, for the counterfactuals of the generator's level 7): the same dossier as
 * reading the changed file whole, or the same refusal, on the contract's worked cases and each
 * change a mistaken notary makes (another option of the spouse, no attribution clause, one branch).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compute, isDossierError, readDossier, type Dossier, type EstateDossier } from "../src/index.js";
import { rereadCivilFile } from "../src/internal.js";
import { SPOUSE_OPTIONS } from "../src/civil/family.js";

type Json = Record<string, unknown>;
const CASES = (JSON.parse(readFileSync(new URL("./__fixtures__/civil-cases.json", import.meta.url), "utf8")) as { case: string; dossier: Json; answer?: unknown }[]).filter((c) => c.answer !== undefined);

/** A dossier, or the paths of its refusal. */
function outcome(f: () => Dossier): Dossier | string[] {
  try {
    return f();
  } catch (e) {
    if (!isDossierError(e)) throw e;
    return e.issues.map((i) => `${i.path}: ${i.message}`);
  }
}

/** The changed files of a case: each other option, the clause off and on, every relative paternal. */
function variants(root: Json): Json[] {
  const out: Json[] = [root];
  const m = root.marriage as Json | undefined;
  if (m) {
    for (const o of SPOUSE_OPTIONS) out.push({ ...root, marriage: { ...m, spouseOption: o } });
    out.push({ ...root, marriage: { ...m, attributionIntegrale: !m.attributionIntegrale } });
  }
  const fam = root.family as Json;
  for (const key of ["ascendants", "collaterals"]) {
    if (Array.isArray(fam[key])) out.push({ ...root, family: { ...fam, [key]: (fam[key] as Json[]).map((x) => ({ ...x, branch: "paternal" })) } });
  }
  return out;
}

describe("rereadCivilFile", () => {
  it("reads a changed civil file as readDossier reads the changed dossier, refusals included", () => {
    let refused = 0;
    let compared = 0;
    for (const c of CASES) {
      const d = readDossier(c.dossier) as EstateDossier;
      if (d.civil === undefined) continue;
      for (const v of variants(c.dossier)) {
        const whole = outcome(() => readDossier(v));
        const again = outcome(() => rereadCivilFile(d, v));
        expect(again, c.case).toEqual(whole);
        if (Array.isArray(whole)) refused++;
        else {
          compared++;
          expect(compute(again as Dossier).answer, c.case).toEqual(compute(whole).answer);
        }
      }
    }
    // The worked cases hold changes the reader accepts and changes it refuses (an option without its conditions).
    expect(compared).toBeGreaterThan(30);
    expect(refused).toBeGreaterThan(10);
  });

  it("refuses a dossier that is not in computed mode", () => {
    const d = readDossier({ kind: "estate", law: "cgi", date: "2025-03-04", person: { name: "A", birthDate: "1950-01-01" }, beneficiaries: [{ id: "E1", name: "B", relationship: "child", birthDate: "1980-01-01" }], assets: [{ label: "x", value: 1000 }], residue: [{ beneficiary: "E1", share: "1" }] }) as EstateDossier;
    expect(() => rereadCivilFile(d, {})).toThrow(/computed mode/);
  });
});
