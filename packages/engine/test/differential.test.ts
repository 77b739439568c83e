/**
 * Differential fuzzing: the engine against a second, independent reader of the contract
 * (test/reference.ts), over dossiers drawn far more widely than the generator draws them: every
 * field of both rule sets, acts on the days where the law or a rule's window changes, ages one day
 * either side of 18, 50, 70 and 80, births and acts on 29 February, recalls one day either side
 * of 15 years, small estates either side of 3,000 € and 50,000 €, contracts either side of
 * 1998-10-13, seed acts from 1995 to 2035. Any difference is a bug of one of the two readers; the
 * ones found are kept as hand-computed cases in hand.test.ts and boundaries.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerOf, compute, explain, readDossier } from "../src/index.js";
import { anniversary, completedYears, referenceAnswer } from "./reference.js";

type Json = Record<string, any>;

/** A small deterministic PRNG (mulberry32) driven by fast-check's seed, to build one dossier. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T,>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const chance = (p: number): boolean => next() < p;
  return { int, pick, chance };
}
type Rng = ReturnType<typeof rng>;

const DAY = 86_400_000;
const toMs = (s: string): number => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10));
const fromMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const addDays = (s: string, n: number): string => fromMs(toMs(s) + n * DAY);
const between = (r: Rng, from: string, to: string): string => fromMs(toMs(from) + r.int(0, Math.max(0, (toMs(to) - toMs(from)) / DAY)) * DAY);
/** The day `n` years before `s` (29 February → 28 February in a common year). */
const yearsBefore = (s: string, n: number): string => {
  const y = +s.slice(0, 4) - n;
  const md = s.slice(4);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return md === "-02-29" && !leap ? `${y}-02-28` : `${y}${md}`;
};

const CGI_ACT_DAYS = ["2017-01-01", "2020-02-29", "2020-03-01", "2021-03-01", "2022-03-01", "2022-03-02", "2024-02-29", "2024-03-01", "2025-02-14", "2025-02-15", "2025-03-01", "2026-02-28", "2026-03-01", "2026-12-31"];
const SEED_ACT_DAYS = ["1995-01-01", "2010-06-01", "2011-01-01", "2011-07-30", "2011-07-31", "2012-08-16", "2012-08-17", "2016-02-29", "2030-03-01", "2035-12-31"];
const NAMES = ["Paul Martin", "Émilie Roux", "Jean-Luc Faure", "Zoé N'Diaye", "Anne Lefèvre"];

