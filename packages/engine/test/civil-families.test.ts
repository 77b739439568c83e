/**
 * The civil rule families declare what computed mode reads: every field of it is declared by
 * one family, each declared field is one the reader knows (a dossier with it set to a wrong
 * value is refused at that path, not as an unknown field), and the articles whose fractions are
 * dated data are those of @succ/rules.
 */
import { describe, expect, it } from "vitest";
import { LAW_SERIES } from "@succ/rules";
import { CIVIL_FAMILIES, CIVIL_STEPS } from "../src/civil/families.js";
import { compute, isDossierError, readDossier } from "../src/index.js";

type Json = Record<string, any>;

function base(): Json {
  return {
    kind: "estate",
    law: "cgi",
    date: "2025-06-12",
    person: { name: "Claude", birthDate: "1948-05-05" },
    beneficiaries: [{ id: "S", name: "S", relationship: "spouse", birthDate: "1950-01-01" }, { id: "A", name: "A", relationship: "child", birthDate: "1975-01-01" }],
    assets: [{ label: "Maison", value: 100_000, ownership: "common" }],
    debts: [{ label: "Prêt", value: 1_000, ownership: "common" }],
    family: { spouse: "S", children: [{ id: "A", common: true }], father: { status: "predeceased" }, mother: { status: "predeceased" }, siblings: [] },
    marriage: { regime: "communaute_legale", spouseOption: "legal_quarter" },
    will: {},
    priorGifts: [{ beneficiary: "A", date: "2020-01-01", value: 1000, outsideShare: true }],
  };
}

/** Sets a wrong value at a path ("assets[].ownership" → the first asset's). */
function spoil(d: Json, path: string): string {
  const parts = path.replace(/\[\]/g, ".0").split(".");
  let o: any = d;
  for (const p of parts.slice(0, -1)) o = o[p];
  o[parts.at(-1)!] = { wrong: true };
  return path.replace(/\[\]/g, "[0]");
}

describe("the civil rule families", () => {
  it("run in the order of their steps, under cgi only", () => {
    expect(CIVIL_FAMILIES.map((f) => f.step)).toEqual([...CIVIL_STEPS]);
    for (const f of CIVIL_FAMILIES) expect(f.ruleSets).toEqual(["cgi"]);
  });
  it("the base dossier is valid", () => {
    expect(compute(readDossier(base())).answer.total_droits).toBe(0);
  });
  it.each(CIVIL_FAMILIES.flatMap((f) => f.fields.map((x) => [f.name, x.path] as const)))("%s: %s is read and checked", (_name, path) => {
    const d = base();
    const at = spoil(d, path);
    let issues: readonly { path: string; message: string }[] = [];
    try {
      compute(readDossier(d));
    } catch (e) {
      if (!isDossierError(e)) throw e;
      issues = e.issues;
    }
    expect(issues.some((i) => (i.path === at || i.path.startsWith(`${at}.`) || i.path.startsWith(`${at}[`)) && i.message !== "unknown field")).toBe(true);
  });
  it("every article of the Code civil dated in @succ/rules is cited by a family", () => {
    const cited = new Set(CIVIL_FAMILIES.flatMap((f) => f.articles));
    for (const s of Object.values(LAW_SERIES.civil)) expect(cited.has(s.reference.article), s.reference.article).toBe(true);
  });
});
