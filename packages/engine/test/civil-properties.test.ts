/**
 * Properties of computed mode (fast-check) that follow from the Code civil, not from the engine's
 * code: the shares of the property add up to the net estate, the usufruct and the bare
 * ownership match, the reserve of the descendants is never breached, and removing a legatee
 * never lowers what an heir takes. Deaths of 2025-06-12 ("cgi" rules).
 */
import Fraction from "fraction.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lawOn } from "@succ/rules";
import { compute, isDossierError, readDossier, type Devolution, type EstateDossier } from "../src/index.js";
import { bySouche, heirsByLaw, legalHeirIds, soucheIds } from "../src/civil/heirs.js";

fc.configureGlobal({ numRuns: Number(process.env.FC_NUM_RUNS ?? 150) });

type Json = Record<string, any>;

/** A drawn family with its beneficiaries (built by one counter, so ids never repeat). */
interface Drawn {
  beneficiaries: Json[];
  family: Json;
}

const status = fc.constantFrom("alive", "alive", "predeceased", "renounced");
/** A tree of up to `depth` generations below a node: each level 0-2 nodes. */
type Tree = { s: string; kids: Tree[] };
const tree = (depth: number): fc.Arbitrary<Tree> =>
  depth === 0 ? status.map((s) => ({ s: s === "alive" ? "alive" : "predeceased", kids: [] })) : fc.record({ s: status, kids: fc.array(tree(depth - 1), { maxLength: 2 }) });

const familyArb = fc.record({
  spouse: fc.boolean(),
  children: fc.array(fc.record({ t: tree(2), common: fc.boolean() }), { maxLength: 3 }),
  father: fc.boolean(),
  mother: fc.boolean(),
  siblings: fc.array(fc.record({ t: tree(1), blood: fc.constantFrom("germain", "consanguin", "uterin") }), { maxLength: 2 }),
  ascendants: fc.array(fc.record({ branch: fc.constantFrom("paternal", "maternal"), degree: fc.integer({ min: 2, max: 3 }) }), { maxLength: 2 }),
  collaterals: fc.array(fc.record({ branch: fc.constantFrom("paternal", "maternal"), degree: fc.integer({ min: 3, max: 6 }) }), { maxLength: 2 }),
  option: fc.constantFrom("legal_quarter", "legal_usufruct"),
});

type FamilyDraw = typeof familyArb extends fc.Arbitrary<infer T> ? T : never;

function build(f: FamilyDraw): Drawn {
  let n = 0;
  const beneficiaries: Json[] = [];
  const person = (rel: string, birth = "1970-01-01"): string => {
    const id = `P${n++}`;
    beneficiaries.push({ id, name: `Personne ${id}`, relationship: rel, birthDate: birth });
    return id;
  };
  const rels = ["child", "grandchild", "greatgrandchild"];
  const node = (t: Tree, gen: number, line: "child" | "sibling"): Json => {
    if (t.s === "alive") return { id: person(line === "child" ? rels[gen]! : gen === 0 ? "sibling" : "nephew") };
    return { id: `X${n++}`, name: "Absent", status: t.s, descendants: t.kids.map((k) => node(k, gen + 1, line)) };
  };
  const family: Json = { children: [], siblings: [] };
  if (f.spouse) family.spouse = person("spouse", "1950-03-01");
  family.children = f.children.map((c) => ({ ...node(c.t, 0, "child"), ...(f.spouse ? { common: c.common } : {}) }));
  family.father = f.father ? { id: person("parent", "1930-01-01") } : { status: "predeceased" };
  family.mother = f.mother ? { id: person("parent", "1932-01-01") } : { status: "predeceased" };
  family.siblings = f.siblings.map((s) => ({ ...node(s.t, 0, "sibling"), blood: s.blood }));
  family.ascendants = f.ascendants.map((a) => ({ id: person("ascendant", "1915-01-01"), ...a }));
  family.collaterals = f.collaterals.map((c) => ({ id: person("collateral"), ...c }));
  return { beneficiaries, family };
}

const willArb = fc.record({
  bequest: fc.option(fc.integer({ min: 1, max: 400_000 }), { nil: null }),
  fraction: fc.option(fc.constantFrom("1/10", "1/4", "1/3", "1/2", "2/3", "1"), { nil: null }),
  universal: fc.boolean(),
  gift: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
});

/** A dossier from a drawn family and will (friends F1, F2 and F3 as legatees, F4 as an earlier donee). */
type WillDraw = typeof willArb extends fc.Arbitrary<infer T> ? T : never;

function dossierOf(f: FamilyDraw, w: WillDraw, gross: number): Json {
  const { beneficiaries, family } = build(f);
  beneficiaries.push({ id: "F1", name: "Ami Un", relationship: "unrelated", birthDate: "1980-01-01" });
  beneficiaries.push({ id: "F2", name: "Ami Deux", relationship: "unrelated", birthDate: "1981-01-01" });
  beneficiaries.push({ id: "F3", name: "Ami Trois", relationship: "unrelated", birthDate: "1982-01-01" });
  beneficiaries.push({ id: "F4", name: "Ami Quatre", relationship: "unrelated", birthDate: "1983-01-01" });
  const d: Json = { kind: "estate", law: "cgi", date: "2025-06-12", person: { name: "Claude", birthDate: "1948-01-01" }, beneficiaries, assets: [{ label: "Comptes", value: gross }], family };
  if (f.spouse) d.marriage = { regime: "separation_de_biens", ...(family.children.some((c: Json) => c.status === undefined || c.descendants?.length) ? { spouseOption: f.option } : {}) };
  if (w.bequest !== null) d.bequests = [{ beneficiary: "F1", amount: w.bequest }];
  const will: Json = {};
  if (w.fraction !== null) will.fractionalLegacies = [{ beneficiary: "F2", share: w.fraction }];
  if (w.universal) will.universalLegatee = "F3";
  if (Object.keys(will).length > 0) d.will = will;
  if (w.gift !== null) d.priorGifts = [{ beneficiary: "F4", date: "2020-01-01", value: w.gift }];
  return d;
}

