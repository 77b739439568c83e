import { compute, isDossierError, readDossier, sameAnswer, type Answer, type ComputeResult, type Devolution, type DevolutionJson, type Dossier, type DossierInput } from "@succ/engine";
import { civilCounterfactualMisses, lawAt, tryRereadCivilFile } from "@succ/engine/internal";
import { DATED_LAW, LAW_SERIES, disposableShareFor, lawWithCivil, type Law, type LawSource, type Relationship } from "@succ/rules";
import { listOf } from "../draft.js";

/**
 * The common mistakes of the civil devolution, each as what a notary who makes it computes: the
 * same file through the engine, under a law whose civil fraction is the mistaken one, or with
 * the file read the mistaken way. A level-7 task is redrawn unless each mistake whose feature
 * it holds changes the answer (task.ts); `succ stats --level 7` counts how often each still gets
 * a task right. The fractions are those of @succ/rules (`law.civil`), changed only here.
 */

export type CivilMistake = "spouseOptionIgnored" | "perHead" | "noLiquidation" | "noReduction" | "parentsQuarterIgnored" | "branchesIgnored";

type Json = Record<string, unknown>;

let noReserveLaw: LawSource | null = null;
let noQuarterLaw: LawSource | null = null;
let wholeCommunityLaw: LawSource | null = null;

/** The reserve ignored: every legacy paid in full (the disposable share is the whole estate). */
function noReserve(): LawSource {
  return (noReserveLaw ??= lawWithCivil({
    disposableShare: listOf(LAW_SERIES.civil.disposableShare.periods[0]!.value, (r) => ({ ...r, share: "1" })),
    disposableShareWithSpouse: "1",
  }));
}

/** The parents' quarter of art. 738 ignored: the brothers and sisters take everything. */
function noParentsQuarter(): LawSource {
  return (noQuarterLaw ??= lawWithCivil({ parentQuarter: "0" }));
}

/** The community not liquidated: all of it in the estate (the survivor's half taxed too). */
function wholeCommunity(): LawSource {
  return (wholeCommunityLaw ??= lawWithCivil({ communityHalf: "1" }));
}

function nodes(v: unknown): Json[] {
  return Array.isArray(v) ? (v as Json[]) : [];
}

function forms(n: Json): boolean {
  return n.status === undefined || nodes(n.descendants).some(forms);
}

/** Each living, accepting member of a line with its share per souche (art. 753). */
function perSouche(list: Json[], share = 1, out = new Map<string, number>()): Map<string, number> {
  const souches = list.filter(forms);
  for (const n of souches) {
    const s = share / souches.length;
    if (n.status === undefined) out.set(n.id as string, s);
    else perSouche(nodes(n.descendants), s, out);
  }
  return out;
}

/** The line that inherits by souches: the children, or the siblings without spouse nor descendant. */
function inheritingLine(input: Json): { key: "children" | "siblings"; list: Json[] } | null {
  const fam = input.family as Json;
  if (nodes(fam.children).some(forms)) return { key: "children", list: nodes(fam.children) };
  if (fam.spouse === undefined && nodes(fam.siblings).some(forms)) return { key: "siblings", list: nodes(fam.siblings) };
  return null;
}

/** The options the spouse could have taken but did not (art. 757, 1094-1). */
function otherOptions(input: Json): string[] {
  const m = input.marriage as Json | undefined;
  if (!m || typeof m.spouseOption !== "string") return [];
  const fam = input.family as Json;
  const allCommon = nodes(fam.children).filter(forms).every((c) => c.common === true);
  const all = ["legal_quarter", ...(allCommon ? ["legal_usufruct"] : []), ...(m.donationEntreEpoux === true ? ["ddv_disposable", "ddv_quarter_usufruct", "ddv_usufruct"] : [])];
  return all.filter((o) => o !== m.spouseOption);
}

/**
 * The representatives counted per head: each living descendant of a predeceased or renouncing
 * member of the line becomes a member of it (a child or a sibling, in `relationships` too).
 * Exported for its test (the trial reads only the civil file again).
 */
