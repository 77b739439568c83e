import type Fraction from "fraction.js";
import type { Relationship } from "@succ/rules";
import { add, ZERO } from "../exact.js";
import { Fields } from "../fields.js";
import { ID, type Obj, type Reader } from "../dossier.js";
import { JsonNumber } from "../json.js";

/**
 * Computed mode: the notary's file of an estate (`family`, `marriage`, `will`, and the civil
 * fields of assets, debts and prior gifts), read into exact values. With it the engine works out
 * who inherits what (docs/dossier.md, "Computed mode"); without it nothing of this module runs.
 */

export type NodeStatus = "alive" | "predeceased" | "renounced";
export type Blood = "germain" | "consanguin" | "uterin";
export type Branch = "paternal" | "maternal";
export type Regime = "communaute_legale" | "separation_de_biens" | "communaute_universelle";
export const REGIMES = ["communaute_legale", "separation_de_biens", "communaute_universelle"] as const satisfies readonly Regime[];
export type SpouseOption = "legal_usufruct" | "legal_quarter" | "ddv_disposable" | "ddv_quarter_usufruct" | "ddv_usufruct";
export const SPOUSE_OPTIONS = ["legal_usufruct", "legal_quarter", "ddv_disposable", "ddv_quarter_usufruct", "ddv_usufruct"] as const satisfies readonly SpouseOption[];

/** A person of the family tree: a living, accepting beneficiary, or one who cannot or will not come. */
export interface FamilyNode {
  /** A beneficiary's id when alive and accepting; a label (or null) otherwise. */
  id: string | null;
  name: string | null;
  status: NodeStatus;
  /** Children, with a spouse: whether the child is also the spouse's (art. 757, 1527). */
  common: boolean | null;
  /** Siblings: germain, consanguin or utérin (only art. 757-3 reads it). */
  blood: Blood;
  descendants: FamilyNode[];
  /** Where the node is in the dossier, to name it in errors. */
  path: string;
}

/** A living, accepting member of the 3rd order (`ascendants`) or of the 4th (`collaterals`). */
export interface Relative {
  id: string;
  branch: Branch;
  degree: number;
  path: string;
}

export interface Family {
  spouse: string | null;
  partner: string | null;
  children: FamilyNode[];
  father: FamilyNode;
  mother: FamilyNode;
  siblings: FamilyNode[];
  /** `null` when absent (required only when no spouse and no heir of the first two orders). */
  ascendants: Relative[] | null;
  collaterals: Relative[] | null;
}

export interface Marriage {
  regime: Regime;
  attributionIntegrale: boolean;
  /** The net balance of the récompenses, owed by the community to one spouse. */
  recompense: { to: "deceased" | "survivor"; amount: Fraction } | null;
  donationEntreEpoux: boolean;
  spouseOption: SpouseOption | null;
}

export interface Will {
  universalLegatee: string | null;
  fractionalLegacies: { beneficiary: string; share: Fraction; index: number }[];
  disposableShareTo: string | null;
  spouseLargestDisposable: boolean;
}

export type Ownership = "own" | "common";

export interface ReceivedFrom {
  parent: "father" | "mother";
  by: "gift" | "succession";
}

/** The civil fields of one asset, debt or prior gift, beside the dossier's own lists (same order). */
export interface CivilAsset {
  ownership: Ownership | null;
  receivedFrom: ReceivedFrom | null;
}

export interface CivilGift {
  outsideShare: boolean | null;
  /** Art. 922: the value at the death of the property given; `null`: its value. */
  valueAtDeath: Fraction | null;
}

/** A dossier's computed-mode file. */
export interface CivilFile {
  family: Family;
  marriage: Marriage | null;
  will: Will;
  assets: CivilAsset[];
  debts: { ownership: Ownership | null }[];
  gifts: CivilGift[];
}

