import { JsonNumber, parseJsonExact } from "@succ/engine";
import { describe, expect, it } from "vitest";
import { civilShare, familyTree, hasFamily } from "../src/logic/family-tree.js";

// A computed-mode dossier written by hand: a spouse B1, a living child B2 (common), a child Pierre
// who predeceased (represented by B3 and B4, one souche), a renouncing child Luc without any
// descendant (no souche), a child of an earlier union B5, a predeceased father, a living mother
// B6, a consanguine brother B7, and a friend B8 outside the family.
const dossier = {
  kind: "estate",
  law: "cgi",
  date: "2026-03-20",
  person: { name: "Henri Dubois", birthDate: "1952-02-02" },
  beneficiaries: [
    { id: "B1", name: "Christine Dubois", relationship: "spouse" },
    { id: "B2", name: "Pauline Dubois", relationship: "child" },
    { id: "B3", name: "Léa Dubois", relationship: "grandchild" },
    { id: "B4", name: "Tom Dubois", relationship: "grandchild" },
    { id: "B5", name: "Marc Dubois", relationship: "child" },
    { id: "B6", name: "Jeanne Dubois", relationship: "parent" },
    { id: "B7", name: "Paul Dubois", relationship: "sibling" },
    { id: "B8", name: "Hugo Lenoir", relationship: "unrelated" },
  ],
  family: {
    spouse: "B1",
    children: [
      { id: "B2", common: true },
      { id: "P1", name: "Pierre Dubois", status: "predeceased", common: true, descendants: [{ id: "B3" }, { id: "B4" }] },
      { id: "P2", name: "Luc Dubois", status: "renounced", common: true },
      { id: "B5", common: false },
    ],
    father: { status: "predeceased" },
    mother: { id: "B6" },
    siblings: [{ id: "B7", blood: "consanguin" }],
  },
};

describe("the family tree of a computed-mode dossier", () => {
  it("draws nothing without family", () => {
    expect(hasFamily({ kind: "estate" })).toBe(false);
    expect(familyTree({ kind: "estate", beneficiaries: [] })).toBeNull();
    expect(familyTree(null)).toBeNull();
  });

  it("places each person with their status and their souche", () => {
    const t = familyTree(dossier)!;
    expect(t.deceased).toEqual({ name: "Henri Dubois", date: "2026-03-20" });
    expect(t.spouse?.id).toBe("B1");
    // Souches: B2 (A), Pierre's line (B), Luc forms none (no descendant), B5 (C).
    expect(t.children.map((c) => [c.name, c.status, c.souche, c.common])).toEqual([
      ["Pauline Dubois", "alive", "A", true],
      ["Pierre Dubois", "predeceased", "B", true],
      ["Luc Dubois", "renounced", null, true],
      ["Marc Dubois", "alive", "C", false],
    ]);
    expect(t.children[1]!.children.map((c) => [c.id, c.place, c.souche])).toEqual([
      ["B3", "grandchild", "B"],
      ["B4", "grandchild", "B"],
    ]);
    expect(t.parents.map((p) => [p.place, p.status, p.name])).toEqual([
      ["father", "predeceased", ""],
      ["mother", "alive", "Jeanne Dubois"],
    ]);
    expect(t.siblings.map((s) => [s.id, s.place])).toEqual([["B7", "halfsibling:consanguin"]]);
    // The friend is the only beneficiary outside the family.
    expect(t.others.map((o) => [o.id, o.place])).toEqual([["B8", "legatee:unrelated"]]);
    expect(t.computed).toBe(false);
  });

  it("reads the numbers of a text parsed exactly (JsonNumber), as the calculator does", () => {
    const text = JSON.stringify({ ...dossier, family: { ...dossier.family, ascendants: [{ id: "B9", branch: "maternal", degree: 2 }] } });
    const t = familyTree(parseJsonExact(text))!;
    expect(t.branches.maternal.map((a) => [a.id, a.place])).toEqual([["B9", "ascendant:2"]]);
    expect(t.branches.paternal).toEqual([]);
  });

  it("shows each heir's title, basis and non-zero parts when the engine gives a devolution", () => {
    const devolution = {
      shares: {
        B1: { title: "spouse", basis: "art. 757", fullOwnership: "77125", usufruct: "0", bareOwnership: "0", legacies: "0", retour757_3: "0", ofNetEstate: { fullOwnership: "1/4", usufruct: "0", bareOwnership: "0" } },
        B3: { title: "heir", basis: "art. 752", fullOwnership: "0", usufruct: "0", bareOwnership: "0", legacies: "0", retour757_3: "0", ofNetEstate: { fullOwnership: "0", usufruct: "0", bareOwnership: "0" } },
      },
    };
    const t = familyTree(dossier, devolution)!;
    expect(t.computed).toBe(true);
    expect(t.spouse!.share).toEqual({ title: "spouse", basis: "art. 757", parts: ["PP 1/4 N (77125 €)"] });
    expect(t.children[1]!.children[0]!.share).toEqual({ title: "heir", basis: "art. 752", parts: [] });
    // No share for a person the devolution does not list.
    expect(t.children[0]!.share).toBeNull();
    expect(civilShare({ title: "legatee", legacies: new JsonNumber("20000.50") })).toEqual({ title: "legatee", basis: null, parts: ["legs 20000.50 €"] });
  });
});

describe("the family tree of a level-7 task", () => {
  it("shows every beneficiary of the devolution with the engine's share", async () => {
    const { generateTask } = await import("@succ/generator");
    const { compute, readDossier } = await import("@succ/engine");
    const { devolutionOf } = await import("../src/logic/family-tree.js");
    const t = generateTask(0, 0, 7 as 0);
    const result = compute(readDossier(t.info.dossier));
    const tree = familyTree(t.info.dossier, devolutionOf(result))!;
    expect(tree.computed).toBe(true);
    const all = [tree.spouse, tree.partner, ...tree.parents, ...tree.branches.paternal, ...tree.branches.maternal, ...tree.others];
    const walk = (nodes: typeof tree.children): void => {
      for (const n of nodes) {
        all.push(n);
        walk(n.children);
      }
    };
    walk(tree.children);
    walk(tree.siblings);
    // Every beneficiary appears once, with the engine's title.
    for (const b of t.info.dossier.beneficiaries) {
      const found = all.filter((n) => n?.id === b.id);
      expect(found.length, b.id).toBe(1);
      expect(found[0]!.share?.title).toBe((t.info.devolution!.shares as Record<string, { title: string }>)[b.id]!.title);
    }
  });
});
