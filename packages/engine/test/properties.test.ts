/**
 * Properties (fast-check) that hold for every valid dossier, and that follow from the law's
 * structure rather than from the engine's code: monotony and progressivity of the scales,
 * independence from list order, conservation of the residue, JSON round trips, and the
 * direction in which switching a rule off moves each tax.
 */
import Fraction from "fraction.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lawOn } from "@succ/rules";
import { answerOf, compute, parseDossierText, readDossier, RULES, type Answer, type Rule } from "../src/index.js";
import { scaleTax } from "../src/internal.js";
import { dateIn, dossierArb, estateArb, giftArb, permutation, type Json } from "./arbitraries.js";
import { estateOf } from "./helpers.js";

// More runs on demand: FC_NUM_RUNS=5000 npx vitest run --project @succ/engine
fc.configureGlobal({ numRuns: Number(process.env.FC_NUM_RUNS ?? 100) });

const SCALE_NAMES = ["directLine", "spouse", "sibling", "nephew", "unrelated"] as const;
/** Amounts in cents up to 3,000,000 € (beyond the last band edge), with the edges themselves likely. */
const EDGES = [8072, 12109, 15932, 24430, 31865, 552324, 902838, 1805677];
const cents = fc.oneof(
  fc.integer({ min: 0, max: 300_000_000 }),
  fc.constantFrom(...EDGES.map((e) => e * 100)),
  fc.constantFrom(...EDGES.flatMap((e) => [e * 100 - 1, e * 100 + 1])),
);
const eur = (c: number) => new Fraction(c, 100);

/** The scales of art. 777 in force in 2017-2026 (the years of the arbitrary dossiers). */
const SCALES = lawOn("2026-01-01").scales;

describe("scales (art. 777, in force in 2017-2026)", () => {
  it("the tax never decreases when the taxable amount grows", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCALE_NAMES), cents, cents, (name, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(scaleTax(SCALES[name], eur(lo)).lte(scaleTax(SCALES[name], eur(hi)))).toBe(true);
      }),
    );
  });
  it("progressivity: scale(T + x) − scale(T) ≥ scale(x), exactly", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCALE_NAMES), cents, cents, (name, t, x) => {
        const T = eur(t);
        const X = eur(x);
        const slice = scaleTax(SCALES[name], T.add(X)).sub(scaleTax(SCALES[name], T));
        expect(slice.gte(scaleTax(SCALES[name], X))).toBe(true);
      }),
    );
  });
  it("every slice is taxed between the lowest and the highest rate of its scale", () => {
    const rates: Record<(typeof SCALE_NAMES)[number], [number, number]> = {
      directLine: [5, 45],
      spouse: [5, 45],
      sibling: [35, 45],
      nephew: [55, 55],
      unrelated: [60, 60],
    };
    fc.assert(
      fc.property(fc.constantFrom(...SCALE_NAMES), cents, cents, (name, t, x) => {
        const slice = scaleTax(SCALES[name], eur(t + x)).sub(scaleTax(SCALES[name], eur(t)));
        const [lo, hi] = rates[name];
        expect(slice.gte(eur(x).mul(lo).div(100))).toBe(true);
        expect(slice.lte(eur(x).mul(hi).div(100))).toBe(true);
      }),
    );
  });
});

/** Droits of each beneficiary, by id. */
const droits = (a: Answer) => Object.fromEntries(Object.entries(a.beneficiaires).map(([k, v]) => [k, v.droits]));
const taxable = (a: Answer) => Object.fromEntries(Object.entries(a.beneficiaires).map(([k, v]) => [k, v.part_taxable]));

