import { describe, expect, it } from "vitest";
import { answerFields, beneficiaryKeys, fieldValue, totalKeys, type AnyAnswer } from "../src/logic/answer.js";

describe("answer fields are read from the answer itself", () => {
  const today: AnyAnswer = { beneficiaires: { B1: { part_taxable: 0, droits: 0 }, B2: { part_taxable: 149270, droits: 28048 } }, total_droits: 28048 };

  it("lists the fields in the scorer's names and order", () => {
    expect(answerFields(today).map((f) => `${f.field}=${f.value}`)).toEqual(["B1.part_taxable=0", "B1.droits=0", "B2.part_taxable=149270", "B2.droits=28048", "total_droits=28048"]);
    expect(beneficiaryKeys(today)).toEqual(["part_taxable", "droits"]);
    expect(totalKeys(today)).toEqual(["total_droits"]);
  });

  it("shows a field the answer format may gain, with no change", () => {
    const more: AnyAnswer = { beneficiaires: { B1: { part_taxable: 10, droits: 2, prelevement_990I: 7 } }, total_droits: 2, total_prelevement_990I: 7 };
    expect(beneficiaryKeys(more)).toEqual(["part_taxable", "droits", "prelevement_990I"]);
    expect(totalKeys(more)).toEqual(["total_droits", "total_prelevement_990I"]);
    expect(fieldValue(more, "B1.prelevement_990I")).toBe(7);
    expect(fieldValue(more, "total_prelevement_990I")).toBe(7);
    expect(fieldValue(more, "B9.droits")).toBeUndefined();
  });
});