/** A birth about `n` years before the act: the same day, a day either side, a leap day, or further. */
function birthAbout(r: Rng, act: string, n: number): string {
  const base = yearsBefore(act, n);
  let b: string;
  const k = r.int(0, 9);
  if (k < 4) b = addDays(base, r.pick([-1, 0, 1]));
  else if (k < 7) {
    // A 29 February of a leap year near the base year.
    let y = +base.slice(0, 4);
    while (!((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)) y--;
    b = `${y}-02-29`;
  } else b = addDays(base, r.int(-400, 400));
  return b < act ? b : addDays(act, -1);
}

const AGES = [0, 5, 17, 18, 19, 20, 21, 30, 49, 50, 51, 60, 69, 70, 71, 79, 80, 81, 90, 91, 99];
const RELATIONSHIPS = ["spouse", "pacs", "child", "child", "child", "grandchild", "greatgrandchild", "sibling", "sibling", "nephew", "unrelated"];
const STATUSES = ["single", "married", "pacs", "widowed", "divorced", "separated"];

const euros = (r: Rng, lo: number, hi: number): number | string => {
  const e = r.int(lo, hi);
  return r.chance(0.2) ? `${e}.${String(r.int(0, 99)).padStart(2, "0")}` : e;
};

function beneficiaries(r: Rng, act: string, kind: "estate" | "gift", cgi: boolean): Json[] {
  const n = r.int(1, 5);
  const out: Json[] = [];
  let partner = false;
  for (let i = 1; i <= n; i++) {
    let rel = r.pick(RELATIONSHIPS);
    if (rel === "spouse" || rel === "pacs") {
      if (partner) rel = "child";
      partner = true;
    }
    // Ages on the edges that matter to each relationship: 50 for a sibling (art. 796-0 ter), 18 for a child (764 bis, 790 G).
    const age = rel === "sibling" && r.chance(0.6) ? r.pick([49, 50, 51]) : rel === "child" && r.chance(0.3) ? r.pick([17, 18, 19]) : r.pick(AGES);
    const b: Json = { id: `B${i}`, name: r.pick(NAMES), relationship: rel, birthDate: birthAbout(r, act, age), disabled: r.chance(0.15) };
    if (kind === "estate" && rel === "grandchild" && r.chance(0.4)) b.represents = r.pick(["Marc Martin", "Luc Martin"]);
    if (cgi && kind === "estate") {
      if (r.chance(0.15)) b.protectedAdult = true;
      if (rel === "sibling") {
        b.maritalStatus = r.pick(STATUSES);
        b.livedWithDeceased5Years = r.chance(0.7);
      }
    }
    out.push(b);
  }
  return out;
}

/** Prior gifts of the same person, on days around the recall's 15 years, 2012-08-17 and art. 790 A bis's window. */
function priorGifts(r: Rng, d: Json, cgi: boolean): Json[] {
  const act: string = d.date;
  const out: Json[] = [];
  const hasDesc = d.person.hasDescendants !== false;
  for (const b of d.beneficiaries as Json[]) {
    if (cgi && b.represents) continue;
    const descendant = ["child", "grandchild", "greatgrandchild"].includes(b.relationship);
    const cash790G = descendant || (cgi && d.kind === "gift" && !hasDesc && b.relationship === "nephew");
    let n790 = 0;
    for (let k = r.int(0, 2); k > 0; k--) {
      const fifteen = yearsBefore(act, 15);
      const date = r.pick([addDays(fifteen, -1), fifteen, addDays(fifteen, 1), "2012-08-16", "2012-08-17", between(r, "2005-01-01", addDays(act, -1)), between(r, addDays(act, -4000), addDays(act, -1))]);
      if (date >= act) continue;
      const g: Json = { beneficiary: b.id, date, value: euros(r, 500, 250_000) };
      const kind = r.int(0, 9);
      if (cash790G && kind < 3 && n790 < 2) {
        g.cash790G = true;
        g.value = r.int(100, 15_000);
        n790++;
      } else if (cgi && kind < 5 && (descendant || (!hasDesc && b.relationship === "nephew"))) {
        const from = "2025-02-15";
        const to = act <= "2026-12-31" ? addDays(act, -1) : "2026-12-31";
        if (to < from) continue;
        g.date = between(r, from, to);
        g.housing790ABis = true;
        g.value = r.int(1_000, 150_000);
      }
      if (cgi && !g.cash790G && !g.housing790ABis && (g.date < "2012-08-17" || r.chance(0.3))) {
        const value = Number(String(g.value).split(".")[0]);
        g.allowanceUsed = r.int(0, value);
        if (b.disabled && r.chance(0.5)) g.disabilityAllowanceUsed = r.int(0, value - g.allowanceUsed);
      }
      if (cgi && r.chance(0.15)) g.registered = false;
      out.push(g);
    }
  }
  return out;
}

function shares(r: Rng, ids: string[]): Json[] {
  const w = ids.map(() => r.int(1, 4));
  const W = w.reduce((a, b) => a + b, 0);
  return ids.map((id, i) => ({ beneficiary: id, share: `${w[i]}/${W}` }));
}

function estate(r: Rng, cgi: boolean): Json {
  const act = cgi ? (r.chance(0.5) ? r.pick(CGI_ACT_DAYS) : between(r, "2017-01-01", "2026-12-31")) : r.chance(0.4) ? r.pick(SEED_ACT_DAYS) : between(r, "1995-01-01", "2035-12-31");
  const d: Json = { kind: "estate", date: act, person: { name: "Jeanne Martin", birthDate: birthAbout(r, act, r.int(45, 100)) }, beneficiaries: beneficiaries(r, act, "estate", cgi) };
  if (cgi) d.law = "cgi";
  const ids = d.beneficiaries.map((b: Json) => b.id);
  // Gross estates on either side of 3,000 € and 50,000 €, or larger.
  const scale = r.pick([[50, 2_999], [2_500, 3_500], [3_000, 49_999], [45_000, 55_000], [50_000, 2_000_000]] as const);
  const assets: Json[] = [];
  for (let k = r.int(1, 4); k > 0; k--) assets.push({ label: r.pick(["Maison", "Compte courant", "Titres", "Appartement"]), value: euros(r, Math.ceil(scale[0] / 2), Math.ceil(scale[1] / 2)) });
  if (r.chance(0.05)) assets.splice(0, assets.length, { label: "Maison", value: r.pick([3_000, 50_000, 2_999, 49_999]) });
  if (cgi && r.chance(0.5)) {
    const home = assets[0]!;
    home.mainResidence = true;
    home.occupiedBy = ids.filter(() => r.chance(0.4));
    if (r.chance(0.2)) home.occupiedBySpouseChild = true;
  }
  d.assets = assets;
  const listed = assets.reduce((s, a) => s + Number(String(a.value)), 0);
  if (cgi) {
    const f = r.int(0, 4);
    if (f === 1) d.furniture = { valuation: "flat" };
    else if (f === 2) d.furniture = { valuation: "declared", value: euros(r, 0, Math.ceil(listed / 10)) };
    else if (f === 3) d.furniture = { valuation: r.pick(["inventory", "sale"]), value: euros(r, 0, Math.ceil(listed / 10)) };
  }
  // Debts and bequests within what is surely left (the main residence's 20 % and 1,500 € of funeral costs at most taken off).
  const debts = listed < 5_000 ? 0 : Math.floor(listed * 0.4 * r.int(0, 100) / 100);
  if (debts > 0) d.debts = [{ label: "Prêt", value: debts }];
  // Under seed the invoice is deducted (within 1,500 €): it may not exceed what is left after the debts.
  d.funeralCosts = cgi ? r.int(0, 6_000) : r.int(0, Math.max(0, Math.min(6_000, Math.floor(listed) - debts)));
  const netLow = Math.floor(listed * 0.8 - debts - 1_500);
  if (netLow > 10 && r.chance(0.4)) {
    const who = r.pick(ids);
    d.bequests = [{ beneficiary: who, amount: r.int(1, Math.floor(netLow / 2)) }];
  }
  const partner = d.beneficiaries.find((b: Json) => b.relationship === "spouse" || b.relationship === "pacs");
  const usufruct = partner !== undefined && ids.length > 1 && r.chance(0.4);
  const heirs = ids.filter((id: string) => !(usufruct && id === partner.id) && r.chance(0.7));
  d.residue = shares(r, heirs.length > 0 ? heirs : [ids.find((id: string) => !(usufruct && id === partner.id))!]);
  if (usufruct) d.spouseUsufruct = partner.id;
  if (cgi && r.chance(0.6)) {
    d.lifeInsurance = [];
    for (let k = r.int(1, 3); k > 0; k--) {
      const on = r.pick(["1991-11-20", "1995-06-01", "1998-10-12", "1998-10-13", "1998-10-14", between(r, "1992-01-01", addDays(act, -1))]);
      const who = ids.filter(() => r.chance(0.5));
      const to = who.length === 0 ? [r.pick(ids)] : who.slice(0, 2);
      const c: Json = {
        label: "Contrat",
        subscribedOn: on,
        beneficiaries: to.length === 1 ? [{ beneficiary: to[0], fraction: "1" }] : [{ beneficiary: to[0], fraction: "1/3" }, { beneficiary: to[1], fraction: "2/3" }],
        capitalBefore70: r.chance(0.7) ? euros(r, 0, 1_200_000) : 0,
        premiumsAfter70: r.chance(0.5) ? euros(r, 0, 120_000) : 0,
      };
      if (r.chance(0.4)) c.capitalAfter70 = euros(r, 0, 150_000);
      if (on < "1998-10-13") c.capitalBefore1998 = r.chance(0.2) ? 0 : euros(r, 1, 300_000);
      d.lifeInsurance.push(c);
    }
  }
  const prior = priorGifts(r, d, cgi);
  if (prior.length > 0) d.priorGifts = prior;
  return d;
}

function gift(r: Rng, cgi: boolean): Json {
  const act = cgi ? (r.chance(0.5) ? r.pick(CGI_ACT_DAYS) : between(r, "2017-01-01", "2026-12-31")) : r.chance(0.4) ? r.pick(SEED_ACT_DAYS) : between(r, "1995-01-01", "2035-12-31");
  const d: Json = { kind: "gift", date: act, person: { name: "Jeanne Martin", birthDate: birthAbout(r, act, r.pick([40, 55, 65, 70, 79, 80, 81, 90])) }, beneficiaries: beneficiaries(r, act, "gift", cgi) };
  if (cgi) {
    d.law = "cgi";
    if (r.chance(0.3)) d.person.hasDescendants = false;
  }
  const ids: string[] = d.beneficiaries.map((b: Json) => b.id);
  d.gifts = [];
  for (let k = r.int(1, 3); k > 0; k--) {
    const cash = r.chance(0.6);
    const g: Json = { label: cash ? "Somme d'argent" : "Appartement", value: euros(r, 1_000, 600_000), cash, reservedUsufruct: !cash && r.chance(0.5) };
    if (cgi && cash && r.chance(0.5)) g.housing790ABis = true;
    const who = ids.filter(() => r.chance(0.5)).slice(0, 2);
    const to = who.length === 0 ? [r.pick(ids)] : who;
    g.to = to.length === 1 ? [{ beneficiary: to[0], fraction: r.pick(["1", "1/2"]) }] : [{ beneficiary: to[0], fraction: "1/2" }, { beneficiary: to[1], fraction: "1/2" }];
    d.gifts.push(g);
  }
  const prior = priorGifts(r, d, cgi);
  if (prior.length > 0) d.priorGifts = prior;
  return d;
}

const dossier = (kind: "estate" | "gift", cgi: boolean) => fc.noShrink(fc.integer()).map((seed) => {
  const r = rng(seed);
  return kind === "estate" ? estate(r, cgi) : gift(r, cgi);
});

function agree(d: Json): void {
  const expected = referenceAnswer(d);
  let got;
  try {
    got = answerOf(d);
  } catch (e) {
    throw new Error(`the engine refused a dossier the contract accepts: ${(e as Error).message}\n${JSON.stringify(d)}`);
  }
  expect(got, JSON.stringify(d)).toEqual(expected);
  // The calculation sheet of every dossier is written without failing.
  expect(explain(compute(readDossier(d))).length).toBeGreaterThan(0);
}

describe("the second reader's own age rule (dates stated)", () => {
  it("a birth on 2000-02-29 completes 18 years on 2018-03-01, not 2018-02-28", () => {
    expect(anniversary("2000-02-29", 18)).toBe("2018-03-01");
    expect(completedYears("2000-02-29", "2018-02-28")).toBe(17);
    expect(completedYears("2000-02-29", "2018-03-01")).toBe(18);
    expect(completedYears("2004-02-29", "2024-02-29")).toBe(20);
  });
});

describe("differential: the engine and an independent reader of the contract agree", () => {
  it("cgi estates (acts 2017-2026)", () => {
    fc.assert(fc.property(dossier("estate", true), agree), { numRuns: 1_500 });
  });
  it("cgi gifts (acts 2017-2026)", () => {
    fc.assert(fc.property(dossier("gift", true), agree), { numRuns: 1_000 });
  });
  it("seed estates (acts 1995-2035: the seed's amounts whatever the date)", () => {
    fc.assert(fc.property(dossier("estate", false), agree), { numRuns: 600 });
  });
  it("seed gifts (acts 1995-2035)", () => {
    fc.assert(fc.property(dossier("gift", false), agree), { numRuns: 600 });
  });
});