export function perHeadFile(input: Json): { file: Json; relationships: Map<string, Relationship> } | null {
  const line = inheritingLine(input);
  if (!line) return null;
  const rel = line.key === "children" ? "child" : "sibling";
  const lifted: Json[] = [];
  const relifted = new Map<string, Relationship>();
  const lift = (n: Json, top: Json): void => {
    if (n.status === undefined) {
      const node: Json = { id: n.id };
      if (top.common !== undefined) node.common = top.common;
      if (top.blood !== undefined) node.blood = top.blood;
      lifted.push(node);
      relifted.set(n.id as string, rel);
    } else for (const x of nodes(n.descendants)) lift(x, top);
  };
  for (const n of nodes(line.list)) if (forms(n)) lift(n, n);
  // A new file sharing what it does not change (the reader does not modify its input).
  const beneficiaries = listOf(nodes(input.beneficiaries), (b) => (relifted.has(b.id as string) ? { ...b, relationship: rel } : b));
  return { file: { ...input, beneficiaries, family: { ...(input.family as Json), [line.key]: lifted } }, relationships: relifted };
}

/** The branches of art. 746 ignored: the nearest relatives, whichever side, share per head. */
function oneBranchFile(input: Json): Json {
  const fam: Json = { ...(input.family as Json) };
  for (const key of ["ascendants", "collaterals"]) if (Array.isArray(fam[key])) fam[key] = listOf(nodes(fam[key]), (x) => ({ ...x, branch: "paternal" }));
  return { ...input, family: fam };
}

function notLiquidatedFile(input: Json): Json {
  return { ...input, marriage: { ...(input.marriage as Json), attributionIntegrale: false } };
}

function withOption(input: Json, option: string): Json {
  return { ...input, marriage: { ...(input.marriage as Json), spouseOption: option } };
}

/** Souches of unequal size in the line that inherits (each member's share per souche differs). */
function unequalSouches(input: Json): boolean {
  const line = inheritingLine(input);
  if (!line) return false;
  const shares = [...perSouche(line.list).values()];
  return shares.some((s) => s !== shares[0]);
}

/** A living father or mother beside brothers and sisters, no spouse. */
function parentBesideSiblings(input: Json): boolean {
  const fam = input.family as Json;
  return fam.spouse === undefined && nodes(fam.siblings).some(forms) && [fam.father, fam.mother].some((p) => (p as Json).id !== undefined);
}

/** A fraction of the file or of the law ("1", "n/d"), as [numerator, denominator]; null otherwise. */
export function fractionParts(text: unknown): [number, number] | null {
  if (typeof text !== "string") return null;
  const m = /^([0-9]{1,6})(?:\/([1-9][0-9]{0,5}))?$/.exec(text);
  return m ? [Number(m[1]), Number(m[2] ?? "1")] : null;
}

/** The civil values of the dated tables by day (YYYY-MM-DD), read once a day: files come by the thousand, from a few thousand days. */
const civilByDay = new Map<string, Law["civil"]>();
function civilOn(day: string): Law["civil"] {
  let civil = civilByDay.get(day);
  if (civil === undefined) {
    if (civilByDay.size >= 4096) civilByDay.clear();
    civilByDay.set(day, (civil = DATED_LAW.on(day).civil));
  }
  return civil;
}

/**
 * Whether a legacy may be reduced (art. 926), from the file alone. The engine reduces the
 * legacies to others when their value exceeds the room A = q × (N + G) − G: a legacy of the
 * disposable share is A itself and a universal legacy takes what is left, so neither is ever
 * reduced; fractional legacies alone, without a prior gift (G = 0), are worth their fractions of
 * N and are reduced only when the fractions add up to more than q (N is never negative: the
 * engine refuses debts above the assets). Otherwise (a cash bequest, a prior gift) the amounts
 * decide: the legacy may be reduced.
 */
