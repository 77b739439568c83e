/**
 * A second, independent reader of the dossier contract (docs/dossier.md: the `seed` rules, and
 * the `cgi` rules of the real law with their rule families and decisions), written from the
 * contract's text and not from the engine's code: its own date arithmetic and age rule, its own
 * scale walk and rounding, its own order of the steps. It reads the law's values from the dated
 * tables of @succ/rules (the data is the law; the formulas are this file's own) and takes a
 * dossier as plain JSON, as a user writes it. The differential test compares it with the engine
 * over dossiers drawn across every field, period boundary and leap day.
 */
import Fraction from "fraction.js";
import { lawOn, SEED_LAW_DAY, type Band, type Law } from "@succ/rules";

type Json = Record<string, any>;

export interface RefLine {
  part_taxable: number;
  droits: number;
  prelevement_990I?: number;
}
export interface RefAnswer {
  beneficiaires: Record<string, RefLine>;
  total_droits: number;
}

const F = (x: number | string | bigint): Fraction => new Fraction(x as any);
const ZERO = F(0);
const max0 = (x: Fraction): Fraction => (x.compare(0) > 0 ? x : ZERO);
const minF = (a: Fraction, b: Fraction): Fraction => (a.compare(b) <= 0 ? a : b);
const maxF = (a: Fraction, b: Fraction): Fraction => (a.compare(b) >= 0 ? a : b);
const amt = (v: unknown): Fraction => (v === undefined || v === null ? ZERO : F(String(v)));
const pct = (x: Fraction, p: number): Fraction => x.mul(F(String(p))).div(100);

/** Half up to the euro (amounts are never negative here). */
export function roundHalfUp(x: Fraction): number {
  return Number(x.add(F(1).div(2)).floor().valueOf());
}

