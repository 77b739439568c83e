import type Fraction from "fraction.js";
import type { Law } from "@succ/rules";
import { add, mul, mulRatio, ONE, ratio, sub, ZERO } from "../exact.js";
import type { Branch, Family, FamilyNode, Relative } from "./family.js";
import { listOf } from "../lists.js";

/**
 * Heirs by law (C. civ. art. 734-755): the four orders, the degrees, representation of the
 * predeceased and of the renouncing, the division by souches and, in the 3rd and 4th orders, by
 * branches (fente). Every share is a fraction of the mass the heirs take by law.
 */

/** The fractions of the law read so far, by their text (a handful: the law's own values). */
const LAW_FRACTIONS = new Map<string, Fraction>();

/** A fraction of the law, written "n/d" in @succ/rules (read once for each text; the arithmetic never modifies a fraction). */
export function lawFraction(text: string): Fraction {
  let f = LAW_FRACTIONS.get(text);
  if (f === undefined) {
    const [n, d] = text.split("/").map(Number) as [number, number | undefined];
    f = ratio(n, d ?? 1);
    // Bounded: a law's fractions are few; a source of its own (a fictional law) adds its own few.
    if (LAW_FRACTIONS.size < 256) LAW_FRACTIONS.set(text, f);
  }
  return f;
}

/**
 * Whether a node counts as a souche: alive and accepting, or predeceased or renounced with a
 * living, accepting descendant at some depth (art. 751-755; a renouncer is treated as a
 * predeceased person, decision D4).
 */
export function formsSouche(n: FamilyNode): boolean {
  return n.status === "alive" || n.descendants.some(formsSouche);
}

/** How a person who takes in the place of another comes (for the sheet and for the tax). */
export interface Representation {
  /** The line: a child's souche (direct line) or a sibling's. */
  line: "child" | "sibling";
  /** The predeceased or renouncing child or sibling at the head of the souche. */
  head: FamilyNode;
  /** How many souches of that line come. */
  souches: number;
  /** The member's part of the souche's share (art. 753: per souche, then per head). */
  ofSouche: Fraction;
}

/** Shares of a mass (summing to 1 when anyone takes), with who comes by representation. */
export interface Distribution {
  shares: Map<string, Fraction>;
  representation: Map<string, Representation>;
  /** The souches of the line that comes (children or siblings), with each one's share. */
  souches: { node: FamilyNode; share: Fraction }[];
}

function emptyDistribution(): Distribution {
  return { shares: new Map(), representation: new Map(), souches: [] };
}

function credit(m: Map<string, Fraction>, id: string, x: Fraction): void {
  m.set(id, add(m.get(id) ?? ZERO, x));
}

/**
 * A line's souches share `whole` equally (art. 744, 753); within a predeceased or renouncing
 * person's souche, the share goes down per head to those who form souches below (art. 752).
 */
export function bySouche(nodes: readonly FamilyNode[], line: "child" | "sibling", whole: Fraction = ONE, into: Distribution = emptyDistribution()): Distribution {
  const souches = nodes.filter(formsSouche);
  const k = souches.length;
  if (k === 0) return into;
  const each = mulRatio(whole, 1, k);
  // `parts`: into how many equal parts the souche's share is divided down to n's children.
  const spread = (n: FamilyNode, parts: number, head: FamilyNode): void => {
    const below = n.descendants.filter(formsSouche);
    const p = parts * below.length;
    const part = mulRatio(each, 1, p);
    for (const c of below) {
      if (c.status === "alive") {
        credit(into.shares, c.id!, part);
        const prev = into.representation.get(c.id!);
        const ofSouche = ratio(1, p);
        into.representation.set(c.id!, { line, head, souches: k, ofSouche: prev === undefined ? ofSouche : add(prev.ofSouche, ofSouche) });
      } else spread(c, p, head);
    }
  };
  for (const s of souches) {
    into.souches.push({ node: s, share: each });
    if (s.status === "alive") credit(into.shares, s.id!, each);
    else spread(s, 1, s);
  }
  return into;
}

/** The nearest members of a branch, per head (art. 744, 748, 750). */
function nearest(members: readonly Relative[]): Relative[] {
  if (members.length === 0) return [];
  let d = Infinity;
  for (const m of members) d = Math.min(d, m.degree);
  return members.filter((m) => m.degree === d);
}

/** The division by branches (art. 746-750): half to each branch, the nearest of each per head; one branch alone takes all. */
function fente(members: readonly Relative[], half: Fraction, whole: Fraction, into: Map<string, Fraction>): void {
  const branches: Branch[] = ["paternal", "maternal"];
  const present = listOf(branches, (b) => nearest(members.filter((m) => m.branch === b))).filter((l) => l.length > 0);
  const share = present.length === 2 ? mul(whole, half) : whole;
  for (const list of present) for (const m of list) credit(into, m.id, mulRatio(share, 1, list.length));
}

export type Order = 1 | 2 | 3 | 4;

/** The heirs by law without a spouse (or the descendants beside one), with the article of each share. */
export interface LegalHeirs {
  order: Order | null;
  dist: Distribution;
  basis: Map<string, string>;
  /** Order 2: the parents who come (alive and accepting). */
  parents: FamilyNode[];
  /** Art. 738-1: the ascendants of the other branch beside a sole parent. */
  otherBranch: Relative[];
}

export function aliveParents(f: Family): FamilyNode[] {
  return [f.father, f.mother].filter((p) => p.status === "alive");
}

/** Whether the 3rd and 4th orders are reached: no descendant, no parent, no sibling's souche. */
export function needsRemoteOrders(f: Family): boolean {
  return !f.children.some(formsSouche) && aliveParents(f).length === 0 && !f.siblings.some(formsSouche);
}