function legacyMayBeReduced(input: Json): boolean {
  if (nodes(input.bequests).length > 0) return true;
  const fractional = nodes((input.will as Json | undefined)?.fractionalLegacies);
  if (fractional.length === 0) return false;
  if (nodes(input.priorGifts).length > 0) return true;
  const fam = input.family as Json;
  const souches = nodes(fam.children).filter(forms).length;
  const civil = civilOn(input.date as string);
  const q = fractionParts(souches > 0 ? disposableShareFor(civil.disposableShare, souches) : fam.spouse !== undefined ? civil.disposableShareWithSpouse : "1");
  if (q === null) return true;
  // Σ num/den > qn/qd, exactly: over the common denominator of the fractions.
  let num = 0;
  let den = 1;
  for (const l of fractional) {
    const f = fractionParts(l.share);
    if (f === null) return true;
    num = num * f[1] + f[0] * den;
    den *= f[1];
  }
  return num * q[1] > q[0] * den;
}

/**
 * Whether another option the spouse could take gives the same devolution as the one declared,
 * from the file alone. Without legacies nor prior gifts, the estate left E and the mass M are
 * the net estate N: the usufruct of all, by law (art. 757) or by the donation (art. 1094-1), is
 * the usufruct of N either way; and the quarter of art. 757, capped by the disposable share
 * (art. 758-5), is the disposable share of art. 1094-1 when that share is a quarter (art. 913:
 * three children or more).
 */
function sameDevolutionOption(input: Json): boolean {
  const m = input.marriage as Json | undefined;
  if (!m || typeof m.spouseOption !== "string") return false;
  if (nodes(input.bequests).length > 0 || input.will !== undefined || nodes(input.priorGifts).length > 0) return false;
  const o = m.spouseOption;
  const others = otherOptions(input);
  if (o === "legal_usufruct" || o === "ddv_usufruct") return others.includes(o === "legal_usufruct" ? "ddv_usufruct" : "legal_usufruct");
  if ((o === "legal_quarter" && others.includes("ddv_disposable")) || (o === "ddv_disposable" && others.includes("legal_quarter"))) {
    const souches = nodes((input.family as Json).children).filter(forms).length;
    if (souches === 0) return false;
    const civil = civilOn(input.date as string);
    const q = fractionParts(disposableShareFor(civil.disposableShare, souches));
    const quarter = fractionParts(civil.spouseQuarter);
    return q !== null && quarter !== null && q[0] * quarter[1] === quarter[0] * q[1];
  }
  return false;
}

/**
 * Whether the two branches of art. 746 are alike in the order that inherits (the 3rd, or the
 * 4th within the degree of art. 745), from the file alone: as many relatives nearest on each
 * side, of the same degree, so that one branch shared per head gives each what the halves give.
 */
function branchesAlike(input: Json): boolean {
  const fam = input.family as Json;
  if (fam.spouse !== undefined || nodes(fam.children).some(forms) || nodes(fam.siblings).some(forms)) return false;
  if ((fam.father as Json | undefined)?.id !== undefined || (fam.mother as Json | undefined)?.id !== undefined) return false;
  const ascendants = nodes(fam.ascendants);
  const maxDegree = civilOn(input.date as string).collateralMaxDegree;
  const list = ascendants.length > 0 ? ascendants : nodes(fam.collaterals).filter((x) => typeof x.degree === "number" && x.degree <= maxDegree);
  const nearest = (branch: string): [number, number] => {
    let degree = Infinity;
    let count = 0;
    for (const x of list) {
      if (x.branch !== branch || typeof x.degree !== "number") continue;
      if (x.degree < degree) [degree, count] = [x.degree, 1];
      else if (x.degree === degree) count++;
    }
    return [degree, count];
  };
  const [dp, np] = nearest("paternal");
  const [dm, nm] = nearest("maternal");
  return np > 0 && np === nm && dp === dm;
}

