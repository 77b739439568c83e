import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkDossierText, editDossierText, pathSegments, valueOffsets } from "../src/logic/dossier-text.js";

const example = readFileSync(new URL("../../../examples/estate-spouse-children.json", import.meta.url), "utf8");

function lineNumberOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split("\n").length;
}

describe("a dossier typed in the calculator", () => {
  it("computes the example, and its sheet", () => {
    const check = checkDossierText(example);
    expect(check.ok).toBe(true);
    if (check.ok) expect(check.sheet).toMatch(/^FEUILLE DE CALCUL — Succession de Jeanne Martin/);
  });

  it("names the field at fault and its line", () => {
    const text = example.replace('"birthDate": "1968-07-21"', '"birthDate": "1968-02-30"');
    const check = checkDossierText(text);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.issues).toHaveLength(1);
    expect(check.issues[0]).toMatchObject({ path: "beneficiaries[1].birthDate", line: lineNumberOf(text, "1968-02-30") });
    expect(check.issues[0]!.message).toContain("1968-02-30");
  });

  it("places a JSON syntax error on its line", () => {
    const text = example.replace('"funeralCosts": 3200,', '"funeralCosts": 3200,,');
    const check = checkDossierText(text);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.issues[0]!.line).toBe(lineNumberOf(text, "3200,,"));
  });

  it("places a missing field on its nearest parent", () => {
    const text = '{\n  "kind": "estate",\n  "date": "2026-05-14",\n  "person": {\n    "name": "Jeanne Martin"\n  },\n  "beneficiaries": []\n}\n';
    const check = checkDossierText(text);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    const birth = check.issues.find((i) => i.path === "person.birthDate");
    expect(birth).toBeDefined();
    expect(birth!.line).toBe(4);
  });

  it("finds where each value starts, array elements and nested keys included", () => {
    const text = '{"a": [1, {"b": "x"}], "c": 2}';
    const at = valueOffsets(text);
    expect(at.get("a")).toBe(1);
    expect(at.get("a[1]")).toBe(10);
    expect(at.get("a[1].b")).toBe(11);
    expect(at.get("c")).toBe(23);
    expect(pathSegments("beneficiaries[2].birthDate")).toEqual(["beneficiaries", 2, "birthDate"]);
  });

  it("edits one field and keeps every amount as written", () => {
    const edited = editDossierText(example, ["funeralCosts"], { amount: "1234.50" });
    expect(edited).toContain('"funeralCosts": 1234.50');
    // The string amount stays a string, to the cent.
    expect(edited).toContain('"value": "86500.40"');
    const check = checkDossierText(edited);
    expect(check.ok).toBe(true);
    // An amount that is not a plain decimal is written as text, for the engine to judge.
    const bad = checkDossierText(editDossierText(example, ["assets", 0, "value"], { amount: "12,5" }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues[0]!.path).toBe("assets[0].value");
  });

  it("adds and removes list entries", () => {
    const added = editDossierText(example, ["debts", 1], { entry: { label: "Impôt sur le revenu", value: 800 } });
    expect(JSON.parse(added).debts).toEqual([
      { label: "Prêt immobilier", value: 12000 },
      { label: "Impôt sur le revenu", value: 800 },
    ]);
    const removed = editDossierText(added, ["debts", 0], undefined);
    expect(JSON.parse(removed).debts).toEqual([{ label: "Impôt sur le revenu", value: 800 }]);
    const created = editDossierText('{"kind": "gift"}', ["priorGifts", 0], { entry: { beneficiary: "B1" } });
    expect(JSON.parse(created)).toEqual({ kind: "gift", priorGifts: [{ beneficiary: "B1" }] });
  });
});
