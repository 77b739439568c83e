import { DATED_LAW, lawOn, type Band, type Law, type LawSource, type UsufructRow } from "@succ/rules";
import { promptLaw } from "./law.js";
import { Rng } from "./random.js";

/**
 * A fictional law for one task (`--fictional-law`): every amount, rate, age and period of the
 * real law of the act's date, moved by a bounded amount, coherently (scales stay progressive,
 * the art. 669 table decreasing, allowances in the same order). The prompt states all of it and
 * the gold is computed with it, so a model that answers from memory fails where one that reads
 * the rules succeeds. It is drawn from its own random stream of (seed, index): the dossier of
 * the task is the one drawn without the option.
 */

/** The random stream of the fictional law (any constant other than 0, the dossier's stream). */
export const FICTIONAL_LAW_STREAM = 0x1a77;

/** Whole euros: `x × num / den`, to the nearest `step`, never equal to `avoid`. */
function moved(rng: Rng, x: number, lo: number, hi: number, step: number): number {
  for (;;) {
    const factor = rng.int(lo, hi); // in percent
    const v = Math.max(step, Math.round((x * factor) / 100 / step) * step);
    if (v !== x) return v;
  }
}

/** A whole number in [lo, hi] other than `avoid`. */
function other(rng: Rng, lo: number, hi: number, avoid: number): number {
  for (;;) {
    const v = rng.int(lo, hi);
    if (v !== avoid) return v;
  }
}

/** The band limits scaled by one factor (kept strictly increasing) and each rate moved by a few points, kept increasing (frozen). */
function scale(rng: Rng, bands: readonly Band[], factorPercent: number, maxShift: number): readonly Band[] {
  const out: Band[] = [];
  let lastLimit = 0;
  let lastRate = 0;
  for (const b of bands) {
    let upTo: number | null = null;
    if (b.upTo !== null) {
      upTo = Math.max(lastLimit + 100, Math.round((b.upTo * factorPercent) / 100));
      lastLimit = upTo;
    }
    let rate = b.ratePercent + rng.int(-maxShift, maxShift);
    rate = Math.max(lastRate + 1, Math.min(75, rate));
    lastRate = rate;
    out.push(Object.freeze({ upTo, ratePercent: rate }));
  }
  return Object.freeze(out);
}

/** The art. 669 table with every age limit shifted by the same few years and each percent moved, kept strictly decreasing (frozen). */
function usufruct(rng: Rng, rows: readonly UsufructRow[]): readonly UsufructRow[] {
  const shift = other(rng, -4, 4, 0);
  const out: UsufructRow[] = [];
  let last = 100;
  for (const r of rows) {
    let pct = r.usufructPercent + rng.pick([-5, 0, 0, 5]);
    pct = Math.max(1, Math.min(last - 5, pct));
    last = pct;
    out.push(Object.freeze({ maxAge: r.maxAge === null ? null : r.maxAge + shift, usufructPercent: pct }));
  }
  return Object.freeze(out);
}

