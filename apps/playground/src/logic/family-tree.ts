/**
 * The family of a dossier in computed mode (its `family` field), as a tree to draw: the deceased,
 * the spouse or partner, the descendants by souche, the parents and siblings, the ascendants and
 * collaterals by branch, and the legatees outside the family. Read from the dossier's JSON as
 * typed (so that a file the engine refuses is still drawn), and, when the engine computed it, each
 * person's civil share and title from the result's `devolution`.
 */

import { devolutionJson, type Devolution } from "@succ/engine";

type Json = Record<string, unknown>;

export type PersonStatus = "alive" | "predeceased" | "renounced";

/** A person's civil share as the engine's `devolution.shares` gives it (exact decimal strings). */
export interface CivilShare {
  title: string;
  basis: string | null;
  /** "PP 1/2", "US", "NP 1/3", "legs 20000": the non-zero parts, in the result's own words. */
  parts: string[];
}

export interface TreeNode {
  id: string;
  name: string;
  /** Where the person stands, as a code `kind:detail` ("child", "halfsibling:consanguin", "ascendant:2", "legatee:unrelated"…), worded by the interface. */
  place: string;
  status: PersonStatus;
  /** Children of a spouse: common to both spouses, or not. */
  common: boolean | null;
  /** The souche this person belongs to (A, B, … for children; the same letters for siblings), when it is one. */
  souche: string | null;
  share: CivilShare | null;
  children: TreeNode[];
}

export interface FamilyTree {
  deceased: { name: string; date: string };
  spouse: TreeNode | null;
  partner: TreeNode | null;
  parents: TreeNode[];
  siblings: TreeNode[];
  children: TreeNode[];
  branches: { paternal: TreeNode[]; maternal: TreeNode[] };
  /** Beneficiaries outside the family (legatees). */
  others: TreeNode[];
  /** Whether the shares come from the engine (false: the engine has not computed this dossier). */
  computed: boolean;
}

function obj(v: unknown): Json | null {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null;
}

function arr(v: unknown): Json[] {
  return Array.isArray(v) ? v.map(obj).filter((x): x is Json => x !== null) : [];
}

function str(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (v !== null && typeof v === "object" && "text" in v && typeof (v as { text: unknown }).text === "string") return (v as { text: string }).text;
  return "";
}

/** The parts of a share (`DevolutionJson` keys) and their notarial abbreviations. */
const PARTS: readonly [string, string][] = [
  ["fullOwnership", "PP"],
  ["usufruct", "US"],
  ["bareOwnership", "NP"],
  ["legacies", "legs"],
  ["retour757_3", "757-3"],
];

/**
 * A share of the engine's `devolutionJson(…).shares`: the title, the basis, and each non-zero
 * part as its amount, with its fraction of the net estate N when the engine gives one.
 */
export function civilShare(v: unknown): CivilShare | null {
  const s = obj(v);
  if (!s) return null;
  const ofN = obj(s.ofNetEstate);
  const parts: string[] = [];
  for (const [key, short] of PARTS) {
    const text = str(s[key]);
    if (text && !/^0+(\.0+)?$/.test(text)) {
      const fr = str(ofN?.[key]);
      parts.push(fr && fr !== "0" ? `${short} ${fr} N (${text} €)` : `${short} ${text} €`);
    }
  }
  return { title: str(s.title) || "—", basis: str(s.basis) || null, parts };
}

/** Whether a dossier's JSON is in computed mode (has a `family` object). */
export function hasFamily(dossier: unknown): boolean {
  return obj(obj(dossier)?.family) !== null;
}

