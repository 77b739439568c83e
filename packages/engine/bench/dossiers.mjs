import { LAW_COVERAGE, LAW_SERIES } from "@succ/rules";
// Deterministic dossiers for the benchmarks (engine and `succ compute --jsonl`): estates and
// gifts with spouse usufruct, representation, bequests, recalled prior gifts, 790 G cash gifts,
// reserved usufruct and disabled heirs. Same seed, same dossiers, on every machine.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` valid dossiers with minB to maxB beneficiaries each, alternately estates and gifts. */
export function makeSet(seed, minB, maxB, size) {
  const rnd = mulberry32(seed);
  const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));
  const pick = (xs) => xs[int(0, xs.length - 1)];
  const pad = (n) => String(n).padStart(2, "0");
  const date = (y0, y1) => `${int(y0, y1)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;
  const money = () => (rnd() < 0.25 ? `${int(1000, 900000)}.${pad(int(0, 99))}` : int(1, 900) * 1000);
  const out = [];
  for (let k = 0; k < size; k++) {
    const n = int(minB, maxB);
    const estate = k % 2 === 0;
    const act = date(2024, 2027);
    const actY = +act.slice(0, 4);
    const bs = [];
    const withSpouse = estate && n >= 2 && rnd() < 0.6;
    if (withSpouse) bs.push({ id: "B1", name: "Conjoint Martin", relationship: pick(["spouse", "pacs"]), birthDate: date(1935, 1965), disabled: false });
    while (bs.length < n) {
      const rel = estate ? pick(["child", "child", "grandchild", "sibling", "nephew", "unrelated"]) : pick(["child", "child", "grandchild", "greatgrandchild"]);
      const b = { id: `B${bs.length + 1}`, name: `Bénéficiaire ${bs.length + 1}`, relationship: rel, birthDate: rel === "child" ? date(1960, 2005) : date(1985, 2012), disabled: rnd() < 0.1 };
      if (estate && rel === "grandchild" && rnd() < 0.6) b.represents = "Marc Martin";
      bs.push(b);
    }
    const priorGifts = [];
    for (const b of bs) {
      if (b.relationship === "spouse" || b.relationship === "pacs") continue;
      if (rnd() < 0.4) priorGifts.push({ beneficiary: b.id, date: date(actY - 18, actY - 1), value: int(5, 150) * 1000, cash790G: false });
      if (["child", "grandchild", "greatgrandchild"].includes(b.relationship) && rnd() < 0.3) {
        priorGifts.push({ beneficiary: b.id, date: date(actY - 14, actY - 1), value: int(1, 31) * 1000, cash790G: true });
      }
    }
    const heirs = bs.filter((b) => b.relationship !== "spouse" && b.relationship !== "pacs");
    if (estate) {
      const usufruct = withSpouse && heirs.length > 0 && rnd() < 0.7;
      const residueHeirs = usufruct ? heirs : bs;
      const assets = Array.from({ length: int(1, 4) }, (_, i) => ({ label: `Bien ${i + 1}`, value: int(50, 900) * 1000 }));
      const bequests = rnd() < 0.6 ? [{ beneficiary: pick(bs).id, amount: int(5, 40) * 1000 }] : [];
      out.push({
        kind: "estate",
        date: act,
        person: { name: "Jeanne Martin", birthDate: date(1930, 1960) },
        beneficiaries: bs,
        assets,
        // Debts ≤ 8,000: the net estate is at least 50,000 − 8,000 − 1,500 = 40,500, above any bequest.
        debts: rnd() < 0.5 ? [{ label: "Prêt", value: int(1, 8) * 1000 }] : [],
        funeralCosts: int(0, 6000),
        bequests,
        residue: residueHeirs.map((b) => ({ beneficiary: b.id, share: `1/${residueHeirs.length}` })),
        spouseUsufruct: usufruct ? "B1" : null,
        priorGifts,
      });
    } else {
      const gifts = [
        { label: "Appartement", value: money(), cash: false, reservedUsufruct: rnd() < 0.6, to: bs.map((b) => ({ beneficiary: b.id, fraction: `1/${bs.length}` })) },
        { label: "Somme d'argent", value: int(10, 80) * 1000, cash: true, reservedUsufruct: false, to: [{ beneficiary: pick(bs).id, fraction: "1" }] },
      ];
      out.push({ kind: "gift", date: act, person: { name: "Gérard Morel", birthDate: date(1940, 1975) }, beneficiaries: bs, gifts, priorGifts });
    }
  }
  return out;
}


/**
 * The same dossier under the `cgi` rules: the act moved into 2017-2026 (same day), the prior
 * gifts made before the replay day of art. 784 given the allowance they used (as their deed would), and the own
 * prior gifts of representing grandchildren dropped (out of scope under cgi).
 */
/** The child allowance of the tables' first period (before the replay day). */
const EARLY_CHILD_ALLOWANCE = LAW_SERIES.allowances.personal.gift.child.periods[0].value;

export function asCgi(d) {
  const last = LAW_COVERAGE.verifiedThrough.day;
  const date = d.date > last ? `${last.slice(0, 4)}${d.date.slice(4)}` : d.date;
  const representing = new Set(d.beneficiaries.filter((b) => b.represents).map((b) => b.id));
  const priorGifts = d.priorGifts
    .filter((g) => !representing.has(g.beneficiary) && g.date < date)
    .map((g) => (g.cash790G || g.date >= LAW_COVERAGE.replayFrom.day ? g : { ...g, allowanceUsed: Math.min(g.value, EARLY_CHILD_ALLOWANCE) }));
  return { ...d, law: "cgi", date, priorGifts };
}

/**
 * The dossier `d` with `count` prior gifts in place of its own, for the growth rows: ordinary
 * (not 790 G) gifts of 1,000 to 150,000 € over the 18 years before the act (some older than the
 * recall's 15 years), dealt in turn to the beneficiaries that may have one under both rule sets
 * (neither the spouse or partner nor a representing grandchild).
 */
export function withPriorGifts(d, count, seed) {
  const rnd = mulberry32(seed);
  const int = (a, b) => a + Math.floor(rnd() * (b - a + 1));
  const pad = (n) => String(n).padStart(2, "0");
  const actY = +d.date.slice(0, 4);
  const donees = d.beneficiaries.filter((b) => b.relationship !== "spouse" && b.relationship !== "pacs" && !b.represents);
  const priorGifts = Array.from({ length: count }, (_, k) => ({
    beneficiary: donees[k % donees.length].id,
    date: `${int(actY - 18, actY - 1)}-${pad(int(1, 12))}-${pad(int(1, 28))}`,
    value: int(1, 150) * 1000,
    cash790G: false,
  }));
  return { ...d, priorGifts };
}