const FAMILY_KEYS = new Fields(["spouse", "partner", "children", "father", "mother", "siblings", "ascendants", "collaterals"]);
const NODE_KEYS = new Fields(["id", "name", "status", "common", "blood", "descendants"]);
const RELATIVE_KEYS = new Fields(["id", "branch", "degree"]);
const MARRIAGE_KEYS = new Fields(["regime", "attributionIntegrale", "recompense", "donationEntreEpoux", "spouseOption"]);
const RECOMPENSE_KEYS = new Fields(["to", "amount"]);
const WILL_KEYS = new Fields(["universalLegatee", "fractionalLegacies", "disposableShareTo", "spouseLargestDisposable"]);
const LEGACY_KEYS = new Fields(["beneficiary", "share"]);
const RECEIVED_KEYS = new Fields(["parent", "by"]);

/** The relationship each place of the tree requires, by generation below the deceased (children: 1). */
const DESCENDANT_RELATIONSHIP: Record<number, Relationship> = { 1: "child", 2: "grandchild", 3: "greatgrandchild" };

/** The asset fields of computed mode, read in the asset loop of the dossier reader. */
export function readCivilAsset(r: Reader, o: Obj, p: string): CivilAsset {
  let ownership: Ownership | null = null;
  if (o.ownership !== undefined) {
    if (o.ownership === "own" || o.ownership === "common") ownership = o.ownership;
    else r.fail(`${p}.ownership`, `must be "own" or "common", got ${JSON.stringify(o.ownership)}`);
  }
  let receivedFrom: ReceivedFrom | null = null;
  if (o.receivedFrom !== undefined) {
    const x = r.object(o.receivedFrom, `${p}.receivedFrom`, RECEIVED_KEYS);
    if (x) {
      const parent = x.parent;
      const by = x.by;
      if (parent !== "father" && parent !== "mother") r.fail(`${p}.receivedFrom.parent`, `must be "father" or "mother", got ${JSON.stringify(parent) ?? "nothing"}`);
      if (by !== "gift" && by !== "succession") r.fail(`${p}.receivedFrom.by`, `must be "gift" or "succession", got ${JSON.stringify(by) ?? "nothing"}`);
      if ((parent === "father" || parent === "mother") && (by === "gift" || by === "succession")) receivedFrom = { parent, by };
    }
  }
  return { ownership, receivedFrom };
}

/** The prior-gift fields of computed mode. */
export function readCivilGift(r: Reader, g: Obj, p: string): CivilGift {
  const outsideShare = g.outsideShare === undefined ? null : (r.bool(g.outsideShare, p, "outsideShare", false) ?? null);
  const valueAtDeath = g.valueAtDeath === undefined ? null : (r.amount(g.valueAtDeath, p, "valueAtDeath") ?? null);
  return { outsideShare, valueAtDeath };
}

export interface FamilyContext {
  /** The relationship of each beneficiary id. */
  ids: ReadonlyMap<string, Relationship | undefined>;
  /** Beneficiary ids in dossier order, with their index. */
  beneficiaryIds: readonly string[];
}

/**
 * Reads `family`, `marriage` and `will` (the structure and every check that needs no amount of
 * the law); records problems on `r`. Returns `undefined` when something could not be read.
 */
export function readFamilyFile(r: Reader, root: Obj, ctx: FamilyContext): Omit<CivilFile, "assets" | "debts" | "gifts"> | undefined {
  const before = r.issues.length;
  const family = readFamily(r, root, ctx);
  if (family === undefined) return undefined;
  const { father, mother } = family;
  const marriage = readMarriage(r, root, family.spouse);
  const will = readWill(r, root, ctx, family.spouse);
  if (r.issues.length > before || !father || !mother) return undefined;
  return { family: { ...family, father, mother }, marriage, will };
}

/**
 * {@link readFamilyFile} of a file whose `family` is the very value a dossier's `family` was read
 * from, without error: that dossier's family (read under the same beneficiaries) stands for it,
 * and only `marriage` and `will` are read (another option of the spouse, no attribution clause).
 */
