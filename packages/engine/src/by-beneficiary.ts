import type Fraction from "fraction.js";
import type { Beneficiary, Gift } from "./dossier.js";

/**
 * A dossier's lists by beneficiary, each indexed once. The computation asks, for each
 * beneficiary, for its prior gifts, its bequests, its share of the residue and of each gift:
 * scanning every list for each beneficiary made a dossier's time grow with the square of its size
 * (issue 21). An index belongs to the list it was built from and is rebuilt if the list's length
 * changed; the last few are kept (a computation reads the lists of one dossier at a time), so
 * that no index is built twice for one computation, and {@link releaseIndexes} lets them go when
 * the computation ends.
 */

type Kind = "items" | "gifts" | "people";
interface Entry {
  list: readonly object[];
  kind: Kind;
  length: number;
  index: unknown;
}
const RECENT = 8;
const recent: Entry[] = [];
let next = 0;
/** A place of `recent` let go ({@link releaseIndexes}): its length matches no list's. */
const UNUSED: Entry = { list: [], kind: "items", length: -1, index: null };

function indexOf<I>(list: readonly object[], kind: Kind, build: () => I): I {
  for (let k = 0; k < recent.length; k++) {
    const e = recent[k]!;
    if (e.list === list && e.kind === kind && e.length === list.length) return e.index as I;
  }
  const index = build();
  recent[next] = { list, kind, length: list.length, index };
  next = (next + 1) % RECENT;
  return index;
}

const NONE: readonly never[] = Object.freeze([]);

/** Up to this many items, a list is scanned, not indexed (a Map costs more than the scan). */
const SCAN = 8;

/**
 * The items of a list (prior gifts, bequests, residue shares) to scan for beneficiary `id`, in
 * the list's order: a short list whole, a long one's items for `id` only. The caller still checks
 * each item's `beneficiary` (true of every item of a long list), so that a short list costs no
 * allocation at all.
 */
export function scanFor<T extends { beneficiary: string }>(list: readonly T[], id: string): readonly T[] {
  return list.length <= SCAN ? list : indexedFor(list, id);
}

/** A long list's items for `id`, from its index by beneficiary. */
function indexedFor<T extends { beneficiary: string }>(list: readonly T[], id: string): readonly T[] {
  const by = indexOf(list, "items", () => {
    const m = new Map<string, T[]>();
    for (const x of list) {
      const xs = m.get(x.beneficiary);
      if (xs === undefined) m.set(x.beneficiary, [x]);
      else xs.push(x);
    }
    return m;
  });
  return by.get(id) ?? NONE;
}

/** A beneficiary's share of one gift of a gift dossier. */
export interface GiftShare {
  gift: Gift;
  fraction: Fraction;
}

/** The last shares of a short list made, for the next call: a beneficiary's are asked for a few times in a row (its parts, its cash, its cash for a home). */
let lastGifts: readonly Gift[] | null = null;
let lastId = "";
let lastSize = 0;
let lastShares: readonly GiftShare[] = NONE;

/**
 * Forgets every index and the last shares made: `compute` calls it when it returns. Kept, they
 * held the lists of the last dossiers (and through them their beneficiaries) alive while the next
 * dossier was computed, so that each young-generation collection during a large dossier copied
 * the previous ones too: the collector's work per dossier grew with the square of its size (an
 * 800-beneficiary dossier: 1.5 MB surviving each scavenge, 0.8 MB without them). A cache only:
 * an index forgotten during a computation (a computation inside another) is built again.
 */
export function releaseIndexes(): void {
  for (let k = 0; k < recent.length; k++) recent[k] = UNUSED;
  next = 0;
  // No gift list is null: the next call misses, and sets the id and size with the list.
  lastGifts = null;
  lastShares = NONE;
}

/** Beneficiary `id`'s share of each gift, in the order of the gifts and of their `to` lists. */
export function giftSharesOf(gifts: readonly Gift[], id: string): readonly GiftShare[] {
  let size = 0;
  for (let k = 0; k < gifts.length; k++) size += gifts[k]!.to.length;
  if (gifts === lastGifts && id === lastId && size === lastSize) return lastShares;
  return size <= SCAN ? sharesOf(gifts, id, size) : indexedShares(gifts, id);
}

/** A short list's shares for `id`, made now (kept for the next call only). */
function sharesOf(gifts: readonly Gift[], id: string, size: number): readonly GiftShare[] {
  let out: GiftShare[] | undefined;
  for (let k = 0; k < gifts.length; k++) {
    const gift = gifts[k]!;
    for (let j = 0; j < gift.to.length; j++) {
      const t = gift.to[j]!;
      if (t.beneficiary === id) (out ??= []).push({ gift, fraction: t.fraction });
    }
  }
  lastGifts = gifts;
  lastId = id;
  lastSize = size;
  lastShares = out ?? NONE;
  return lastShares;
}

/** A long list's shares for `id`, from its index by beneficiary. */
function indexedShares(gifts: readonly Gift[], id: string): readonly GiftShare[] {
  const by = indexOf(gifts, "gifts", () => {
    const m = new Map<string, GiftShare[]>();
    for (const gift of gifts) {
      for (const t of gift.to) {
        const xs = m.get(t.beneficiary);
        const share = { gift, fraction: t.fraction };
        if (xs === undefined) m.set(t.beneficiary, [share]);
        else xs.push(share);
      }
    }
    return m;
  });
  return by.get(id) ?? NONE;
}

function peopleOf(list: readonly Beneficiary[]): { byId: Map<string, Beneficiary>; representing: Map<string, number> } {
  return indexOf(list, "people", () => {
    const byId = new Map<string, Beneficiary>();
    const representing = new Map<string, number>();
    for (const b of list) {
      if (!byId.has(b.id)) byId.set(b.id, b);
      if (b.represents !== null) representing.set(b.represents, (representing.get(b.represents) ?? 0) + 1);
    }
    return { byId, representing };
  });
}

/** The beneficiary of a dossier with this id (the first, as `Array.prototype.find` gives). */
export function beneficiaryOf(list: readonly Beneficiary[], id: string): Beneficiary | undefined {
  if (list.length <= SCAN) {
    // A loop, not Array.prototype.find: no closure made for each call (the checks ask for each prior gift).
    for (let k = 0; k < list.length; k++) if (list[k]!.id === id) return list[k];
    return undefined;
  }
  return peopleOf(list).byId.get(id);
}

/** How many beneficiaries represent the same predeceased child `represents`. */
export function representativesOf(list: readonly Beneficiary[], represents: string): number {
  if (list.length <= SCAN) {
    let n = 0;
    for (let k = 0; k < list.length; k++) if (list[k]!.represents === represents) n++;
    return n;
  }
  return peopleOf(list).representing.get(represents) ?? 0;
}
