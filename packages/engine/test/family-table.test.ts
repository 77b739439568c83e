/**
 * The table of rule families: what each family declares is what the engine does. Its switches
 * are the engine's RULES (in the order task files have listed them since 0.1); a field a family
 * declares for `cgi` alone is refused in a `seed` dossier and read in a `cgi` one; every field is
 * documented in docs/dossier.md; every article is one of @succ/rules' references.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LAW_SERIES } from "@succ/rules";
import { FAMILIES, family, isDossierError, readDossier, RULE_INFO, RULES, rulesOf, STEPS } from "../src/index.js";

type Json = Record<string, any>;

const ESTATE: Json = {
  kind: "estate",
  date: "2026-05-14",
  person: { name: "Jeanne Roche", birthDate: "1946-03-10" },
  beneficiaries: [{ id: "C", name: "Claire Roche", relationship: "child", birthDate: "1975-04-02" }],
  assets: [{ label: "Maison", value: 300_000 }],
  residue: [{ beneficiary: "C", share: "1" }],
  priorGifts: [{ beneficiary: "C", date: "2020-01-10", value: 10_000 }],
};
const GIFT: Json = {
  kind: "gift",
  date: "2026-05-14",
  person: { name: "Jeanne Roche", birthDate: "1946-03-10" },
  beneficiaries: [{ id: "C", name: "Claire Roche", relationship: "child", birthDate: "1975-04-02" }],
  gifts: [{ label: "Virement", value: 50_000, cash: true, to: [{ beneficiary: "C", fraction: "1" }] }],
  priorGifts: [{ beneficiary: "C", date: "2020-01-10", value: 10_000 }],
};
/** A value each declared field accepts (true otherwise). */
const SAMPLE: Record<string, unknown> = {
  furniture: { valuation: "flat" },
  lifeInsurance: [],
  "beneficiaries[].maritalStatus": "single",
  "priorGifts[].allowanceUsed": 5_000,
  "priorGifts[].disabilityAllowanceUsed": 0,
  "assets[].occupiedBy": [],
};

/** The dossier with the field at `path` set (on the first item of a list). */
function withField(base: Json, path: string): Json {
  const d = structuredClone(base);
  const value = SAMPLE[path] ?? true;
  const [head, tail] = path.split("[].") as [string, string | undefined];
  if (tail === undefined) {
    const [o, k] = head.includes(".") ? [d[head.split(".")[0]!], head.split(".")[1]!] : [d, head];
    o[k] = value;
  } else d[head][0][tail] = value;
  return d;
}

function issues(d: Json): readonly { path: string; message: string }[] {
  try {
    readDossier(d);
    return [];
  } catch (e) {
    if (!isDossierError(e)) throw e;
    return e.issues;
  }
}

describe("the table of rule families", () => {
  it("runs its families by step, and each family's switches are within its rule sets", () => {
    expect(FAMILIES.map((f) => STEPS.indexOf(f.step))).toEqual([...FAMILIES.map((f) => STEPS.indexOf(f.step))].sort((a, b) => a - b));
    expect(new Set(FAMILIES.map((f) => f.name)).size).toBe(FAMILIES.length);
    expect(() => family({ name: "x", articles: [], ruleSets: ["cgi"], step: "allowances", fields: [], switches: { y: { ruleSets: ["seed"], fr: "y" } } })).toThrow(/switch y has the rule set seed/);
  });

  it("its switches are RULES, in the order of task files since 0.1", () => {
    expect(RULES).toEqual([
      "funeralCap", "funeralFlat", "exemption790G", "gift790G", "ageConditions790G", "nephew790G", "recall", "lowerBands", "allowancesUsed",
      "representation", "usufruct669", "disabilityAllowance", "defaultAllowanceAlone", "spouseExemption", "smallEstate", "siblingExemption",
      "mainResidence764bis", "furniture764", "levy990I", "levyExemption990I", "premiums757B", "allowance757BShared", "housing790ABis",
    ]);
    expect(FAMILIES.flatMap((f) => Object.keys(f.switches)).sort()).toEqual([...RULES].sort());
    // 23 switches, 13 of them cgi's alone (funeralFlat, nephew790G, allowancesUsed,
    // defaultAllowanceAlone, smallEstate, siblingExemption and the seven of 764 bis, 764, 990 I,
    // 757 B and 790 A bis): seed has 10.
    expect(rulesOf("seed")).toHaveLength(10);
    expect(rulesOf("cgi")).toEqual(RULES);
    expect(RULE_INFO.smallEstate.ruleSets).toEqual(["cgi"]);
  });

  it("a field declared for cgi alone is refused in a seed dossier and read in a cgi one", () => {
    const cgiOnly = FAMILIES.flatMap((f) => f.fields).filter((x) => x.ruleSets.length === 1 && x.ruleSets[0] === "cgi" && !x.path.startsWith("lifeInsurance[]"));
    expect(cgiOnly.length).toBeGreaterThanOrEqual(12);
    for (const field of cgiOnly) {
      const base = field.path.startsWith("gifts[]") ? GIFT : ESTATE;
      const top = field.path.split(/[.[]/)[0]!;
      const seed = issues(withField(base, field.path));
      expect(seed.some((i) => i.path.replace(/\[\d+\]/g, "[]").startsWith(top) && i.message.startsWith('only read under the "cgi" rules')), `${field.path}: ${JSON.stringify(seed)}`).toBe(true);
      const cgi = issues({ ...withField(base, field.path), law: "cgi" });
      expect(cgi.filter((i) => i.message === "unknown field" || i.message.startsWith("only read under")), `${field.path}: ${JSON.stringify(cgi)}`).toEqual([]);
    }
  });

  it("every field is documented in docs/dossier.md, every article is a reference of @succ/rules", () => {
    const doc = readFileSync(new URL("../../../docs/dossier.md", import.meta.url), "utf8");
    for (const f of FAMILIES) for (const x of f.fields) expect(doc, x.path).toContain(`\`${x.path.split(/[.\]]/).at(-1)}\``);
    const articles = new Set<string>();
    const walk = (t: object): void => {
      for (const v of Object.values(t)) {
        if (v && typeof v === "object" && "reference" in v) articles.add((v as { reference: { article: string } }).reference.article);
        else if (v && typeof v === "object") walk(v);
      }
    };
    walk(LAW_SERIES);
    for (const f of FAMILIES) for (const a of f.articles) expect(articles, `${f.name}: ${a}`).toContain(a);
  });
});