describe("answers of valid dossiers", () => {
  it("are whole non-negative euros, the total is the sum, and each tax lies between 5 % and 60 % of the taxable share (± rounding)", () => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const a = answerOf(d);
        expect(Object.keys(a.beneficiaires)).toEqual(d.beneficiaries.map((b: Json) => b.id));
        let total = 0;
        for (const { part_taxable: x, droits: t } of Object.values(a.beneficiaires)) {
          expect(Number.isSafeInteger(x) && x >= 0).toBe(true);
          expect(Number.isSafeInteger(t) && t >= 0).toBe(true);
          expect(t).toBeLessThanOrEqual(0.6 * x + 0.5);
          expect(t).toBeGreaterThanOrEqual(0.05 * x - 0.5);
          total += t;
        }
        expect(a.total_droits).toBe(total);
      }),
    );
  });
  it("the spouse or PACS partner is exempt in every estate", () => {
    fc.assert(
      fc.property(estateArb, (d) => {
        const a = answerOf(d);
        for (const b of d.beneficiaries) {
          if (b.relationship === "spouse" || b.relationship === "pacs") expect(a.beneficiaires[b.id]).toEqual({ part_taxable: 0, droits: 0 });
        }
      }),
    );
  });
  it("do not depend on the order of any list", () => {
    const shuffled = (d: Json) =>
      fc
        .record({
          beneficiaries: permutation(d.beneficiaries),
          assets: permutation(d.assets ?? []),
          debts: permutation(d.debts ?? []),
          bequests: permutation(d.bequests ?? []),
          residue: permutation(d.residue ?? []),
          gifts: permutation<Json>(d.gifts ?? []),
          priorGifts: permutation(d.priorGifts ?? []),
          to: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        })
        .map((p) => {
          const e: Json = { ...d, beneficiaries: p.beneficiaries, priorGifts: p.priorGifts };
          if (d.kind === "estate") Object.assign(e, { assets: p.assets, debts: p.debts, bequests: p.bequests, residue: p.residue });
          else {
            // Also rotate each gift's list of donees.
            e.gifts = p.gifts.map((g: Json, i: number) => {
              const k = p.to[i % 4]! % g.to.length;
              return { ...g, to: [...g.to.slice(k), ...g.to.slice(0, k)] };
            });
          }
          return [d, e] as const;
        });
    fc.assert(
      fc.property(dossierArb.chain(shuffled), ([d, e]) => {
        // toEqual compares the beneficiaries' entries whatever their order.
        expect(answerOf(e)).toEqual(answerOf(d));
      }),
    );
  });
  it("estates: the residue parts add up to the residue, the net estate is bequests + residue", () => {
    fc.assert(
      fc.property(estateArb, (d) => {
        const r = compute(readDossier(d));
        const e = estateOf(r);
        let residueParts = new Fraction(0);
        let usufruct = new Fraction(0);
        let bequests = new Fraction(0);
        for (const b of r.beneficiaries) {
          for (const p of b.parts) {
            if (p.kind === "residue") residueParts = residueParts.add(p.amount);
            if (p.kind === "residueUsufruct") usufruct = usufruct.add(p.amount);
            if (p.kind === "bequest") bequests = bequests.add(p.amount);
          }
        }
        if (d.spouseUsufruct === null) {
          expect(usufruct.equals(0)).toBe(true);
          expect(residueParts.equals(e.residue)).toBe(true);
        } else {
          // Bare ownership of the heirs + usufruct of the spouse = the residue in full ownership.
          expect(residueParts.add(usufruct).equals(e.residue)).toBe(true);
          expect(usufruct.gt(0) || e.residue.equals(0)).toBe(true);
        }
        expect(bequests.equals(e.bequests)).toBe(true);
        expect(e.bequests.add(e.residue).equals(e.netEstate)).toBe(true);
        expect(e.netEstate.gte(0)).toBe(true);
      }),
    );
  });
  it("gifts: what the donees receive never exceeds what is given", () => {
    fc.assert(
      fc.property(giftArb, (d) => {
        const r = compute(readDossier(d), { ignore: ["usufruct669"] });
        const given = d.gifts.reduce((s: Fraction, g: Json) => s.add(new Fraction(String(g.value))), new Fraction(0));
        const received = r.beneficiaries.reduce((s, b) => s.add(b.received), new Fraction(0));
        expect(received.lte(given)).toBe(true);
        // With every fraction list summing to 1, it is exactly what is given.
        const whole = d.gifts.every((g: Json) => g.to.reduce((s: Fraction, t: Json) => s.add(new Fraction(t.fraction)), new Fraction(0)).equals(1));
        if (whole) expect(received.equals(given)).toBe(true);
      }),
    );
  });
  it("a dossier's JSON read, written and read again gives the same answer", () => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const a = answerOf(d);
        const text = JSON.stringify(d);
        expect(compute(parseDossierText(text)).answer).toEqual(a);
        expect(answerOf(JSON.parse(text))).toEqual(a);
        // Pretty-printed text too.
        expect(compute(parseDossierText(JSON.stringify(d, null, 2))).answer).toEqual(a);
      }),
    );
  });
  it("the tax never decreases when a given asset or an estate's asset grows", () => {
    fc.assert(
      fc.property(dossierArb, fc.nat(), fc.integer({ min: 1, max: 50_000_000 }), (d, pick, deltaCents) => {
        const bigger = structuredClone(d);
        const list = d.kind === "estate" ? bigger.assets : bigger.gifts;
        const item = list[pick % list.length];
        item.value = new Fraction(String(item.value)).add(deltaCents, 100).toString(2);
        const before = answerOf(d);
        const after = answerOf(bigger);
        for (const id of Object.keys(before.beneficiaires)) {
          expect(after.beneficiaires[id]!.part_taxable).toBeGreaterThanOrEqual(before.beneficiaires[id]!.part_taxable);
          expect(after.beneficiaires[id]!.droits).toBeGreaterThanOrEqual(before.beneficiaires[id]!.droits);
        }
      }),
    );
  });
});