/** The devolution of a dossier, or null when computed mode refuses it (a combination it does not model). */
function devolutionOf(d: Json): Devolution | null {
  try {
    const r = compute(readDossier(d));
    return r.kind === "estate" ? (r.devolution ?? null) : null;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}

const total = (dev: Devolution, pick: (s: Devolution["shares"][number]) => Fraction): Fraction => dev.shares.reduce((a, s) => a.add(pick(s)), new Fraction(0));
const gross = fc.integer({ min: 10_000, max: 3_000_000 });

describe("computed mode: properties of the devolution", () => {
  it("the property given out adds up to the net estate, and every usufruct has its bare ownership", () => {
    let computed = 0;
    fc.assert(
      fc.property(familyArb, willArb, gross, (f, w, g) => {
        const dev = devolutionOf(dossierOf(f, w, g));
        fc.pre(dev !== null);
        computed++;
        const property = total(dev!, (s) => s.fullOwnership.add(s.bareOwnership).add(s.legacies).add(s.retour));
        expect(property.equals(dev!.netEstate)).toBe(true);
        expect(total(dev!, (s) => s.usufruct).equals(total(dev!, (s) => s.bareOwnership))).toBe(true);
        for (const s of dev!.shares) for (const x of [s.fullOwnership, s.usufruct, s.bareOwnership, s.legacies, s.retour]) expect(x.s >= 0n || x.equals(0)).toBe(true);
      }),
    );
    expect(computed).toBeGreaterThan(30);
  });
  it("the reserve of the descendants is never breached: they keep (1 − q) × M in property", () => {
    fc.assert(
      fc.property(familyArb, willArb, gross, (f, w, g) => {
        const d = dossierOf(f, w, g);
        const dev = devolutionOf(d);
        fc.pre(dev !== null && dev.childrenCounted > 0);
        const descendants = new Set(d.beneficiaries.filter((b: Json) => ["child", "grandchild", "greatgrandchild"].includes(b.relationship)).map((b: Json) => b.id));
        const kept = dev!.shares.filter((s) => descendants.has(s.id)).reduce((a, s) => a.add(s.fullOwnership).add(s.bareOwnership), new Fraction(0));
        const reserve = new Fraction(1).sub(dev!.disposableShare).mul(dev!.calculationMass);
        expect(kept.gte(reserve)).toBe(true);
      }),
    );
  });
  it("removing a legatee never lowers what an heir takes", () => {
    fc.assert(
      fc.property(familyArb, willArb, gross, fc.constantFrom("F1", "F2", "F3"), (f, w, g, gone) => {
        const d = dossierOf(f, w, g);
        const before = devolutionOf(d);
        fc.pre(before !== null);
        const without = structuredClone(d);
        without.beneficiaries = without.beneficiaries.filter((b: Json) => b.id !== gone);
        if (without.bequests) without.bequests = without.bequests.filter((b: Json) => b.beneficiary !== gone);
        if (without.will?.fractionalLegacies) without.will.fractionalLegacies = without.will.fractionalLegacies.filter((l: Json) => l.beneficiary !== gone);
        if (without.will?.universalLegatee === gone) delete without.will.universalLegatee;
        const after = devolutionOf(without);
        fc.pre(after !== null);
        const heirTake = (s: Devolution["shares"][number]) => s.fullOwnership.add(s.bareOwnership).add(s.usufruct).add(s.retour);
        for (const s of after!.shares) {
          if (s.title === "legatee") continue;
          const was = before!.shares.find((x) => x.id === s.id)!;
          expect(heirTake(s).gte(heirTake(was)), s.id).toBe(true);
        }
      }),
    );
  });
});

describe("computed mode: who inherits, named before the law is read (the reader's checks)", () => {
  it("legalHeirIds names those heirsByLaw credits and those who come in another's place; soucheIds those bySouche credits", () => {
    const noWill: WillDraw = { bequest: null, fraction: null, universal: false, gift: null };
    const law = lawOn("2025-06-12");
    const sorted = (xs: Iterable<string>): string[] => [...xs].sort();
    let compared = 0;
    fc.assert(
      fc.property(familyArb, (f) => {
        let d: EstateDossier;
        try {
          d = readDossier(dossierOf(f, noWill, 500_000)) as EstateDossier;
        } catch (e) {
          if (!isDossierError(e)) throw e;
          return fc.pre(false);
        }
        const family = d.civil!.family;
        const legal = heirsByLaw(family, law);
        const named = legalHeirIds(family);
        expect(sorted(named.ids)).toEqual(sorted(legal.dist.shares.keys()));
        expect(sorted(named.through)).toEqual(sorted(legal.dist.representation.keys()));
        for (const [line, nodes] of [["child", family.children], ["sibling", family.siblings]] as const) {
          const ids = new Set<string>();
          const through = new Set<string>();
          soucheIds(nodes, ids, through);
          const dist = bySouche(nodes, line);
          expect(sorted(ids)).toEqual(sorted(dist.shares.keys()));
          expect(sorted(through)).toEqual(sorted(dist.representation.keys()));
        }
        compared++;
      }),
    );
    expect(compared).toBeGreaterThan(30);
  });
});