/** The tree of a dossier with `family`, or null; `devolution` is the engine's, when it computed one. */
export function familyTree(dossier: unknown, devolution?: unknown): FamilyTree | null {
  const d = obj(dossier);
  const fam = obj(d?.family);
  if (!d || !fam) return null;
  const bens = new Map(arr(d.beneficiaries).map((b) => [str(b.id), b]));
  const shares = obj(obj(devolution)?.shares);
  const used = new Set<string>();
  const make = (n: Json, place: string, extra: Partial<TreeNode> = {}): TreeNode => {
    const id = str(n.id);
    const b = bens.get(id);
    const status = (["predeceased", "renounced"].includes(str(n.status)) ? str(n.status) : "alive") as PersonStatus;
    if (status === "alive") used.add(id);
    return {
      id,
      name: str(b?.name) || str(n.name) || id,
      place,
      status,
      common: typeof n.common === "boolean" ? n.common : null,
      souche: null,
      share: shares && status === "alive" ? civilShare(shares[id]) : null,
      children: [],
      ...extra,
    };
  };
  const line = (n: Json, places: readonly string[], depth: number): TreeNode => {
    const node = make(n, places[Math.min(depth, places.length - 1)]!);
    node.children = arr(n.descendants).map((x) => line(x, places, depth + 1));
    return node;
  };
  const letter = (i: number): string => String.fromCharCode(65 + (i % 26));
  /** Souches: each top node that is alive or has a living descendant, lettered in order; its line shares the letter. */
  const lettered = (list: TreeNode[]): TreeNode[] => {
    let k = 0;
    const alive = (t: TreeNode): boolean => t.status === "alive" || t.children.some(alive);
    const mark = (t: TreeNode, s: string): void => {
      t.souche = s;
      t.children.forEach((c) => mark(c, s));
    };
    for (const t of list) if (alive(t)) mark(t, letter(k++));
    return list;
  };
  const children = lettered(arr(fam.children).map((c) => line(c, ["child", "grandchild", "greatgrandchild"], 0)));
  const siblings = lettered(
    arr(fam.siblings).map((s) => {
      const node = line(s, ["sibling", "nephew"], 0);
      const blood = str(s.blood) || "germain";
      node.place = blood === "germain" ? "sibling" : `halfsibling:${blood}`;
      return node;
    }),
  );
  const parents: TreeNode[] = [];
  for (const [key, place] of [["father", "father"], ["mother", "mother"]] as const) {
    const p = obj(fam[key]);
    // A predeceased parent is not named in the dossier: the place and status say who it is.
    if (p) parents.push(make(p, place, { name: str(bens.get(str(p.id))?.name) }));
  }
  const branches: FamilyTree["branches"] = { paternal: [], maternal: [] };
  for (const [key, order] of [["ascendants", "ascendant"], ["collaterals", "collateral"]] as const) {
    for (const a of arr(fam[key])) {
      const side = str(a.branch) === "maternal" ? "maternal" : "paternal";
      branches[side].push(make(a, `${order}:${str(a.degree) || "?"}`));
    }
  }
  for (const list of Object.values(branches)) list.sort((x, y) => x.place.localeCompare(y.place));
  const single = (key: "spouse" | "partner", place: string): TreeNode | null => {
    const id = str(fam[key]);
    return id ? make({ id }, place) : null;
  };
  const spouse = single("spouse", "spouse");
  const partner = single("partner", "partner");
  const others: TreeNode[] = [];
  for (const [id, b] of bens) if (!used.has(id)) others.push(make({ id }, str(b.relationship) === "pacs" ? "partner" : `legatee:${str(b.relationship) || "?"}`));
  const person = obj(d.person);
  return {
    deceased: { name: str(person?.name) || "(deceased)", date: str(d.date) },
    spouse,
    partner: partner ?? others.find((o) => o.place === "partner") ?? null,
    parents,
    siblings,
    children,
    branches,
    others: others.filter((o) => o.place !== "partner"),
    computed: shares !== null,
  };
}

/** The devolution of an engine result as the engine's JSON (exact decimal strings), when it computed one (computed mode). */
export function devolutionOf(result: unknown): unknown {
  const d = obj(result)?.devolution;
  return d ? devolutionJson(d as unknown as Devolution) : undefined;
}