describe("counterfactuals: switching a rule off moves every tax in one direction", () => {
  // Each rule either only ever helps the taxpayer (switching it off can only raise a tax) or
  // only ever costs him (switching it off can only lower a tax). The scales being progressive
  // (previous block), starting higher on the scale never lowers a slice's tax.
  const raises: Rule[] = ["exemption790G", "gift790G", "usufruct669", "disabilityAllowance", "spouseExemption", "representation", "funeralFlat", "nephew790G", "smallEstate", "siblingExemption", "mainResidence764bis", "housing790ABis"];
  // The last four change the levy of art. 990 I or the premiums of art. 757 B, never a tax upward.
  const lowers: Rule[] = ["funeralCap", "recall", "lowerBands", "ageConditions790G", "defaultAllowanceAlone", "furniture764", "premiums757B", "allowance757BShared", "levy990I", "levyExemption990I"];
  // The seed recall uses today's allowance for every gift: more or less than the allowances the
  // gifts really used, by the dossier.
  const either: Rule[] = ["allowancesUsed"];
  it("every rule of RULES is classified", () => {
    expect([...raises, ...lowers, ...either].sort()).toEqual([...RULES].sort());
  });
  it.each(raises)("ignoring %s never lowers a tax or a taxable share", (rule) => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const base = answerOf(d);
        const cf = answerOf(d, { ignore: [rule] });
        for (const id of Object.keys(base.beneficiaires)) {
          expect(droits(cf)[id]).toBeGreaterThanOrEqual(droits(base)[id]!);
          expect(taxable(cf)[id]).toBeGreaterThanOrEqual(taxable(base)[id]!);
        }
      }),
    );
  });
  it.each(lowers)("ignoring %s never raises a tax", (rule) => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const base = answerOf(d);
        const cf = answerOf(d, { ignore: [rule] });
        for (const id of Object.keys(base.beneficiaires)) {
          expect(droits(cf)[id]).toBeLessThanOrEqual(droits(base)[id]!);
        }
      }),
    );
  });
  it("ignoring 790 G entirely costs at least as much as ignoring only the exemption", () => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const only = droits(answerOf(d, { ignore: ["exemption790G"] }));
        const all = droits(answerOf(d, { ignore: ["gift790G"] }));
        for (const id of Object.keys(only)) expect(all[id]).toBeGreaterThanOrEqual(only[id]!);
      }),
    );
  });
  it("without prior gifts, the recall rules change nothing", () => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const e = { ...d, priorGifts: [] };
        const a = answerOf(e);
        expect(answerOf(e, { ignore: ["recall"] })).toEqual(a);
        expect(answerOf(e, { ignore: ["lowerBands"] })).toEqual(a);
        expect(answerOf(e, { ignore: ["gift790G"] })).toEqual(answerOf(e, { ignore: ["exemption790G"] }));
      }),
    );
  });
  it("every rule ignored at once still gives a valid answer", () => {
    fc.assert(
      fc.property(dossierArb, (d) => {
        const a = answerOf(d, { ignore: RULES });
        for (const v of Object.values(a.beneficiaires)) expect(v.part_taxable >= 0 && v.droits >= 0).toBe(true);
      }),
    );
  });
});

