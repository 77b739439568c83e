/**
 * Publishing the law of 2027 is a change of @succ/rules alone. On a copy of the tables, this test
 * does what the team will do: a fictitious value from 2027-01-01 (a child allowance of 150,000 €,
 * art. 779 I) and the tables verified through 2027-12-31. A death of 2027 is then computed under
 * `cgi` with it, and nothing of 2017-2026 moves: the 3,200 answers of the engine's fixture (2026,
 * `seed`) and the gold of every task of levels 5 and 6 (acts of 2017-2026, `cgi`), recomputed
 * with the copy, are the answers of the tables as they are. Law of 2026 otherwise (direct-line
 * scale: 1,380.75 € up to 15,932 €, then 20 % up to 552,324 €).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { answerOf, compute, isDossierError, readDossier } from "@succ/engine";
import { generateTasks, lawSourceOf } from "@succ/generator";
import { coverageOf, datedLaw, DATED_LAW, LAW_SERIES, type LawSeries } from "@succ/rules";

/** The tables with the 2027 change: a copy, the child allowance's open period closed on 2026-12-31. */
function tablesOf2027(): LawSeries {
  const copy = structuredClone(LAW_SERIES) as unknown as {
    allowances: { personal: { estate: { child: { periods: unknown[] } }; gift: { child: unknown } } };
    coverage: { verifiedThrough: { day: string; fixedBy: string } };
  };
  const child = copy.allowances.personal.estate.child;
  const last = child.periods.at(-1) as Record<string, unknown>;
  child.periods = [...child.periods.slice(0, -1), { ...last, to: "2026-12-31" }, { value: 150_000, from: "2027-01-01", to: null, enactedBy: "loi de finances pour 2027 (fictive, test)" }];
  // The estate and the gift share the one series of art. 779 I.
  copy.allowances.personal.gift.child = child;
  copy.coverage.verifiedThrough = { day: "2027-12-31", fixedBy: "loi de finances pour 2027 (fictive, test)" };
  return copy as unknown as LawSeries;
}

const source2027 = datedLaw(tablesOf2027());

/** A child inherits everything from a parent who died on `date`, under cgi. */
function death(date: string, assets: number) {
  return {
    kind: "estate",
    law: "cgi",
    date,
    person: { name: "Jeanne Roche", birthDate: "1940-01-10" },
    beneficiaries: [{ id: "C", name: "Claire Roche", relationship: "child", birthDate: "1970-01-10" }],
    assets: [{ label: "Comptes", value: assets }],
    residue: [{ beneficiary: "C", share: "1" }],
  };
}

describe("the law of 2027, published in a copy of the tables", () => {
  it("the copy says what it is verified for; the tables as they are stop at 2026-12-31", () => {
    expect(coverageOf(source2027).verifiedThrough.day).toBe("2027-12-31");
    expect(coverageOf(DATED_LAW).verifiedThrough.day).toBe("2026-12-31");
  });

  it("a death of 2027 is computed under cgi with the new value", () => {
    // 251,500 − 1,500 (flat funeral deduction, art. 775) = 250,000; − 150,000 = 100,000 taxable;
    // 1,380.75 + 20 % × (100,000 − 15,932) = 1,380.75 + 16,813.60 = 18,194.35 → 18,194.
    const d = readDossier(death("2027-03-10", 251_500));
    expect(compute(d, { source: source2027 }).answer).toEqual({ beneficiaires: { C: { part_taxable: 100_000, droits: 18_194 } }, total_droits: 18_194 });
  });

  it("the tables as they are refuse it, naming the days they cover", () => {
    const d = readDossier(death("2027-03-10", 251_500));
    let message = "";
    try {
      compute(d);
    } catch (e) {
      if (!isDossierError(e)) throw e;
      message = e.issues.map((i) => `${i.path}: ${i.message}`).join("\n");
    }
    expect(message).toBe('date: the "cgi" rules compute acts from 2017-01-01 to 2026-12-31, not 2027-03-10');
  });

  it("a death of 2026 keeps its answer (the allowance of 2026 applies)", () => {
    // 250,000 − 100,000 = 150,000; 1,380.75 + 20 % × 134,068 = 28,194.35 → 28,194.
    const d = readDossier(death("2026-12-31", 251_500));
    const expected = { beneficiaires: { C: { part_taxable: 150_000, droits: 28_194 } }, total_droits: 28_194 };
    expect(compute(d).answer).toEqual(expected);
    expect(compute(d, { source: source2027 }).answer).toEqual(expected);
  });

  it("the 3,200 answers of the engine's fixture (2026) stay as they are", () => {
    const fixture = new URL("../../engine/test/__fixtures__/seed-answers-v0.1.0.jsonl.gz", import.meta.url);
    const rows = gunzipSync(readFileSync(fixture)).toString("utf8").trim().split("\n").map((l) => JSON.parse(l) as { id: string; dossier: unknown; answer: string });
    expect(rows).toHaveLength(3200);
    const different = rows.filter((r) => JSON.stringify(answerOf(r.dossier, { source: source2027 })) !== r.answer).map((r) => r.id);
    expect(different).toEqual([]);
  });

  it("every gold of 400 tasks of level 5 and of level 6 (acts of 2017-2026) is the answer under the copy", () => {
    let checked = 0;
    for (const level of [5, 6] as const) {
      for (const t of generateTasks({ n: 400, level })) {
        const gold = compute(readDossier(t.info.dossier), { source: lawSourceOf(t.info) }).answer;
        expect(JSON.stringify(compute(readDossier(t.info.dossier), { source: source2027 }).answer), t.id).toBe(JSON.stringify(gold));
        expect(JSON.stringify(gold), t.id).toBe(JSON.stringify(t.answer));
        checked++;
      }
    }
    expect(checked).toBe(800);
  });
});