// ---- dates: YYYY-MM-DD strings compare as text --------------------------------------------
const leap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const dim = (y: number, m: number): number => (m === 2 ? (leap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const parts = (s: string): [number, number, number] => [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
const text = (y: number, m: number, d: number): string => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/**
 * The day on which `n` years have passed since `from`: the same day and month `n` years later;
 * for a 29 February in a common year, 1 March (the day after 28 February has ended).
 */
export function anniversary(from: string, n: number): string {
  const [y, m, d] = parts(from);
  return d <= dim(y + n, m) ? text(y + n, m, d) : text(y + n, 3, 1);
}

/** Completed years from `birth` to `on`: the last n whose anniversary is on or before `on`. */
export function completedYears(birth: string, on: string): number {
  let n = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  while (n > 0 && anniversary(birth, n) > on) n--;
  return n;
}

/** Whether `date` is less than `years` years before `act` (exactly `years` years is not). */
const within = (date: string, act: string, years: number): boolean => anniversary(date, years) > act;

// ---- the law's formulas --------------------------------------------------------------------
/** Tax of the slice [start, start + amount] of a progressive scale, exact. */
function slice(bands: readonly Band[], start: Fraction, amount: Fraction): Fraction {
  let tax = ZERO;
  let lower = ZERO;
  const end = start.add(amount);
  for (const b of bands) {
    const upper = b.upTo === null ? null : F(b.upTo);
    const lo = maxF(lower, start);
    const hi = upper === null ? end : minF(upper, end);
    if (hi.compare(lo) > 0) tax = tax.add(pct(hi.sub(lo), b.ratePercent));
    if (upper === null) break;
    lower = upper;
  }
  return tax;
}

function usufructOf(law: Law, age: number): number {
  for (const row of law.usufruct669) if (row.maxAge === null || age <= row.maxAge) return row.usufructPercent;
  throw new Error("art. 669 table without a last row");
}

const DESC = ["child", "grandchild", "greatgrandchild"];

/** The second reader's answer for a dossier that the contract accepts. */
export function referenceAnswer(d: Json): RefAnswer {
  const cgi = d.law === "cgi";
  const act: string = d.date;
  const law = lawOn(cgi ? act : SEED_LAW_DAY);
  const lawAtDay = (day: string): Law => (cgi ? lawOn(day) : law);
  const bens: Json[] = d.beneficiaries;
  const byId = new Map(bens.map((b) => [b.id, b]));
  const hasDesc = d.person.hasDescendants !== false;
  const prior: Json[] = (d.priorGifts ?? []).map((g: Json, i: number) => ({ ...g, i }));
  const estate = d.kind === "estate";
  const personalOf = (l: Law, kind: "estate" | "gift", rel: string): number => ((l.allowances.personal[kind] as Record<string, number>)[rel] ?? 0);

  // Art. 790 A bis: the exempt part of each earlier housing gift, in date order, within the ceiling of its day.
  const housingParts = new Map<Json, Fraction>();
  const housingUsed = new Map<string, Fraction>();
  if (cgi) {
    const ordered = prior.filter((g) => g.housing790ABis === true).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.i - b.i));
    for (const g of ordered) {
      const used = housingUsed.get(g.beneficiary) ?? ZERO;
      const ceiling = lawAtDay(g.date).housingGift790ABis.ceiling ?? 0;
      const part = minF(amt(g.value), max0(F(ceiling).sub(used)));
      housingParts.set(g, part);
      housingUsed.set(g.beneficiary, used.add(part));
    }
  }

  // ---- estate: gross, net, residue, exemptions, life insurance ----
  let gross = ZERO;
  let residue = ZERO;
  let usufruct: { id: string; pct: number } | null = null;
  const personallyExempt = new Set<string>();
  const smallExempt = new Set<string>();
  const levyExempt = new Set<string>();
  const excess757B = new Map<string, Fraction>();
  const capital990I = new Map<string, Fraction>();
  if (estate) {
    const assets: Json[] = d.assets ?? [];
    let listed = ZERO;
    for (const a of assets) listed = listed.add(amt(a.value));
    let reduced = listed;
    if (cgi) {
      const home = assets.find((a) => a.mainResidence === true);
      if (home) {
        const m = law.mainResidence;
        const occupants: Json[] = (home.occupiedBy ?? []).map((id: string) => byId.get(id)!);
        const grants =
          home.occupiedBySpouseChild === true ||
          occupants.some((b) => m.partners.includes(b.relationship) || (m.children.includes(b.relationship) && (completedYears(b.birthDate, act) < m.minorBelow || b.protectedAdult === true || b.disabled === true)));
        if (grants) reduced = reduced.sub(pct(amt(home.value), m.reductionPercent));
      }
      const f = d.furniture;
      const minimum = pct(reduced, law.furnitureFlatRate);
      let furniture = ZERO;
      if (f?.valuation === "flat") furniture = minimum;
      else if (f?.valuation === "declared") furniture = maxF(amt(f.value), minimum);
      else if (f?.valuation === "inventory" || f?.valuation === "sale") furniture = amt(f.value);
      gross = reduced.add(furniture);
    } else gross = listed;
    let debts = ZERO;
    for (const x of d.debts ?? []) debts = debts.add(amt(x.value));
    const flat = F(law.funeralDeduction);
    const funeral = cgi ? minF(gross, flat) : minF(amt(d.funeralCosts), flat);
    const net = gross.sub(debts).sub(funeral);
    let bequests = ZERO;
    for (const q of d.bequests ?? []) bequests = bequests.add(amt(q.amount));
    residue = net.sub(bequests);
    if (d.spouseUsufruct) {
      const s = byId.get(d.spouseUsufruct)!;
      usufruct = { id: s.id, pct: usufructOf(law, completedYears(s.birthDate, act)) };
    }
    for (const b of bens) {
      if (law.exemptions.spouseEstate.includes(b.relationship)) personallyExempt.add(b.id);
      if (cgi && b.relationship === "sibling") {
        const s = law.exemptions.sibling;
        const status = b.maritalStatus !== undefined && s.statuses.includes(b.maritalStatus);
        // Older than 50: the day of death is after the 50th anniversary of the birth.
        const older = act > anniversary(b.birthDate, s.olderThan);
        if (status && b.livedWithDeceased5Years === true && (older || b.disabled === true)) {
          personallyExempt.add(b.id);
          levyExempt.add(b.id);
        }
      }
      if (cgi && law.lifeInsurance.exempt990I.includes(b.relationship)) levyExempt.add(b.id);
    }
    if (cgi) {
      const s = law.exemptions.smallEstate;
      for (const b of bens) {
        const first = s.directLine.includes(b.relationship);
        const unregistered = prior.some((g) => g.beneficiary === b.id && g.registered === false);
        // Art. 800 I 1°: the direct line and the spouse or partner below 50,000 €, without an unregistered gift;
        // 800 I 2°: "les personnes autres que celles visées au 1°" below 3,000 €.
        if (first && !unregistered && gross.compare(s.directLineBelow) < 0) smallExempt.add(b.id);
        if (!first && gross.compare(s.everyoneBelow) < 0) smallExempt.add(b.id);
      }
      // Life insurance: art. 990 I on the capital of premiums before 70 from 1998-10-13; art. 757 B after 70.
      const li = law.lifeInsurance;
      const premiums = new Map<string, Fraction>();
      for (const c of d.lifeInsurance ?? []) {
        const base = c.capitalAfter70 !== undefined ? minF(amt(c.premiumsAfter70), amt(c.capitalAfter70)) : amt(c.premiumsAfter70);
        for (const s of c.beneficiaries) {
          capital990I.set(s.beneficiary, (capital990I.get(s.beneficiary) ?? ZERO).add(amt(c.capitalBefore70).mul(F(s.fraction))));
          premiums.set(s.beneficiary, (premiums.get(s.beneficiary) ?? ZERO).add(base.mul(F(s.fraction))));
        }
      }
      let P = ZERO;
      for (const [id, p] of premiums) if (!personallyExempt.has(id)) P = P.add(p);
      for (const [id, p] of premiums) {
        if (personallyExempt.has(id) || p.compare(0) <= 0) continue;
        const share = F(li.allowance757B).mul(p).div(P);
        excess757B.set(id, max0(p.sub(share)));
      }
    }
  }

  // ---- each beneficiary ----
  const out: RefAnswer = { beneficiaires: {}, total_droits: 0 };
  const donorAge = completedYears(d.person.birthDate, act);
  for (const b of bens) {
    const line: RefLine = { part_taxable: 0, droits: 0 };
    const cap = capital990I.get(b.id);
    if (cap !== undefined && cap.compare(0) > 0) {
      const li = law.lifeInsurance;
      line.prelevement_990I = levyExempt.has(b.id) ? 0 : roundHalfUp(slice(li.scale990I, ZERO, max0(cap.sub(li.allowance990I))));
    }
    out.beneficiaires[b.id] = line;
    if (estate && (personallyExempt.has(b.id) || smallExempt.has(b.id))) continue;

    // Value received.
    let received = ZERO;
    let housing = ZERO;
    let g790 = ZERO;
    if (estate) {
      for (const q of d.bequests ?? []) if (q.beneficiary === b.id) received = received.add(amt(q.amount));
      for (const s of d.residue ?? []) {
        if (s.beneficiary !== b.id) continue;
        const whole = residue.mul(F(s.share));
        received = received.add(usufruct ? pct(whole, 100 - usufruct.pct) : whole);
      }
      received = received.add(excess757B.get(b.id) ?? ZERO);
    } else {
      const bare = 100 - usufructOf(law, donorAge);
      let cash = ZERO;
      let housingCash = ZERO;
      for (const g of d.gifts) {
        for (const t of g.to) {
          if (t.beneficiary !== b.id) continue;
          const part = amt(g.value).mul(F(t.fraction));
          received = received.add(g.reservedUsufruct === true ? pct(part, bare) : part);
          if (g.cash === true && cgi && g.housing790ABis === true) housingCash = housingCash.add(part);
          else if (g.cash === true) cash = cash.add(part);
        }
      }
      if (cgi && housingCash.compare(0) > 0) {
        const h = law.housingGift790ABis;
        const named = h.ceiling !== null && (h.donees!.includes(b.relationship) || (!hasDesc && h.doneesWithoutDescendants!.includes(b.relationship)));
        if (named) housing = minF(housingCash, max0(F(h.ceiling!).sub(housingUsed.get(b.id) ?? ZERO)));
        cash = cash.add(housingCash.sub(housing));
      }
      const c = law.cashGift790G;
      const covered = c.donees.includes(b.relationship) || (cgi && !hasDesc && c.doneesWithoutDescendants.includes(b.relationship));
      if (cash.compare(0) > 0 && covered && donorAge < c.donorAgeBelow && completedYears(b.birthDate, act) >= c.doneeMinimumAge) {
        let used = ZERO;
        for (const g of prior) if (g.beneficiary === b.id && g.cash790G === true && within(g.date, act, c.renewalYears)) used = used.add(amt(g.value));
        g790 = minF(cash, max0(F(c.ceiling).sub(used)));
      }
    }

    // Allowances of the act.
    let personal = ZERO;
    const representing = estate && b.represents !== undefined && b.represents !== null;
    if (representing) personal = F(law.allowances.personal.estate.child).div(bens.filter((x) => x.represents === b.represents).length);
    else personal = F(personalOf(law, estate ? "estate" : "gift", b.relationship));
    const disability = b.disabled === true ? F(law.allowances.disability) : ZERO;
    let fallback = ZERO;
    if (estate && personal.compare(0) === 0 && (!cgi || disability.compare(0) === 0)) fallback = F(law.allowances.default);

    // Recall (art. 784).
    const values = new Map<Json, Fraction>();
    for (const g of prior) {
      if (g.beneficiary !== b.id || g.cash790G === true) continue;
      const v = amt(g.value).sub(housingParts.get(g) ?? ZERO);
      if (v.compare(0) > 0) values.set(g, v);
    }
    const recalled = [...values.keys()].filter((g) => within(g.date, act, law.recallYears));
    let remaining: Fraction;
    let T = ZERO;
    if (!cgi) {
      const A = personal.add(disability).add(fallback);
      let S = ZERO;
      for (const g of recalled) S = S.add(values.get(g)!);
      const U = minF(A, S);
      remaining = A.sub(U);
      T = S.sub(U);
    } else {
      const ordered = [...values.keys()].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.i - y.i));
      const used = new Map<Json, { u: Fraction; v: Fraction }>();
      for (const g of ordered) {
        if (g.allowanceUsed !== undefined) {
          used.set(g, { u: amt(g.allowanceUsed), v: amt(g.disabilityAllowanceUsed) });
          continue;
        }
        const l = lawOn(g.date);
        let uu = ZERO;
        let vv = ZERO;
        for (const [h, x] of used) if (h.date <= g.date && within(h.date, g.date, l.recallYears)) (uu = uu.add(x.u)), (vv = vv.add(x.v));
        const value = values.get(g)!;
        const u = minF(max0(F(personalOf(l, "gift", b.relationship)).sub(uu)), value);
        let v = amt(g.disabilityAllowanceUsed);
        if (g.disabilityAllowanceUsed === undefined && b.disabled === true) v = minF(max0(F(l.allowances.disability).sub(vv)), value.sub(u));
        used.set(g, { u, v });
      }
      let sumU = ZERO;
      let sumV = ZERO;
      for (const g of recalled) {
        const x = used.get(g)!;
        sumU = sumU.add(x.u);
        sumV = sumV.add(x.v);
        T = T.add(values.get(g)!.sub(x.u).sub(x.v));
      }
      remaining = max0(personal.sub(sumU)).add(max0(disability.sub(sumV))).add(fallback);
    }

    const taxable = roundHalfUp(max0(received.sub(housing).sub(g790).sub(remaining)));
    const scale = law.scales[law.scaleOf[b.relationship as keyof Law["scaleOf"]]];
    line.part_taxable = taxable;
    line.droits = roundHalfUp(slice(scale, T, F(taxable)));
    out.total_droits += line.droits;
  }
  return out;
}