describe("dates against independent oracles", () => {
  /** `YYYY-MM-DD` strings compare like dates. */
  const yearsBefore = (date: string, n: number) => `${+date.slice(0, 4) - n}${date.slice(4)}`;

  it("a prior gift is recalled iff dated strictly after the act date minus 15 years (same day and month), acts of 2017-2026", () => {
    fc.assert(
      fc.property(dateIn(2017, 2026), fc.integer({ min: 0, max: 3 * 366 }), (act, back) => {
        // A date near the 15-year boundary: from 15 years + ~18 months before to ~18 months after.
        const anniversary = yearsBefore(act, 15).replace(/-02-29$/, "-02-28");
        const t = new Date(`${anniversary}T00:00:00Z`).getTime() + (back - 549) * 86_400_000;
        const gdate = new Date(t).toISOString().slice(0, 10);
        const d = {
          kind: "gift",
          date: act,
          person: { name: "P", birthDate: "1950-01-01" },
          beneficiaries: [{ id: "C", name: "Enfant", relationship: "child", birthDate: "1975-01-01" }],
          gifts: [{ label: "Bien", value: 100000, to: [{ beneficiary: "C", fraction: "1" }] }],
          priorGifts: [{ beneficiary: "C", date: gdate, value: 100000 }],
        };
        const recalled = compute(readDossier(d)).beneficiaries[0]!.recall.recalled.length === 1;
        expect(recalled).toBe(gdate > yearsBefore(act, 15));
      }),
    );
  });

  it("790 G applies iff the donee has turned 18 and the donor not 80 (completed years, birthday included)", () => {
    fc.assert(
      fc.property(dateIn(2017, 2026), dateIn(1925, 1995), dateIn(1990, 2011), (act, donorBirth, doneeBirth) => {
        const d = {
          kind: "gift",
          date: act,
          person: { name: "P", birthDate: donorBirth },
          beneficiaries: [{ id: "C", name: "Enfant", relationship: "child", birthDate: doneeBirth }],
          gifts: [{ label: "Chèque", value: 10000, cash: true, to: [{ beneficiary: "C", fraction: "1" }] }],
        };
        // Turned N on the act date iff born on or before the act date minus N years (a 29 February
        // birth turns N on 1 March of a common year: "YYYY-02-29" > "YYYY-02-28").
        const doneeAdult = doneeBirth <= yearsBefore(act, 18);
        const donorUnder80 = donorBirth > yearsBefore(act, 80);
        const ex = compute(readDossier(d)).beneficiaries[0]!.exemption790G!;
        expect(ex.eligible).toBe(doneeAdult && donorUnder80);
      }),
    );
  });

  it("art. 669: the bare-ownership value follows its table for any donor age", () => {
    // Art. 669: usufruct ≤ 20: 90 %, 21–30: 80 %, …, 81–90: 20 %, ≥ 91: 10 %.
    const usufruct = (age: number) => (age <= 20 ? 90 : age >= 91 ? 10 : 90 - 10 * Math.ceil((age - 20) / 10));
    fc.assert(
      fc.property(fc.integer({ min: 18, max: 110 }), fc.integer({ min: 1, max: 10000 }), (age, hundreds) => {
        // Birthday on the act date: exactly `age`. Value in hundreds of euros: bare share whole.
        const d = {
          kind: "gift",
          date: "2026-06-15",
          person: { name: "P", birthDate: `${2026 - age}-06-15` },
          beneficiaries: [{ id: "U", name: "Ami", relationship: "unrelated", birthDate: "1980-01-01" }],
          gifts: [{ label: "Bien", value: hundreds * 100, reservedUsufruct: true, to: [{ beneficiary: "U", fraction: "1" }] }],
        };
        expect(answerOf(d).beneficiaires.U!.part_taxable).toBe(hundreds * (100 - usufruct(age)));
      }),
    );
  });
});