/** Relatives of both branches in a list of the family (`ascendants` or `collaterals`). */
function bothBranches(input: Json, key: "ascendants" | "collaterals"): boolean {
  const list = nodes((input.family as Json)[key]);
  return list.some((x) => x.branch === "paternal") && list.some((x) => x.branch === "maternal");
}

/**
 * One computation a mistaken notary makes: a file read the mistaken way (`input` itself when the
 * mistake is only in the law, whose dossier is then read once for all of them) under the dated
 * tables or a mistaken law.
 */
interface Trial {
  file: Json;
  law?: LawSource;
  /** The file differs from the task's only in `family`, `marriage` or `will`: only its civil file is read again. */
  civilOnly?: boolean;
  /** With `civilOnly`: the beneficiaries whose relationship the file changes too. */
  relationships?: ReadonlyMap<string, Relationship>;
}

/**
 * Reads the task's own file once, when a trial needs it (null when the engine refuses it); with
 * the task's computed result, tells a trial that misses the gold from its devolution alone.
 */
class Files {
  private read: Dossier | null | undefined;
  constructor(
    readonly input: Json,
    read?: Dossier,
    private readonly result?: ComputeResult,
  ) {
    this.read = read;
  }

  /** The dossier of a trial, or null when the engine refuses it (then its answer is not the gold); throws a DossierError of a file read whole. */
  private dossierOf(t: Trial): Dossier | null {
    if (t.file !== this.input && t.civilOnly !== true) return readDossier(t.file as unknown as DossierInput);
    if (this.read === undefined) {
      try {
        this.read = readDossier(this.input as unknown as DossierInput);
      } catch (e) {
        this.read = null;
        throw e;
      }
    }
    const own = this.read;
    // The task's own file refused: a file changed in its civil part is read whole.
    if (own === null || own.kind !== "estate" || own.civil === undefined) return t.file === this.input ? null : readDossier(t.file as unknown as DossierInput);
    if (t.file === this.input) return own;
    // A refusal is an answer here: read without building an error.
    return tryRereadCivilFile(own, t.file, { relationships: t.relationships, from: this.input });
  }

  /** The answer of a trial, or null when the engine refuses it (then it is not the gold). */
  answer(t: Trial): Answer | null {
    try {
      const dossier = this.dossierOf(t);
      return dossier === null ? null : compute(dossier, t.law ? { law: t.law } : {}).answer;
    } catch (e) {
      if (isDossierError(e)) return null;
      throw e;
    }
  }

  /**
   * Whether a trial's answer is the gold (the task's own answer): when only its devolution
   * differs from the task's, the engine may tell from that devolution alone that it misses
   * (civilCounterfactualMisses), without computing its tax.
   */
  findsGold(t: Trial, gold: Answer): boolean {
    try {
      const dossier = this.dossierOf(t);
      if (dossier === null) return false;
      const r = this.result;
      if (r !== undefined && r.kind === "estate" && dossier.kind === "estate" && civilCounterfactualMisses(r, dossier, lawAt(t.law ?? DATED_LAW, dossier.date))) return false;
      return sameAnswer(compute(dossier, t.law ? { law: t.law } : {}).answer, gold);
    } catch (e) {
      if (isDossierError(e)) return false;
      throw e;
    }
  }
}

export interface MistakeSpec {
  key: CivilMistake;
  /** What the mistake is, in English (stats, docs). */
  label: string;
  /** What a notary making it computes. */
  computes: string;
  /** What a task must hold for the mistake to be possible. */
  feature: string;
  holds(input: Json, dev: DevolutionJson): boolean;
  /**
   * What `holds` needs of the file itself, read before the engine computes its devolution: false
   * only when `holds` is false whatever the devolution (a test checks it on drawn files).
   */
  mayHold(input: Json): boolean;
  /** The answers a notary making the mistake may find (one of them the gold: the mistake still gets it right). */
  answers(input: Json): (Answer | null)[];
}

