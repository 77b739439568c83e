/**
 * fast-check arbitraries of VALID dossiers (docs/dossier.md), estates and gifts, covering every rule:
 * bequests, shares, spouse usufruct, representation, disability, prior gifts (recalled or not,
 * 790 G), cash and reserved-usufruct gifts, every relationship. Amounts are whole cents written
 * either as JSON numbers or as decimal strings.
 */
import fc from "fast-check";

export type Json = Record<string, any>;

const pad = (n: number) => String(n).padStart(2, "0");
const LEAP_DAYS = ["1948-02-29", "1960-02-29", "1984-02-29", "2000-02-29", "2008-02-29", "2016-02-29", "2020-02-29", "2024-02-29"];

/** A date `YYYY-MM-DD` with a year in [fromY, toY] (days up to 28, and a few 29 February). */
export const dateIn = (fromY: number, toY: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 20, arbitrary: fc.tuple(fc.integer({ min: fromY, max: toY }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })).map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`) },
    { weight: 1, arbitrary: fc.constantFrom(...LEAP_DAYS.filter((s) => +s.slice(0, 4) >= fromY && +s.slice(0, 4) <= toY), `${fromY}-01-01`) },
  );

/** Cents → the way a user may write the amount: a JSON number or a decimal string. */
export const writeCents = (cents: number, asString: boolean): number | string => {
  const text = `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
  return asString ? text : Number(text);
};

const amount = (minCents: number, maxCents: number) =>
  fc.tuple(fc.integer({ min: minCents, max: maxCents }), fc.boolean()).map(([c, s]) => ({ cents: c, json: writeCents(c, s) }));

/** Mostly whole euros (as generated dossiers have), sometimes cents. */
const euros = (minE: number, maxE: number) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: minE, max: maxE }).map((e) => ({ cents: e * 100, json: e as number | string })) },
    { weight: 1, arbitrary: amount(minE * 100, maxE * 100) },
  );

const OTHERS = ["child", "grandchild", "greatgrandchild", "sibling", "nephew", "unrelated"] as const;
const DESCENDANTS = new Set(["child", "grandchild", "greatgrandchild"]);

interface People {
  act: string;
  beneficiaries: Json[];
}

/**
 * Beneficiaries B1..Bn (1 to 9), at most one spouse or PACS partner, born before the act. Acts
 * fall in 2017-2026, the years whose law the tables hold with their sources (every value of the
 * rules of levels 1-4 is the same on each of these days).
 */
function people(kind: "estate" | "gift"): fc.Arbitrary<People> {
  return dateIn(2017, 2026).chain((act) => {
    const actY = +act.slice(0, 4);
    const one = fc.record({
      relationship: fc.constantFrom(...OTHERS),
      birthDate: dateIn(1925, actY - 1),
      disabled: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
      represents: fc.option(fc.constantFrom("Marc", "Anne"), { nil: null }),
      name: fc.constantFrom("Paul Martin", "Émilie Roux", "Jean-Luc Faure", "Zoé N'Diaye"),
    });
    return fc
      .tuple(fc.option(fc.record({ relationship: fc.constantFrom("spouse", "pacs"), birthDate: dateIn(1925, actY - 18) }), { nil: null }), fc.array(one, { minLength: 0, maxLength: 8 }))
      .filter(([s, rest]) => (s ? 1 : 0) + rest.length >= 1)
      .map(([s, rest]) => {
        const list: Json[] = [];
        if (s) list.push({ name: "Conjoint", relationship: s.relationship, birthDate: s.birthDate, disabled: false });
        for (const r of rest) {
          const b: Json = { name: r.name, relationship: r.relationship, birthDate: r.birthDate, disabled: r.disabled };
          if (kind === "estate" && r.relationship === "grandchild" && r.represents !== null) b.represents = r.represents;
          list.push(b);
        }
        return { act, beneficiaries: list.map((b, i) => ({ id: `B${i + 1}`, ...b })) };
      });
  });
}

/** Prior gifts dated up to 20 years before the act; 790 G ones only to descendants, small enough to stay within the ceiling. */
function priorGifts(p: People): fc.Arbitrary<Json[]> {
  const actY = +p.act.slice(0, 4);
  const one = fc.record({
    who: fc.integer({ min: 0, max: p.beneficiaries.length - 1 }),
    // Sometimes exactly 15 years before the act (the recall boundary).
    date: fc.oneof(dateIn(actY - 20, actY - 1), fc.constant(p.act.endsWith("-02-29") ? `${actY - 15}-02-28` : `${actY - 15}${p.act.slice(4)}`)),
    value: euros(1, 300000),
    small: euros(1, 7966),
    cash790G: fc.boolean(),
  });
  return fc.array(one, { maxLength: 4 }).map((gs) =>
    gs.map((g) => {
      const b = p.beneficiaries[g.who]!;
      const cash790G = g.cash790G && DESCENDANTS.has(b.relationship);
      return { beneficiary: b.id, date: g.date, value: cash790G ? g.small.json : g.value.json, cash790G };
    }),
  );
}

