/**
 * The `seed` rules after the law became dated data: for each of 3,200 dossiers (the default task
 * set, the 400-task sets of seeds 201-204 and the 300-task single-level sets of seeds 201-204, as
 * generator 0.1.0 wrote them, all dated 2026), the engine's answer is byte-identical to the one the
 * engine gave before the change (kept in the fixture, as JSON text).
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
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