export function readFileBesideFamily(r: Reader, root: Obj, ctx: FamilyContext, family: Family): Omit<CivilFile, "assets" | "debts" | "gifts"> | undefined {
  const before = r.issues.length;
  const marriage = readMarriage(r, root, family.spouse);
  const will = readWill(r, root, ctx, family.spouse);
  if (r.issues.length > before) return undefined;
  return { family, marriage, will };
}

/** `family`, its tree and lists; `undefined` when it is not an object (nothing else of the file is read then). */
function readFamily(r: Reader, root: Obj, ctx: FamilyContext): (Omit<Family, "father" | "mother"> & { father: FamilyNode | undefined; mother: FamilyNode | undefined }) | undefined {
  const f = r.object(root.family, "family", FAMILY_KEYS);
  if (!f) return undefined;
  const placed = new Map<string, string>();
  /** Every id written in the tree, beneficiary or not, to refuse repeats. */
  const seen = new Set<string>();
  const claim = (id: string, path: string): void => {
    if (seen.has(id)) r.fail(`${path}.id`, `"${id}" appears twice in family`);
    seen.add(id);
    placed.set(id, path);
  };
  const relOf = (id: string): Relationship | undefined => ctx.ids.get(id);

  const person = (key: "spouse" | "partner", rel: Relationship): string | null => {
    const v = f[key];
    if (v === undefined || v === null) return null;
    const id = r.string(v, "family", key);
    if (id === undefined) return null;
    if (!ctx.ids.has(id)) {
      r.fail(`family.${key}`, `unknown beneficiary "${id}"`);
      return null;
    }
    if (relOf(id) !== rel) r.fail(`family.${key}`, `"${id}" is a ${relOf(id) ?? "beneficiary"}, not a ${rel}`);
    claim(id, `family.${key}`);
    return id;
  };
  const spouse = person("spouse", "spouse");
  const partner = person("partner", "pacs");
  if (spouse !== null && partner !== null) r.fail("family.partner", "a surviving spouse and a PACS partner together are out of scope");

  /**
   * A node at generation `gen` of a line: `line` "child" (below the deceased) or "sibling"
   * (below the parents: siblings 1, nephews 2), or "parent" (no descendants).
   */
  const node = (v: unknown, path: string, line: "child" | "sibling" | "parent", gen: number): FamilyNode | undefined => {
    const o = r.object(v, path, NODE_KEYS);
    if (!o) return undefined;
    let status: NodeStatus = "alive";
    if (o.status !== undefined) {
      if (o.status === "predeceased" || o.status === "renounced") status = o.status;
      else r.fail(`${path}.status`, `must be "predeceased" or "renounced" (absent: alive and accepting), got ${JSON.stringify(o.status)}`);
    }
    let id: string | null = null;
    if (o.id !== undefined) {
      const s = r.string(o.id, path, "id");
      if (s !== undefined && !ID.test(s)) r.fail(`${path}.id`, `not an id (letters, digits, _ or -, at most 32): "${s}"`);
      else if (s !== undefined) id = s;
    }
    const name = o.name === undefined ? null : (r.string(o.name, path, "name") ?? null);
    if (status === "alive") {
      if (name !== null) r.fail(`${path}.name`, "a living, accepting person is named in beneficiaries, not here");
      if (id === null) {
        if (o.id === undefined) r.fail(`${path}.id`, "missing: a living, accepting person is a beneficiary's id (or give a status)");
      } else if (!ctx.ids.has(id)) r.fail(`${path}.id`, `"${id}" is alive and accepting but not a beneficiary (every living person of family is one)`);
      else {
        const want: Relationship = line === "parent" ? "parent" : line === "child" ? DESCENDANT_RELATIONSHIP[gen]! : gen === 1 ? "sibling" : "nephew";
        const rel = relOf(id);
        if (rel !== undefined && rel !== want) r.fail(`${path}.id`, `"${id}" is written as a ${rel}, but this place of family is a ${want}'s`);
      }
    } else if (id !== null && ctx.ids.has(id)) {
      r.fail(`${path}.id`, `"${id}" is ${status}: such a person is not a beneficiary (use another id, or drop the status)`);
    }
    if (id !== null) claim(id, path);
    let common: boolean | null = null;
    if (o.common !== undefined) {
      if (line !== "child" || gen !== 1) r.fail(`${path}.common`, "only a child of the deceased says whether it is the spouse's too");
      else if (spouse === null) r.fail(`${path}.common`, "only with a surviving spouse (family.spouse)");
      else common = r.bool(o.common, path, "common", false) ?? null;
    } else if (line === "child" && gen === 1 && spouse !== null) r.fail(`${path}.common`, "missing: with a surviving spouse, say whether the child is also the spouse's (art. 757)");
    let blood: Blood = "germain";
    if (o.blood !== undefined) {
      if (line !== "sibling" || gen !== 1) r.fail(`${path}.blood`, "only a brother or sister has a blood (germain, consanguin, utérin)");
      else if (o.blood === "germain" || o.blood === "consanguin" || o.blood === "uterin") blood = o.blood;
      else r.fail(`${path}.blood`, `must be "germain", "consanguin" or "uterin", got ${JSON.stringify(o.blood)}`);
    }
    const descendants: FamilyNode[] = [];
    if (o.descendants !== undefined) {
      const maxGen = line === "child" ? 3 : line === "sibling" ? 2 : 0;
      if (line === "parent") r.fail(`${path}.descendants`, "the father and the mother have no descendants here (their other children are the siblings)");
      const list = r.list(o.descendants, `${path}.descendants`, false) ?? [];
      if (line !== "parent" && list.length > 0 && gen >= maxGen) {
        r.fail(`${path}.descendants`, line === "child" ? "descendants beyond the great-grandchildren are out of scope" : "descendants of nephews and nieces are out of scope");
      } else if (line !== "parent") {
        list.forEach((x, j) => {
          const n = node(x, `${path}.descendants[${j}]`, line, gen + 1);
          if (n) descendants.push(n);
        });
      }
    }
    return { id, name, status, common, blood, descendants, path };
  };

  const nodes = (key: "children" | "siblings"): FamilyNode[] => {
    const list = r.list(f[key], `family.${key}`, false) ?? [];
    const out: FamilyNode[] = [];
    list.forEach((x, j) => {
      const n = node(x, `family.${key}[${j}]`, key === "children" ? "child" : "sibling", 1);
      if (n) out.push(n);
    });
    return out;
  };
  const children = nodes("children");
  const parentNode = (key: "father" | "mother"): FamilyNode | undefined => {
    if (f[key] === undefined) return r.fail(`family.${key}`, 'missing: { "id": … } when alive and accepting, { "status": "predeceased" } otherwise');
    return node(f[key], `family.${key}`, "parent", 1);
  };
  const father = parentNode("father");
  const mother = parentNode("mother");
  const siblings = nodes("siblings");

  const relatives = (key: "ascendants" | "collaterals"): Relative[] | null => {
    if (f[key] === undefined || f[key] === null) return null;
    const list = r.list(f[key], `family.${key}`, false) ?? [];
    const out: Relative[] = [];
    const rel: Relationship = key === "ascendants" ? "ascendant" : "collateral";
    list.forEach((x, j) => {
      const p = `family.${key}[${j}]`;
      const o = r.object(x, p, RELATIVE_KEYS);
      if (!o) return;
      const id = r.string(o.id, p, "id");
      if (id !== undefined) {
        if (!ctx.ids.has(id)) r.fail(`${p}.id`, `"${id}" is not a beneficiary (this list holds the living, accepting members only)`);
        else if (relOf(id) !== undefined && relOf(id) !== rel) r.fail(`${p}.id`, `"${id}" is written as a ${relOf(id)}, but this list holds ${rel}s`);
        claim(id, p);
      }
      const branch = o.branch;
      if (branch !== "paternal" && branch !== "maternal") r.fail(`${p}.branch`, `must be "paternal" (the father's side) or "maternal", got ${JSON.stringify(branch) ?? "nothing"}`);
      // A dossier read from text holds its numbers as JsonNumber (the exact reader): a degree is a whole number either way.
      const degree = o.degree instanceof JsonNumber ? (/^[0-9]{1,3}$/.test(o.degree.text) ? Number(o.degree.text) : o.degree.text) : o.degree;
      const [lo, hi] = key === "ascendants" ? [2, 99] : [3, 6];
      if (typeof degree !== "number" || !Number.isInteger(degree) || degree < lo || degree > hi) {
        r.fail(`${p}.degree`, key === "ascendants" ? `an ascendant of the 3rd order has a degree of 2 (grandparent) or more, got ${JSON.stringify(degree) ?? "nothing"}` : `a collateral of the 4th order has a degree from 3 to 6 (art. 745), got ${JSON.stringify(degree) ?? "nothing"}`);
      } else if (id !== undefined && (branch === "paternal" || branch === "maternal")) out.push({ id, branch, degree, path: p });
    });
    return out;
  };
  const ascendants = relatives("ascendants");
  const collaterals = relatives("collaterals");

  // Every beneficiary whose relationship names a place of the tree must be there: the lists are complete.
  for (const id of ctx.beneficiaryIds) {
    const rel = relOf(id);
    if (placed.has(id) || rel === undefined) continue;
    if (rel === "spouse") r.fail("family.spouse", `"${id}" is the spouse: family.spouse must name it (a renouncing spouse is out of scope)`);
    else if (rel === "pacs") r.fail("family.partner", `"${id}" is a PACS partner: family.partner must name it`);
    else if (rel === "child") r.fail("family.children", `"${id}" is a child but not in family.children (the list is complete)`);
    else if (rel === "parent") r.fail("family.father", `"${id}" is a parent but neither family.father nor family.mother`);
    else if (rel === "sibling") r.fail("family.siblings", `"${id}" is a sibling but not in family.siblings (the list is complete)`);
    else if (rel === "ascendant" && ascendants !== null) r.fail("family.ascendants", `"${id}" is an ascendant but not in family.ascendants (the list is complete)`);
    else if (rel === "collateral" && collaterals !== null) r.fail("family.collaterals", `"${id}" is a collateral but not in family.collaterals (the list is complete)`);
    else if (rel === "collateral" || rel === "ascendant") r.fail(`family.${rel}s`, `"${id}" is a${rel === "ascendant" ? "n" : ""} ${rel}: list it in family.${rel}s with its branch and degree`);
  }

  return { spouse, partner, children, father, mother, siblings, ascendants, collaterals };
}

