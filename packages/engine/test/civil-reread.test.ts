/**
 * The civil file of a dossier read again after a change of `family`, `marriage` or `will`
 * (rereadCivilFile, for the counterfactuals of the generator's level 7): the same dossier as
 * reading the changed file whole, or the same refusal, on the contract's worked cases and each
 * change a mistaken notary makes (another option of the spouse, no attribution clause, one branch).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compute, isDossierError, readDossier, type Dossier, type EstateDossier } from "../src/index.js";
import { rereadCivilFile, tryRereadCivilFile } from "../src/internal.js";
import { SPOUSE_OPTIONS } from "../src/civil/family.js";

type Json = Record<string, unknown>;
const ALL_CASES = JSON.parse(readFileSync(new URL("./__fixtures__/civil-cases.json", import.meta.url), "utf8")) as { case: string; dossier: Json; answer?: unknown }[];
const CASES = ALL_CASES.filter((c) => c.answer !== undefined);

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

/**
 * The living descendants of each predeceased or renouncing member of a line made members of it
 * (a child or a sibling, their relationship changed): null when no one is lifted.
 */
function perHead(root: Json, key: "children" | "siblings", rel: "child" | "sibling"): { file: Json; relationships: Map<string, "child" | "sibling"> } | null {
  const fam = root.family as Json;
  const list = (fam[key] as Json[] | undefined) ?? [];
  const relationships = new Map<string, "child" | "sibling">();
  const out: Json[] = [];
  const lift = (n: Json, top: Json): void => {
    if (n.status === undefined) {
      const node: Json = { id: n.id };
      if (top.common !== undefined) node.common = top.common;
      if (top.blood !== undefined) node.blood = top.blood;
      out.push(node);
      if (n !== top) relationships.set(n.id as string, rel);
    } else for (const x of (n.descendants as Json[] | undefined) ?? []) lift(x, top);
  };
  for (const n of list) lift(n, n);
  if (relationships.size === 0) return null;
  const beneficiaries = (root.beneficiaries as Json[]).map((b) => (relationships.has(b.id as string) ? { ...b, relationship: rel } : b));
  return { file: { ...root, beneficiaries, family: { ...fam, [key]: out } }, relationships };
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
        // The file it was read from given: its family stands for the same family value.
        expect(outcome(() => rereadCivilFile(d, v, { from: c.dossier })), c.case).toEqual(whole);
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

  it("tryRereadCivilFile: null where rereadCivilFile throws, the same dossier otherwise", () => {
    let refused = 0;
    for (const c of CASES) {
      const d = readDossier(c.dossier) as EstateDossier;
      if (d.civil === undefined) continue;
      for (const v of variants(c.dossier)) {
        const thrown = outcome(() => rereadCivilFile(d, v));
        const tried = tryRereadCivilFile(d, v);
        if (Array.isArray(thrown)) {
          refused++;
          expect(tried, c.case).toBeNull();
        } else expect(tried, c.case).toEqual(thrown);
      }
    }
    expect(refused).toBeGreaterThan(10);
  });

  it("reads a file whose representatives come per head, their relationships changed, as readDossier reads it", () => {
    let lifted = 0;
    for (const c of ALL_CASES) {
      const read = outcome(() => readDossier(c.dossier));
      if (Array.isArray(read) || read.kind !== "estate" || read.civil === undefined) continue;
      const d = read;
      for (const [key, rel] of [["children", "child"], ["siblings", "sibling"]] as const) {
        const v = perHead(c.dossier, key, rel);
        if (v === null) continue;
        lifted++;
        const whole = outcome(() => readDossier(v.file));
        expect(outcome(() => rereadCivilFile(d, v.file, { relationships: v.relationships })), c.case).toEqual(whole);
        expect(tryRereadCivilFile(d, v.file, { relationships: v.relationships, from: c.dossier }), c.case).toEqual(Array.isArray(whole) ? null : whole);
      }
    }
    expect(lifted).toBeGreaterThanOrEqual(3);
  });

  it("refuses a dossier that is not in computed mode", () => {
    const d = readDossier({ kind: "estate", law: "cgi", date: "2025-03-04", person: { name: "A", birthDate: "1950-01-01" }, beneficiaries: [{ id: "E1", name: "B", relationship: "child", birthDate: "1980-01-01" }], assets: [{ label: "x", value: 1000 }], residue: [{ beneficiary: "E1", share: "1" }] }) as EstateDossier;
    expect(() => rereadCivilFile(d, {})).toThrow(/computed mode/);
  });
});