/** Integer weights → fraction strings w/W (not reduced, as users may write them). */
const shares = (weights: number[], extra = 0) => {
  const total = weights.reduce((a, b) => a + b, 0) + extra;
  return weights.map((w) => (w === total ? "1" : `${w}/${total}`));
};

export const estateArb: fc.Arbitrary<Json> = people("estate").chain((p) => {
  const n = p.beneficiaries.length;
  const spouse = p.beneficiaries.find((b) => b.relationship === "spouse" || b.relationship === "pacs");
  return fc
    .record({
      person: fc.record({ name: fc.constant("Défunt"), birthDate: dateIn(1915, +p.act.slice(0, 4) - 20) }),
      assets: fc.array(fc.record({ label: fc.constantFrom("Maison", "Comptes", "Titres"), value: euros(20000, 2000000) }), { minLength: 1, maxLength: 4 }),
      debts: fc.array(fc.record({ label: fc.constant("Dette"), value: euros(0, 5000) }), { maxLength: 2 }),
      funeralCosts: fc.option(euros(0, 5000), { nil: undefined }),
      // Residue heirs: a non-empty set of indices with weights.
      residueWeights: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
      bequestPicks: fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: 1000 })), { maxLength: 3 }),
      usufruct: fc.boolean(),
      priorGifts: priorGifts(p),
    })
    .map((r) => {
      const isSpouseUsufruct = r.usufruct && spouse !== undefined && n > 1;
      // Residue: weights of the beneficiaries (the usufructuary spouse gets none); at least one heir.
      const w = r.residueWeights.map((x, i) => (isSpouseUsufruct && p.beneficiaries[i] === spouse ? 0 : x));
      if (w.every((x) => x <= 0)) w[p.beneficiaries.findIndex((b) => b !== spouse || !isSpouseUsufruct)] = 1;
      const heirs = w.flatMap((x, i) => (x > 0 ? [i] : []));
      const sh = shares(heirs.map((i) => w[i]!));
      // Bequests: per mille of the net estate (computed in cents here only to stay valid).
      const netCents =
        r.assets.reduce((a, x) => a + x.value.cents, 0) - r.debts.reduce((a, x) => a + x.value.cents, 0) - Math.min(r.funeralCosts?.cents ?? 0, 150000);
      const seen = new Set<number>();
      const bequests = r.bequestPicks
        .filter(([i]) => !seen.has(i) && seen.add(i))
        .map(([i, perMille]) => ({ beneficiary: p.beneficiaries[i]!.id, amount: writeCents(Math.max(1, Math.floor((netCents * perMille) / 4000)), perMille % 2 === 0) }));
      const d: Json = {
        kind: "estate",
        date: p.act,
        person: r.person,
        beneficiaries: p.beneficiaries,
        assets: r.assets.map((a) => ({ label: a.label, value: a.value.json })),
        debts: r.debts.map((a) => ({ label: a.label, value: a.value.json })),
        bequests,
        residue: heirs.map((i, k) => ({ beneficiary: p.beneficiaries[i]!.id, share: sh[k] })),
        spouseUsufruct: isSpouseUsufruct ? spouse!.id : null,
        priorGifts: r.priorGifts,
      };
      if (r.funeralCosts !== undefined) d.funeralCosts = r.funeralCosts.json;
      return d;
    });
});

export const giftArb: fc.Arbitrary<Json> = people("gift").chain((p) => {
  const n = p.beneficiaries.length;
  const gift = fc.record({
    label: fc.constantFrom("Appartement", "Somme d'argent", "Parts sociales"),
    value: euros(1, 1500000),
    kind: fc.constantFrom("plain", "cash", "usufruct"),
    weights: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: n, maxLength: n }),
    extra: fc.integer({ min: 0, max: 2 }),
  });
  return fc
    .record({
      person: fc.record({ name: fc.constant("Donateur"), birthDate: dateIn(1915, +p.act.slice(0, 4) - 18) }),
      gifts: fc.array(gift, { minLength: 1, maxLength: 4 }),
      priorGifts: priorGifts(p),
    })
    .map((r) => ({
      kind: "gift",
      date: p.act,
      person: r.person,
      beneficiaries: p.beneficiaries,
      gifts: r.gifts.map((g) => {
        const w = [...g.weights];
        if (w.every((x) => x <= 0)) w[0] = 1;
        const to = w.flatMap((x, i) => (x > 0 ? [i] : []));
        const fr = shares(to.map((i) => w[i]!), g.extra);
        return {
          label: g.label,
          value: g.value.json,
          cash: g.kind === "cash",
          reservedUsufruct: g.kind === "usufruct",
          to: to.map((i, k) => ({ beneficiary: p.beneficiaries[i]!.id, fraction: fr[k] })),
        };
      }),
      priorGifts: r.priorGifts,
    }));
});

export const dossierArb: fc.Arbitrary<Json> = fc.oneof(estateArb, giftArb);

/** A permutation of a list, drawn by fast-check (so that it shrinks and replays). */
export const permutation = <T>(xs: readonly T[]): fc.Arbitrary<T[]> => fc.shuffledSubarray([...xs], { minLength: xs.length, maxLength: xs.length });
