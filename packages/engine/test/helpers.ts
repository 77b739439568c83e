import { expect } from "vitest";
import { DossierError, isDossierError, type ComputeResult, type EstateTotals } from "../src/index.js";

/** The DossierError thrown by `f`, failing the test when there is none. */
export function errorOf(f: () => unknown): DossierError {
  try {
    f();
  } catch (e) {
    expect(isDossierError(e)).toBe(true);
    return e as DossierError;
  }
  throw new Error("expected a DossierError, but the dossier was accepted");
}

/** The estate totals of a result that must be an estate's. */
export function estateOf(r: ComputeResult): EstateTotals {
  if (r.kind !== "estate") throw new Error("expected an estate");
  return r.estate;
}

/** Small dossier builders for the tests (plain JSON objects, as a user would write them). */

export interface GiftOptions {
  date?: string;
  donorBirth?: string;
  doneeBirth?: string;
  relationship?: string;
  cash?: boolean;
  reservedUsufruct?: boolean;
  disabled?: boolean;
  priorGifts?: { date: string; value: number | string; cash790G?: boolean }[];
}

/** A gift of one asset of `value` to one donee "D" (fraction 1). */
export function oneGift(value: number | string, o: GiftOptions = {}) {
  return {
    kind: "gift",
    date: o.date ?? "2026-06-15",
    person: { name: "Donateur", birthDate: o.donorBirth ?? "1960-01-10" },
    beneficiaries: [{ id: "D", name: "Donataire", relationship: o.relationship ?? "child", birthDate: o.doneeBirth ?? "1990-01-10", disabled: o.disabled ?? false }],
    gifts: [{ label: "Bien donné", value, cash: o.cash ?? false, reservedUsufruct: o.reservedUsufruct ?? false, to: [{ beneficiary: "D", fraction: "1" }] }],
    priorGifts: (o.priorGifts ?? []).map((g) => ({ beneficiary: "D", cash790G: false, ...g })),
  };
}

export interface EstateOptions {
  date?: string;
  relationship?: string;
  disabled?: boolean;
  funeralCosts?: number | string;
  priorGifts?: { date: string; value: number | string; cash790G?: boolean }[];
}

/** An estate of one asset of `value`, the whole residue to one heir "H". */
export function oneHeir(value: number | string, o: EstateOptions = {}) {
  return {
    kind: "estate",
    date: o.date ?? "2026-06-15",
    person: { name: "Défunt", birthDate: "1940-01-10" },
    beneficiaries: [{ id: "H", name: "Héritier", relationship: o.relationship ?? "child", birthDate: "1970-01-10", disabled: o.disabled ?? false }],
    assets: [{ label: "Biens", value }],
    funeralCosts: o.funeralCosts ?? 0,
    residue: [{ beneficiary: "H", share: "1" }],
    priorGifts: (o.priorGifts ?? []).map((g) => ({ beneficiary: "H", cash790G: false, ...g })),
  };
}
