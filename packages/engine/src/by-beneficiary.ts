import type Fraction from "fraction.js";
import type { Beneficiary, Gift } from "./dossier.js";

/**
 * A dossier's lists by beneficiary, built once per list. The computation asks, for each
 * beneficiary, for its prior gifts, its bequests, its share of the residue and of each gift:
 * scanning every list for each beneficiary made a dossier's time grow with the square of its size
 * (issue 21). Each index belongs to the list it was built from (kept in a WeakMap by the array
 * itself) and is rebuilt if the list's length changed; a short list is simply scanned.
 */

/** Up to this many items, a list is scanned rather than indexed (cheaper than a Map). */
const SCAN = 8;

const groups = new WeakMap<readonly object[], { length: number; by: Map<string, object[]> }>();
const NONE: readonly never[] = Object.freeze([]);

function groupOf<T extends object>(list: readonly T[], idOf: (x: T) => string): Map<string, T[]> {
  let g = groups.get(list);
  if (g === undefined || g.length !== list.length) {
    const by = new Map<string, T[]>();
    for (const x of list) {
      const id = idOf(x);
      const xs = by.get(id);
      if (xs === undefined) by.set(id, [x]);
      else xs.push(x);
    }
    g = { length: list.length, by: by as Map<string, object[]> };
    groups.set(list, g);
  }
  return g.by as Map<string, T[]>;
}

/** The items of a list (prior gifts, bequests, residue shares) that name beneficiary `id`, in the list's order. */
export function itemsOf<T extends { beneficiary: string }>(list: readonly T[], id: string): readonly T[] {
  if (list.length <= SCAN) {
    let out: T[] | undefined;
    for (const x of list) if (x.beneficiary === id) (out ??= []).push(x);
    return out ?? NONE;
  }
  return groupOf(list, (x) => x.beneficiary).get(id) ?? NONE;
}

/** Whether beneficiary `id` has an item in the list. */
export function hasItem<T extends { beneficiary: string }>(list: readonly T[], id: string): boolean {
  if (list.length <= SCAN) {
    for (const x of list) if (x.beneficiary === id) return true;
    return false;
  }
  return groupOf(list, (x) => x.beneficiary).has(id);
}

/** A beneficiary's share of one gift of a gift dossier. */
export interface GiftShare {
  gift: Gift;
  fraction: Fraction;
}

const shares = new WeakMap<readonly Gift[], { length: number; by: Map<string, GiftShare[]> }>();

/** Beneficiary `id`'s share of each gift, in the order of the gifts and of their `to` lists. */
export function giftSharesOf(gifts: readonly Gift[], id: string): readonly GiftShare[] {
  let size = 0;
  for (const gift of gifts) size += gift.to.length;
  if (size <= SCAN) {
    let out: GiftShare[] | undefined;
    for (const gift of gifts) for (const t of gift.to) if (t.beneficiary === id) (out ??= []).push({ gift, fraction: t.fraction });
    return out ?? NONE;
  }
  let s = shares.get(gifts);
  if (s === undefined || s.length !== gifts.length) {
    const by = new Map<string, GiftShare[]>();
    for (const gift of gifts) {
      for (const t of gift.to) {
        const xs = by.get(t.beneficiary);
        const share = { gift, fraction: t.fraction };
        if (xs === undefined) by.set(t.beneficiary, [share]);
        else xs.push(share);
      }
    }
    s = { length: gifts.length, by };
    shares.set(gifts, s);
  }
  return s.by.get(id) ?? NONE;
}

const people = new WeakMap<readonly Beneficiary[], { length: number; byId: Map<string, Beneficiary>; representing: Map<string, number> }>();

function peopleOf(list: readonly Beneficiary[]) {
  let p = people.get(list);
  if (p === undefined || p.length !== list.length) {
    const byId = new Map<string, Beneficiary>();
    const representing = new Map<string, number>();
    for (const b of list) {
      if (!byId.has(b.id)) byId.set(b.id, b);
      if (b.represents !== null) representing.set(b.represents, (representing.get(b.represents) ?? 0) + 1);
    }
    p = { length: list.length, byId, representing };
    people.set(list, p);
  }
  return p;
}

/** The beneficiary of a dossier with this id (the first, as `Array.prototype.find` gives). */
export function beneficiaryOf(list: readonly Beneficiary[], id: string): Beneficiary | undefined {
  if (list.length <= SCAN) return list.find((b) => b.id === id);
  return peopleOf(list).byId.get(id);
}

/** How many beneficiaries represent the same predeceased child `represents`. */
export function representativesOf(list: readonly Beneficiary[], represents: string): number {
  if (list.length <= SCAN) {
    let n = 0;
    for (const b of list) if (b.represents === represents) n++;
    return n;
  }
  return peopleOf(list).representing.get(represents) ?? 0;
}
