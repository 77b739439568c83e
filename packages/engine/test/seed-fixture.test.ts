/**
 * The `seed` rules after the law became dated data: for each of 3,200 dossiers (the default task
 * set, the 400-task sets of seeds 201-204 and the 300-task single-level sets of seeds 201-204, as
 * generator 0.1.0 wrote them, all dated 2026), the engine's answer is byte-identical to the one the
 * engine gave before the change (kept in the fixture, as JSON text).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { datedLaw, LAW_SERIES, type LawSeries } from "@succ/rules";
import { answerOf } from "../src/index.js";

const FIXTURE = new URL("./__fixtures__/seed-answers-v0.1.0.jsonl.gz", import.meta.url);

describe("seed answers before and after the dated law", () => {
  const rows = gunzipSync(readFileSync(FIXTURE))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { set: string; id: string; dossier: { date: string; law?: string }; answer: string });

  it("holds the 3,200 dossiers of the nine sets, all under the seed rules", () => {
    expect(rows).toHaveLength(3200);
    expect(new Set(rows.map((r) => r.set)).size).toBe(9);
    expect(rows.every((r) => r.dossier.law === undefined && r.dossier.date.startsWith("2026-"))).toBe(true);
  });

  it("gives every one of them the same answer, byte for byte", () => {
    const different = rows.filter((r) => JSON.stringify(answerOf(r.dossier)) !== r.answer).map((r) => `${r.set}/${r.id}`);
    expect(different).toEqual([]);
  });
});

describe("a value that starts next year changes no answer of this year", () => {
  /** The tables with a fictitious child allowance of 150,000 € from 2027-01-01. */
  function withChildAllowance2027(): LawSeries {
    const copy = structuredClone(LAW_SERIES) as unknown as { allowances: { personal: { estate: { child: { periods: unknown[] } }; gift: { child: unknown } } } };
    const child = copy.allowances.personal.estate.child;
    const last = child.periods.at(-1) as Record<string, unknown>;
    child.periods = [...child.periods.slice(0, -1), { ...last, to: "2026-12-31" }, { value: 150_000, from: "2027-01-01", to: null, enactedBy: "loi fictive (test)" }];
    copy.allowances.personal.gift.child = child;
    return copy as unknown as LawSeries;
  }
  const rows = gunzipSync(readFileSync(FIXTURE))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { set: string; id: string; dossier: Record<string, unknown>; answer: string });
  const law = datedLaw(withChildAllowance2027());

  it("the 3,200 dossiers of 2026 get the same answers under the tables with a 2027 value added", () => {
    const different = rows.filter((r) => JSON.stringify(answerOf(r.dossier, { law })) !== r.answer).map((r) => r.id);
    expect(different).toEqual([]);
  });
  it("a seed dossier dated 2027 keeps the seed's amounts (those of 2026): the seed rules are the prompts' rules, not the law of a day", () => {
    // A child inheriting 150,000 € on 2027-03-10: net 151,500 − 1,500 = 150,000; taxable 150,000 − 100,000 = 50,000;
    // tax 403.60 + 403.70 + 573.45 + (20 % × 34,068 = 6,813.60) = 8,194.35 → 8,194 €, with or without the 2027 value.
    const d = {
      kind: "estate",
      date: "2027-03-10",
      person: { name: "Défunt", birthDate: "1940-01-10" },
      beneficiaries: [{ id: "C", name: "Enfant", relationship: "child", birthDate: "1970-01-10" }],
      assets: [{ label: "Biens", value: 151_500 }],
      funeralCosts: 2_000,
      residue: [{ beneficiary: "C", share: "1" }],
    };
    expect(law.on("2027-03-10").allowances.personal.estate.child).toBe(150_000);
    expect(answerOf(d, { law }).beneficiaires.C).toEqual({ part_taxable: 50_000, droits: 8_194 });
    expect(answerOf(d).beneficiaires.C).toEqual({ part_taxable: 50_000, droits: 8_194 });
  });
});