/**
 * What the mistakes' features read of the devolution: the order that inherits, whether the
 * liquidation of a community moves anything (a common mass, a récompense, an attribution
 * clause), whether a legacy was reduced. Read from the devolution's JSON (a task's
 * `info.devolution`) or, by the guard, from the engine's devolution itself, which it then need
 * not write out: the same facts, the amounts being whole cents (never below the 12 places of
 * the JSON's decimals).
 */
interface DevolutionFacts {
  order: number | null;
  liquidates: boolean;
  reduces: boolean;
}

function factsOfJson(dev: DevolutionJson): DevolutionFacts {
  const l = dev.liquidation;
  return { order: dev.order, liquidates: l !== null && (l.commonNet !== "0" || l.recompense !== "0" || l.attributionIntegrale), reduces: dev.reductions.length > 0 };
}

function factsOf(dev: Devolution): DevolutionFacts {
  const l = dev.liquidation;
  return { order: dev.order, liquidates: l !== null && (!l.commonNet.equals(0) || !l.recompense.equals(0) || l.attributionIntegrale), reduces: dev.legacies.some((x) => !x.before.equals(x.after)) };
}

/** A mistake by its trials, computed one at a time (a guard stops at the first that finds the gold). */
interface Spec extends MistakeSpec {
  /** `holds`, on the facts of the devolution it reads. */
  held(input: Json, dev: DevolutionFacts): boolean;
  trials(input: Json): Trial[];
  /**
   * Whether, from the file alone, the mistake's feature is held and one of its trials gives the
   * same devolution as the file itself, hence the gold whatever the amounts (when the engine
   * computes the file at all): such a file is redrawn before the engine computes it.
   */
  rightWhatever?(input: Json): boolean;
}

function spec(m: Omit<Spec, "answers" | "holds">): Spec {
  return { ...m, holds: (input, dev) => m.held(input, factsOfJson(dev)), answers: (input) => {
    const files = new Files(input);
    return listOf(m.trials(input), (t) => files.answer(t));
  } };
}

const SPECS: readonly Spec[] = [
  spec({
    key: "spouseOptionIgnored",
    computes: "each other option the file allows (art. 757, 1094-1) in place of the one the spouse declared",
    label: "the spouse's option ignored",
    feature: "a spouse beside descendants, with a choice",
    held: (input) => otherOptions(input).length > 0,
    mayHold: (input) => otherOptions(input).length > 0,
    trials: (input) => listOf(otherOptions(input), (o) => ({ file: withOption(input, o), civilOnly: true })),
    rightWhatever: (input) => sameDevolutionOption(input),
  }),
  spec({
    key: "perHead",
    computes: "the representatives of a predeceased or renouncing child or sibling counted as heirs of their own, one head each (their share, allowance and scale)",
    label: "per head instead of per souche",
    feature: "souches of unequal size in the line that inherits",
    held: (input) => unequalSouches(input),
    mayHold: (input) => unequalSouches(input),
    trials: (input) => {
      const f = perHeadFile(input);
      return f === null ? [] : [{ file: f.file, civilOnly: true, relationships: f.relationships }];
    },
  }),
  spec({
    key: "noLiquidation",
    computes: "the whole community in the estate (no half to the survivor, no attribution clause)",
    label: "the community not liquidated",
    feature: "a community with common property or a récompense",
    held: (_input, dev) => dev.liquidates,
    // A liquidation needs a community; a common mass needs a common asset or debt.
    mayHold: (input) => {
      const m = input.marriage as Json | undefined;
      if (m === undefined || m.regime === "separation_de_biens") return false;
      const common = (x: Json): boolean => x.ownership === "common" || (x.ownership === undefined && m.regime === "communaute_universelle");
      return m.recompense !== undefined || m.attributionIntegrale === true || nodes(input.assets).some(common) || nodes(input.debts).some(common);
    },
    trials: (input) => [{ file: notLiquidatedFile(input), law: wholeCommunity(), civilOnly: true }],
  }),
  spec({
    key: "noReduction",
    computes: "every legacy paid in full, as if no heir were reserved (art. 913, 914-1 and 926 ignored)",
    label: "the legacy not reduced to the disposable share",
    feature: "legacies above the disposable share",
    held: (_input, dev) => dev.reduces,
    mayHold: (input) => legacyMayBeReduced(input),
    trials: (input) => [{ file: input, law: noReserve() }],
  }),
  spec({
    key: "parentsQuarterIgnored",
    computes: "the brothers and sisters (and their representatives) take all, the father and mother nothing",
    label: "the parents' quarter of art. 738 ignored",
    feature: "a father or mother beside brothers and sisters, no spouse, no descendant",
    held: (input, dev) => dev.order === 2 && parentBesideSiblings(input),
    mayHold: (input) => parentBesideSiblings(input),
    trials: (input) => [{ file: input, law: noParentsQuarter() }],
  }),
  spec({
    key: "branchesIgnored",
    computes: "the nearest relatives of either side share per head, as if there were one branch",
    label: "the branches of art. 746 ignored",
    feature: "relatives of the 3rd or 4th order on both sides",
    held: (input, dev) => (dev.order === 3 || dev.order === 4) && bothBranches(input, dev.order === 3 ? "ascendants" : "collaterals"),
    mayHold: (input) => bothBranches(input, "ascendants") || bothBranches(input, "collaterals"),
    trials: (input) => [{ file: oneBranchFile(input), civilOnly: true }],
    rightWhatever: (input) => branchesAlike(input),
  }),
];