/** The devolution by law without a spouse (art. 734-750). */
export function heirsByLaw(f: Family, law: Law): LegalHeirs {
  const c = law.civil;
  const basis = new Map<string, string>();
  const out: LegalHeirs = { order: null, dist: emptyDistribution(), basis, parents: [], otherBranch: [] };
  const mark = (ids: Iterable<string>, article: string): void => {
    for (const id of ids) if (!basis.has(id)) basis.set(id, article);
  };
  if (f.children.some(formsSouche)) {
    out.order = 1;
    out.dist = bySouche(f.children, "child");
    for (const id of out.dist.shares.keys()) basis.set(id, out.dist.representation.has(id) ? "art. 752-753" : "art. 735");
    return out;
  }
  const parents = aliveParents(f);
  const siblingSouches = f.siblings.filter(formsSouche);
  if (parents.length > 0 || siblingSouches.length > 0) {
    out.order = 2;
    out.parents = parents;
    if (siblingSouches.length > 0) {
      const quarter = lawFraction(c.parentQuarter);
      for (const p of parents) {
        credit(out.dist.shares, p.id!, quarter);
        basis.set(p.id!, "art. 738");
      }
      bySouche(f.siblings, "sibling", sub(ONE, mulRatio(quarter, parents.length, 1)), out.dist);
      for (const id of out.dist.shares.keys()) if (!basis.has(id)) basis.set(id, out.dist.representation.has(id) ? "art. 752-2, 753" : parents.length > 0 ? "art. 738" : "art. 737");
    } else if (parents.length === 2) {
      const half = lawFraction(c.parentHalf);
      for (const p of parents) credit(out.dist.shares, p.id!, half);
      mark(listOf(parents, (p) => p.id!), "art. 736");
    } else {
      const parent = parents[0]!;
      const other: Branch = parent === f.father ? "maternal" : "paternal";
      const asc = nearest((f.ascendants ?? []).filter((a) => a.branch === other));
      if (asc.length > 0) {
        const part = lawFraction(c.parentWithOtherBranch);
        credit(out.dist.shares, parent.id!, part);
        for (const a of asc) credit(out.dist.shares, a.id, mulRatio(sub(ONE, part), 1, asc.length));
        out.otherBranch = asc;
        mark([parent.id!, ...listOf(asc, (a) => a.id)], "art. 738-1");
      } else {
        credit(out.dist.shares, parent.id!, ONE);
        mark([parent.id!], "art. 736");
      }
    }
    return out;
  }
  const half = lawFraction(c.branchHalf);
  if (f.ascendants !== null && f.ascendants.length > 0) {
    out.order = 3;
    fente(f.ascendants, half, ONE, out.dist.shares);
    mark(out.dist.shares.keys(), "art. 747-748");
    return out;
  }
  const collaterals = (f.collaterals ?? []).filter((x) => x.degree <= c.collateralMaxDegree);
  if (collaterals.length > 0) {
    out.order = 4;
    fente(collaterals, half, ONE, out.dist.shares);
    mark(out.dist.shares.keys(), "art. 749-750");
  }
  return out;
}

/** The siblings (and their souches) who descend from a parent: art. 757-3. */
export function siblingsFrom(f: Family, parent: "father" | "mother"): FamilyNode[] {
  return f.siblings.filter((s) => s.blood === "germain" || (parent === "father" ? s.blood === "consanguin" : s.blood === "uterin"));
}

/**
 * The ids of those who take in a line divided by souches (art. 744, 753) into `ids` (when given),
 * and of those among them who take in another's place into `through`: the persons
 * {@link bySouche} credits, without its fractions (the reader's checks need only who).
 */
export function soucheIds(nodes: readonly FamilyNode[], ids: Set<string> | null, through: Set<string>): void {
  for (const s of nodes) {
    if (s.status === "alive") ids?.add(s.id!);
    else if (formsSouche(s)) spreadIds(s, ids, through);
  }
}

/** Those below a predeceased or renouncing person who form souches, down to the living (art. 752). */
function spreadIds(n: FamilyNode, ids: Set<string> | null, through: Set<string>): void {
  for (const c of n.descendants) {
    if (c.status === "alive") {
      ids?.add(c.id!);
      through.add(c.id!);
    } else if (formsSouche(c)) spreadIds(c, ids, through);
  }
}

/**
 * Who inherits by law without a spouse, with who takes in another's place: the same persons as
 * {@link heirsByLaw}, without the fractions (the reader's checks run before the law is read).
 */
export function legalHeirIds(f: Family): { ids: Set<string>; through: Set<string> } {
  const ids = new Set<string>();
  const through = new Set<string>();
  if (f.children.some(formsSouche)) {
    soucheIds(f.children, ids, through);
    return { ids, through };
  }
  const parents = aliveParents(f);
  if (parents.length > 0 || f.siblings.some(formsSouche)) {
    for (const p of parents) ids.add(p.id!);
    const before = ids.size;
    soucheIds(f.siblings, ids, through);
    if (parents.length === 1 && ids.size === before) {
      const other: Branch = parents[0] === f.father ? "maternal" : "paternal";
      for (const a of nearest((f.ascendants ?? []).filter((x) => x.branch === other))) ids.add(a.id);
    }
    return { ids, through };
  }
  const remote = f.ascendants !== null && f.ascendants.length > 0 ? f.ascendants : (f.collaterals ?? []);
  for (const b of ["paternal", "maternal"] as const) for (const m of nearest(remote.filter((x) => x.branch === b))) ids.add(m.id);
  return { ids, through };
}
