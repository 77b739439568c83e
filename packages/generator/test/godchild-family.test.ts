/**
 * The recipe of a rule family (docs/architecture.md), the generator's side, proved with the
 * fictitious family of the engine's fixture: a 1,000 € allowance for godchildren from 2027-01-01
 * (test/__fixtures__/godchild-family.ts here, beside the engine's), registered without touching
 * the generator's source. Law of a copy of the tables verified through 2027-12-31.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compute, readDossier } from "../../engine/src/index.js";
import { SOURCE_2027, WITH_GODCHILD } from "../../engine/test/__fixtures__/godchild-family.js";
import { GENERATOR_FAMILIES } from "../src/families/index.js";
import { lawSection } from "../src/presentation.js";
import { MISTAKE_ROWS, mistakeRows } from "../src/stats.js";
import { GODCHILD_GENERATOR, WITH_GODCHILD_GENERATOR } from "./__fixtures__/godchild-family.js";

const ARTICLE = "- **Art. 779 VI (fictif) (abattement des filleuls).** Un abattement de 1 000 € s'applique sur la part de chaque filleul du défunt";

/** The level-5 "Droit applicable" of an estate under the law of a day of the copy of the tables. */
const articles = (day: string, families = WITH_GODCHILD_GENERATOR, kind: "estate" | "gift" = "estate"): string => lawSection("articles", 5, kind, SOURCE_2027.on(day), false, families);

/** A godchild inherits everything (51,500 € of assets) from a godmother who died on `date` (the engine fixture's case). */
function estate(date: string) {
  return {
    kind: "estate",
    law: "cgi",
    date,
    person: { name: "Jeanne Roche", birthDate: "1940-01-10", sex: "F" },
    beneficiaries: [{ id: "F", name: "Hugo Valat", relationship: "unrelated", birthDate: "1995-04-02", sex: "M", godchild: true }],
    assets: [{ label: "Comptes", value: 51_500 }],
    residue: [{ beneficiary: "F", share: "1" }],
  };
}
const computed = (date: string) => compute(readDossier(estate(date), { families: WITH_GODCHILD }), { source: SOURCE_2027, families: WITH_GODCHILD });

describe("a rule family registered in a test, the generator's side: the godchild allowance of 2027", () => {
  it("its article is in the level-5 law of an estate of 2027, after art. 779 and 788 IV and before art. 796-0 bis, with the amount of 2027", () => {
    const text = articles("2027-03-10");
    expect(text).toContain(ARTICLE);
    const at = text.indexOf(ARTICLE);
    expect(text.indexOf("- **Art. 788 IV")).toBeLessThan(at);
    expect(text.indexOf("- **Art. 796-0 bis.**")).toBeGreaterThan(at);
    // Registered nowhere else: the generator's own table does not write it.
    expect(articles("2027-03-10", GENERATOR_FAMILIES)).not.toContain("filleul");
  });

  it("not in the law of 2026 (before its first day), nor in a gift's: those texts are the generator's own, byte for byte", () => {
    expect(articles("2026-06-10")).not.toContain("filleul");
    expect(articles("2026-06-10")).toBe(articles("2026-06-10", GENERATOR_FAMILIES));
    expect(articles("2027-03-10", WITH_GODCHILD_GENERATOR, "gift")).toBe(articles("2027-03-10", GENERATOR_FAMILIES, "gift"));
  });

  it("its row of succ stats follows the real law's mistakes, and finds its feature in a death of 2027 only", () => {
    const rows = mistakeRows(WITH_GODCHILD_GENERATOR);
    expect(rows.map((r) => r.key)).toEqual([...MISTAKE_ROWS.map((r) => r.key), "godchildAllowance"]);
    const row = rows.at(-1)!;
    expect(row).toBe(GODCHILD_GENERATOR.mistakes[0]);
    // 2027: the 1,000 € item beside the default allowance (the engine fixture's 47,406 € taxable); 2026: none.
    expect(row.has(computed("2027-03-10") as never)).toBe(true);
    expect(row.has(computed("2026-06-10") as never)).toBe(false);
  });

  it("is the fixture docs/architecture.md lists: the engine's fixture and test, the generator's fixture and test", () => {
    const doc = readFileSync(fileURLToPath(new URL("../../../docs/architecture.md", import.meta.url)), "utf8");
    const proof = doc.slice(doc.indexOf("**Proved by a fixture:**"));
    const listed = [...proof.slice(0, proof.indexOf("\n\n")).matchAll(/`(packages\/[^`]+\.ts)`/g)].map((m) => m[1]);
    expect(listed).toEqual([
      "packages/engine/test/__fixtures__/godchild-family.ts",
      "packages/engine/test/godchild-family.test.ts",
      "packages/generator/test/__fixtures__/godchild-family.ts",
      "packages/generator/test/godchild-family.test.ts",
    ]);
    for (const file of listed) expect(() => readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)))).not.toThrow();
  });
});