/** The fictional law of a task, drawn from its own stream, moved from `base` (the real law of the act's date). */
export function fictionalLaw(seed: number, index: number, base: Law): Law {
  const rng = new Rng(seed, index, FICTIONAL_LAW_STREAM);
  const a = base.allowances;
  // Allowances: each moved by 60-150 %, then kept in the real law's order.
  const child = moved(rng, a.personal.estate.child, 60, 150, 1_000);
  const grandchild = Math.min(child - 1_000, moved(rng, a.personal.gift.grandchild, 60, 150, 5));
  const sibling = Math.min(grandchild - 5, moved(rng, a.personal.estate.sibling, 60, 150, 1));
  const nephew = Math.min(sibling - 1, moved(rng, a.personal.estate.nephew, 60, 150, 1));
  const fallback = Math.min(nephew - 1, moved(rng, a.default, 60, 150, 1));
  const greatgrandchild = Math.min(grandchild - 5, moved(rng, a.personal.gift.greatgrandchild, 60, 150, 5));
  const spouse = moved(rng, a.personal.gift.spouse, 60, 150, 1);
  const disability = moved(rng, a.disability, 60, 150, 5);
  const direct = rng.int(70, 140);
  const directLine = scale(rng, base.scales.directLine, direct, 3);
  const spouseScale = scale(rng, base.scales.spouse, direct, 3);
  const siblingScale = scale(rng, base.scales.sibling, rng.int(70, 140), 5);
  const nephewScale = scale(rng, base.scales.nephew, 100, 5);
  // Unrelated persons stay above nephews and nieces.
  const unrelated = Object.freeze([Object.freeze({ upTo: null, ratePercent: Math.max(nephewScale[0]!.ratePercent + 1, base.scales.unrelated[0]!.ratePercent + rng.int(-5, 5)) })]);
  const scales = Object.freeze({ directLine, spouse: spouseScale, sibling: siblingScale, nephew: nephewScale, unrelated });
  const g = base.cashGift790G;
  const h = base.housingGift790ABis;
  const li = base.lifeInsurance;
  const s = base.exemptions.smallEstate;
  const everyoneBelow = moved(rng, s.everyoneBelow, 40, 170, 100);
  // Built frozen, object by object, in the order of the draws (what the real law shares, `base`'s, is frozen already).
  return Object.freeze<Law>({
    from: "fictional",
    to: null,
    funeralDeduction: moved(rng, base.funeralDeduction, 60, 180, 100),
    allowances: Object.freeze({
      personal: Object.freeze({
        estate: Object.freeze({ child, parent: child, ascendant: child, sibling, nephew }),
        gift: Object.freeze({ spouse, pacs: spouse, child, grandchild, greatgrandchild, sibling, nephew }),
      }),
      default: fallback,
      disability,
      disabilityMinorBelow: base.allowances.disabilityMinorBelow,
    }),
    exemptions: Object.freeze({
      spouseEstate: base.exemptions.spouseEstate,
      sibling: Object.freeze({ statuses: base.exemptions.sibling.statuses, olderThan: other(rng, 45, 60, base.exemptions.sibling.olderThan), cohabitationYears: other(rng, 3, 8, base.exemptions.sibling.cohabitationYears) }),
      smallEstate: Object.freeze({ directLineBelow: Math.max(everyoneBelow * 5, moved(rng, s.directLineBelow, 50, 160, 1_000)), directLine: s.directLine, everyoneBelow }),
    }),
    scales,
    scaleOf: base.scaleOf,
    relativesMaxDegree: base.relativesMaxDegree,
    civil: base.civil,
    recallYears: other(rng, 10, 20, base.recallYears),
    cashGift790G: Object.freeze({
      ceiling: moved(rng, g.ceiling, 60, 160, 5),
      donorAgeBelow: other(rng, 70, 85, g.donorAgeBelow),
      doneeMinimumAge: other(rng, 18, 21, g.doneeMinimumAge),
      renewalYears: other(rng, 10, 20, g.renewalYears),
      donees: g.donees,
      doneesWithoutDescendants: g.doneesWithoutDescendants,
    }),
    housingGift790ABis:
      h.ceiling === null
        ? h
        : Object.freeze({ ceiling: moved(rng, h.ceiling, 50, 150, 1_000), ceilingPerDonee: moved(rng, h.ceilingPerDonee!, 80, 150, 1_000), donees: h.donees, doneesWithoutDescendants: h.doneesWithoutDescendants }),
    usufruct669: usufruct(rng, base.usufruct669),
    furnitureFlatRate: other(rng, 3, 8, base.furnitureFlatRate),
    mainResidence: Object.freeze({ ...base.mainResidence, reductionPercent: other(rng, 10, 30, base.mainResidence.reductionPercent) }),
    lifeInsurance: Object.freeze({
      allowance990I: moved(rng, li.allowance990I, 60, 140, 500),
      scale990I: scale(rng, li.scale990I, rng.int(70, 130), 4),
      exempt990I: li.exempt990I,
      insuredAgeLimit: other(rng, 65, 75, li.insuredAgeLimit),
      allowance757B: moved(rng, li.allowance757B, 60, 150, 500),
      contractsFrom: li.contractsFrom,
      premiumsFrom990I: li.premiumsFrom990I,
    }),
  });
}

/**
 * The law source of a fictional task (`--fictional-law`): the fictional law of (seed, index),
 * moved from the law the prompts of levels 1-4 state ({@link promptLaw}), on every date, with one
 * exception: art. 790 A bis keeps its real window. On a day where the real law has no housing
 * regime, the source gives the fictional law with that regime not in force, so that a prompt
 * stating the window stays true. (Every other value of the real law is the same over the acts'
 * years, so nothing else of the fictional law is dated.) Depends only on (seed, index).
 */
export function fictionalLawSource(seed: number, index: number): { law: Law; source: LawSource } {
  const law = fictionalLaw(seed, index, promptLaw());
  let outside: Law | undefined;
  const source: LawSource = {
    on(day: string): Law {
      if (lawOn(day).housingGift790ABis.ceiling !== null) return law;
      return (outside ??= Object.freeze<Law>({ ...law, housingGift790ABis: Object.freeze({ ceiling: null, ceilingPerDonee: null, donees: null, doneesWithoutDescendants: null }) }));
    },
  };
  return { law, source };
}

/** Where the gold of a task takes its law: its fictional law when it has one, else the dated tables. */
export function lawSourceOf(info: { seed: number; index: number; fictionalLaw?: boolean }): LawSource {
  return info.fictionalLaw === true ? fictionalLawSource(info.seed, info.index).source : DATED_LAW;
}

/**
 * The law a task is computed and stated under: the dated tables, or (`--fictional-law`) the
 * fictional law of (seed, index) with its source.
 */
export interface TaskLaw {
  source: LawSource;
  /** The fictional law the prompt states; null under the real law. */
  fictional: Law | null;
}

/** The real law: the dated tables, the law of each act's date. */
export const REAL_LAW: TaskLaw = Object.freeze({ source: DATED_LAW, fictional: null });

/** The fictional law of task (seed, index), as a {@link TaskLaw}. */
export function fictionalTaskLaw(seed: number, index: number): TaskLaw {
  const { law, source } = fictionalLawSource(seed, index);
  return { source, fictional: law };
}