/** The marriage contract, beside the spouse `family` names. */
function readMarriage(r: Reader, root: Obj, spouse: string | null): Marriage | null {
  let marriage: Marriage | null = null;
  if (root.marriage !== undefined) {
    if (spouse === null) r.fail("marriage", "only with a surviving spouse (family.spouse)");
    const m = r.object(root.marriage, "marriage", MARRIAGE_KEYS);
    if (m) {
      const regime = m.regime;
      if (!(REGIMES as readonly unknown[]).includes(regime)) r.fail("marriage.regime", `must be one of ${REGIMES.join(", ")}, got ${JSON.stringify(regime) ?? "nothing"}`);
      const community = regime !== "separation_de_biens";
      const attributionIntegrale = r.bool(m.attributionIntegrale, "marriage", "attributionIntegrale", false);
      if (attributionIntegrale && !community) r.fail("marriage.attributionIntegrale", "only a community can be attributed whole to the survivor (art. 1524)");
      let recompense: Marriage["recompense"] = null;
      if (m.recompense !== undefined) {
        const o = r.object(m.recompense, "marriage.recompense", RECOMPENSE_KEYS);
        if (!community) r.fail("marriage.recompense", "récompenses exist only under a community");
        else if (attributionIntegrale) r.fail("marriage.recompense", "with attributionIntegrale the survivor takes the whole community; a récompense then is not modelled");
        if (o) {
          if (o.to !== "deceased" && o.to !== "survivor") r.fail("marriage.recompense.to", `must be "deceased" or "survivor", got ${JSON.stringify(o.to) ?? "nothing"}`);
          const amount = r.amount(o.amount, "marriage.recompense", "amount");
          if ((o.to === "deceased" || o.to === "survivor") && amount) recompense = { to: o.to, amount };
        }
      }
      const donationEntreEpoux = r.bool(m.donationEntreEpoux, "marriage", "donationEntreEpoux", false);
      let spouseOption: SpouseOption | null = null;
      if (m.spouseOption !== undefined) {
        if ((SPOUSE_OPTIONS as readonly unknown[]).includes(m.spouseOption)) spouseOption = m.spouseOption as SpouseOption;
        else r.fail("marriage.spouseOption", `must be one of ${SPOUSE_OPTIONS.join(", ")}, got ${JSON.stringify(m.spouseOption)}`);
      }
      if ((REGIMES as readonly unknown[]).includes(regime) && attributionIntegrale !== undefined && donationEntreEpoux !== undefined) {
        marriage = { regime: regime as Regime, attributionIntegrale, recompense, donationEntreEpoux, spouseOption };
      }
    }
  } else if (spouse !== null) r.fail("marriage", "missing: with a surviving spouse, the matrimonial regime and the spouse's option are needed");
  return marriage;
}

