/**
 * The contract's worked cases of computed mode (the civil devolution from `family`): each dossier
 * gives its answer, or is refused with the field named. The fixture holds the dossiers and the
 * answers; the arithmetic of each is worked in hand tests (civil-hand.test.ts).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compute, readDossier, type Answer } from "../src/index.js";
import { errorOf } from "./helpers.js";

interface Case {
  case: string;
  dossier: unknown;
  answer?: Answer;
  refusedAt?: string;
}

const CASES = JSON.parse(readFileSync(new URL("./__fixtures__/civil-cases.json", import.meta.url), "utf8")) as Case[];

describe("computed mode: the 30 worked cases", () => {
  it("has every case", () => {
    expect(CASES.length).toBe(30);
  });
  it.each(CASES.filter((c) => c.answer !== undefined).map((c) => [c.case, c] as const))("%s", (_name, c) => {
    expect(compute(readDossier(c.dossier)).answer).toEqual(c.answer);
  });
  it.each(CASES.filter((c) => c.refusedAt !== undefined).map((c) => [c.case, c] as const))("%s is refused", (_name, c) => {
    const e = errorOf(() => compute(readDossier(c.dossier)));
    expect(e.issues.map((i) => i.path)).toEqual([c.refusedAt]);
  });
});