export const MISTAKES: readonly MistakeSpec[] = SPECS;

/** Whether one of a mistake's trials finds the gold: stops at the first that does. */
function findsGold(m: Spec, files: Files, gold: Answer): boolean {
  for (const t of m.trials(files.input)) if (files.findsGold(t, gold)) return true;
  return false;
}

/**
 * The mistakes a task holds the feature of, each with whether it still gets the gold. `read` is
 * the task's dossier already read from `input`, if the caller has it (the mistakes only in the
 * law are computed on it).
 */
export function mistakesOf(input: DossierInput, dev: DevolutionJson, gold: Answer, read?: Dossier): { key: CivilMistake; stillRight: boolean }[] {
  const files = new Files(input as unknown as Json, read);
  const facts = factsOfJson(dev);
  return listOf(SPECS.filter((m) => m.held(files.input, facts)), (m) => ({ key: m.key, stillRight: findsGold(m, files, gold) }));
}

/**
 * The guard of a level-7 task: the mistakes whose feature it holds (none: the task is redrawn),
 * read on the engine's devolution `dev` (not written out as JSON), and whether one of them
 * still gets the gold (then too), decided with the fewest computations:
 * it stops at the first mistake that finds the gold, and with the task's computed `result` (of
 * `read`, under the dated tables) computes no tax of a trial whose devolution alone misses it.
 */
export function civilMistakesGuard(input: DossierInput, dev: Devolution, gold: Answer, read: Dossier, result?: ComputeResult): { held: CivilMistake[]; stillRight: boolean } {
  const files = new Files(input as unknown as Json, read, result);
  const facts = factsOf(dev);
  const held = SPECS.filter((m) => m.held(files.input, facts));
  return { held: listOf(held, (m) => m.key), stillRight: held.some((m) => findsGold(m, files, gold)) };
}

/**
 * Whether a common civil mistake gets the task right whatever the engine computes, read from the
 * file alone: a mistake whose trial gives the file's own devolution (the guard would redraw it
 * as civilMistakeRight once the engine had computed it and the trials).
 */
export function rightWhatever(input: DossierInput): boolean {
  const file = input as unknown as Json;
  return SPECS.some((m) => m.rightWhatever?.(file) === true);
}

/**
 * Whether the file may hold the feature of some common civil mistake, read before the engine
 * computes it: when none may, the task would be redrawn (noCivilMistake) whatever the engine finds.
 */
export function mayHoldMistake(input: DossierInput): boolean {
  const file = input as unknown as Json;
  return SPECS.some((m) => m.mayHold(file));
}