/** The will, beside the spouse `family` names. */
function readWill(r: Reader, root: Obj, ctx: FamilyContext, spouse: string | null): Will {
  const will: Will = { universalLegatee: null, fractionalLegacies: [], disposableShareTo: null, spouseLargestDisposable: false };
  if (root.will !== undefined) {
    const w = r.object(root.will, "will", WILL_KEYS);
    if (w) {
      const legatee = (key: "universalLegatee" | "disposableShareTo"): string | null => {
        if (w[key] === undefined || w[key] === null) return null;
        const id = r.string(w[key], "will", key);
        if (id === undefined) return null;
        if (!ctx.ids.has(id)) return r.fail(`will.${key}`, `unknown beneficiary "${id}"`) ?? null;
        return id;
      };
      will.universalLegatee = legatee("universalLegatee");
      will.disposableShareTo = legatee("disposableShareTo");
      const list = r.list(w.fractionalLegacies, "will.fractionalLegacies", true) ?? [];
      let total = ZERO;
      const seenL = new Set<string>();
      list.forEach((x, j) => {
        const p = `will.fractionalLegacies[${j}]`;
        const o = r.object(x, p, LEGACY_KEYS);
        if (!o) return;
        const id = r.string(o.beneficiary, p, "beneficiary");
        if (id !== undefined && !ctx.ids.has(id)) r.fail(`${p}.beneficiary`, `unknown beneficiary "${id}"`);
        else if (id !== undefined && seenL.has(id)) r.fail(`${p}.beneficiary`, `"${id}" has two fractional legacies: write their sum`);
        const share = r.fraction(o.share, p, "share");
        if (id !== undefined && ctx.ids.has(id) && share) {
          seenL.add(id);
          total = add(total, share);
          will.fractionalLegacies.push({ beneficiary: id, share, index: j });
        }
      });
      if (total.gt(1)) r.fail("will.fractionalLegacies", `the fractions sum to ${total.toFraction()}, above 1`);
      will.spouseLargestDisposable = r.bool(w.spouseLargestDisposable, "will", "spouseLargestDisposable", false) ?? false;
      if (will.spouseLargestDisposable && spouse === null) r.fail("will.spouseLargestDisposable", "a legacy to the spouse needs a surviving spouse (family.spouse)");
    }
  }
  return will;
}
