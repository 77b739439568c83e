/**
 * What a computation keeps once it returns: nothing of its dossier. The indexes by beneficiary of
 * a dossier's long lists (more than 8 items, src/by-beneficiary.ts) are a cache shared by the
 * steps of one computation; kept after it, they held the last dossiers alive while the next was
 * computed, and the young-generation collector copied them at each collection (issue 21).
 */
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { compute, readDossier } from "../src/index.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** 20 children, each with one prior gift and a twentieth of the residue (an estate) or of the gift (a gift): lists long enough to be indexed. */
function twentyHeirs(kind: "estate" | "gift") {
  const ids = Array.from({ length: 20 }, (_, k) => `E${k + 1}`);
  const beneficiaries = ids.map((id) => ({ id, name: `Enfant ${id}`, relationship: "child", birthDate: "1970-01-10", disabled: false }));
  const priorGifts = ids.map((id) => ({ beneficiary: id, date: "2020-03-01", value: 10_000, cash790G: false }));
  if (kind === "gift") {
    return {
      kind,
      date: "2026-06-15",
      person: { name: "Donateur", birthDate: "1950-01-10" },
      beneficiaries,
      gifts: [{ label: "Somme", value: 2_000_000, cash: false, reservedUsufruct: false, to: ids.map((beneficiary) => ({ beneficiary, fraction: "1/20" })) }],
      priorGifts,
    };
  }
  return {
    kind,
    date: "2026-06-15",
    person: { name: "Défunt", birthDate: "1940-01-10" },
    beneficiaries,
    assets: [{ label: "Biens", value: 2_000_000 }],
    funeralCosts: 0,
    residue: ids.map((beneficiary) => ({ beneficiary, share: "1/20" })),
    priorGifts,
  };
}

/** Computes a dossier read here and returns weak references to its lists, nothing else of it. */
function computeAndForget(kind: "estate" | "gift", law: "seed" | "cgi"): WeakRef<object>[] {
  const d = readDossier({ ...twentyHeirs(kind), law });
  const r = compute(d);
  // The computation went through every child (a line each).
  expect(Object.keys(r.answer.beneficiaires)).toHaveLength(20);
  const lists: object[] = [d.beneficiaries, d.priorGifts, d.kind === "estate" ? d.residue : d.gifts];
  return lists.map((l) => new WeakRef(l));
}

describe("compute keeps nothing of its dossier (2026-06-15)", () => {
  for (const kind of ["estate", "gift"] as const) {
    for (const law of ["seed", "cgi"] as const) {
      it(`${kind}, ${law}: the lists of a computed dossier can be collected`, async () => {
        const refs = computeAndForget(kind, law);
        // A new WeakRef keeps its target until the end of the current job.
        await new Promise((resolve) => setTimeout(resolve, 0));
        gc();
        gc();
        expect(refs.map((r) => r.deref() === undefined)).toEqual([true, true, true]);
      });
    }
  }
});
