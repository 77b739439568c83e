import { compareDates, type CivilDate } from "@succ/engine";
import type { Relationship } from "@succ/rules";
import { listOf, type Beneficiary, type ContractDraft } from "../draft.js";
import { cgiActDate, deedOf, lawOf } from "../law.js";
import { addDays, addYears, birthForAge, dateBetween as spanBetween, daysBetween, maxDate } from "../dates.js";
import { Builder, roundEuros, roundish } from "../family.js";
import { familyName, town, bank, type Person } from "../names.js";
import type { Rng } from "../random.js";
import type { Asset, Blood, Branch, Debt, Gift, Level7Draft, Level7Variant, Marriage, Member, Regime, SpouseOption, Status, Will } from "./model.js";

/**
 * Drawing a level-7 file. Each variant brings the features whose common mistakes the task must
 * punish: the spouse's option (art. 757, 1094-1), souches of a predeceased or renouncing child or
 * sibling (art. 751-755), the community and its liquidation (art. 1400-1491, 1526), legacies above
 * the disposable share (art. 913, 926), the parents' quarter (art. 738), the branches of the 3rd
 * and 4th orders (art. 746-750). The task's guards (task.ts) check through the engine that each
 * feature present changes the answer.
 */

/** The relationships of computed mode that the rules' table does not list for the seed's levels. */
type CivilRelationship = Relationship | "parent" | "ascendant" | "collateral";

const NOTARY_LAST = ["Delorme", "Vasseur", "Aubriot", "Ferrand", "Guillemin", "Lacombe", "Morvan", "Peyrat", "Rouvière", "Tessier"] as const;
const INSURERS = ["Prévoyance des Aulnes", "Mutuelle vie du Val d'Ornelle", "Assurances Rochebelle", "Caisse de prévoyance de la Lère", "Vie et Patrimoine de Brenne"] as const;

interface Ctx {
  rng: Rng;
  b: Builder;
  act: CivilDate;
  draft: Level7Draft;
  age: number;
  goneCount: number;
}

/** A day between `from` and `to` (`from` itself when they are less than two months apart). */
function dateBetween(rng: Rng, from: CivilDate, to: CivilDate): CivilDate {
  return daysBetween(from, to) < 62 ? from : spanBetween(rng, from, to);
}

function notary(rng: Rng): string {
  return `Me ${rng.pick(NOTARY_LAST)}, notaire à ${town(rng)}`;
}

function addBen(c: Ctx, p: Person, rel: CivilRelationship, birth: CivilDate): Beneficiary {
  return c.b.add(p, rel as Relationship, birth);
}

function living(ben: Beneficiary): Member {
  return { id: ben.id, person: ben.person, birth: ben.birth, status: "alive", ben, on: null, descendants: [] };
}

/** A predeceased or renouncing member (not a beneficiary); `on` is set once its descendants are drawn. */
function gone(c: Ctx, p: Person, birth: CivilDate, status: Exclude<Status, "alive">): Member {
  c.goneCount += 1;
  return { id: `P${c.goneCount}`, person: p, birth, status, ben: null, on: null, descendants: [] };
}

function start(rng: Rng, variant: Level7Variant, ages: readonly [number, number]): Ctx {
  const act = cgiActDate(rng, 6, "estate");
  const b = new Builder(rng, act, familyName(rng));
  const age = rng.int(ages[0], ages[1]);
  const subject = b.subject(age);
  const none = (): Member => ({ id: "", person: subject, birth: subject.birth, status: "predeceased", ben: null, on: null, descendants: [] });
  const draft: Level7Draft = {
    variant,
    date: act,
    town: town(rng),
    subject,
    situation: "single",
    beneficiaries: b.beneficiaries,
    outsiders: new Map(),
    spouse: null,
    partner: null,
    children: [],
    father: none(),
    mother: none(),
    siblings: [],
    ascendants: [],
    collaterals: [],
    marriage: null,
    will: null,
    assets: [],
    debts: [],
    funeralCents: 0,
    gifts: [],
    contracts: [],
    parents: b.parents,
  };
  return { rng, b, act, draft, age, goneCount: 0 };
}

// --- people ------------------------------------------------------------------------------------

/** The day a member died (after its last descendant's birth, before the deceased) or renounced (after the death). */
function settle(c: Ctx, m: Member): void {
  if (m.status === "alive") return;
  if (m.status === "renounced") {
    m.on = dateBetween(c.rng, addDays(c.act, 30), addDays(c.act, 150));
    return;
  }
  let after = addYears(m.birth, 20);
  for (const d of m.descendants) if (compareDates(d.birth, after) > 0) after = d.birth;
  const last = addDays(c.act, -90);
  m.on = compareDates(addDays(after, 60), last) < 0 ? dateBetween(c.rng, addDays(after, 30), last) : addDays(after, 1);
}

/**
 * The children of `parent` (a member), `count` of them, with the relationship `rel`; with `deeper`
 * (the representatives of a child), one of them may be predeceased too, represented by its own
 * children (art. 752: representation "à l'infini dans la ligne directe descendante").
 */
function descendantsOf(c: Ctx, parent: Member, count: number, rel: CivilRelationship, lastName: string, deeper = false): Member[] {
  const out: Member[] = [];
  const parentAge = c.b.ageOf(parent);
  let deep = deeper && count >= 2 && c.rng.chance(25) ? c.rng.int(0, count - 1) : -1;
  for (let i = 0; i < count; i++) {
    const birth = c.b.siblingBirth(`the children of ${parent.id}`, () => birthForAge(c.rng, c.act, c.b.grandchildAge(parentAge, 1)));
    c.b.parentOf({ female: parent.person.female, birth: parent.birth }, { birth });
    const p = c.b.person(lastName);
    if (i === deep && c.b.ageOf({ birth }) >= 38) {
      const dead = gone(c, p, birth, "predeceased");
      dead.descendants = descendantsOf(c, dead, c.rng.int(1, 2), "greatgrandchild", p.female ? c.b.otherFamily() : p.last);
      settle(c, dead);
      out.push(dead);
      deep = -1;
    } else out.push(living(addBen(c, p, rel, birth)));
  }
  return out;
}

/** A child of the deceased; not alive, represented by 1-3 children (and grandchildren, now and then). */
function child(c: Ctx, status: Status, minAge = status === "alive" ? 18 : 24): Member {
  const { b, rng } = c;
  const birth = b.siblingBirth("the subject's children", () => birthForAge(rng, c.act, b.childAge(c.age, minAge)));
  b.parentOf(c.draft.subject, { birth });
  const p = b.person();
  if (status === "alive") return living(addBen(c, p, "child", birth));
  const m = gone(c, p, birth, status);
  const last = p.female ? b.otherFamily() : p.last;
  m.descendants = descendantsOf(c, m, rng.weighted([[1, 25], [2, 50], [3, 25]] as const), "grandchild", last, true);
  settle(c, m);
  return m;
}

/** Which child is predeceased or renouncing, if any: their statuses in order of birth. */
function childStatuses(rng: Rng, k: number, souchePercent: number): Status[] {
  const out: Status[] = [];
  for (let i = 0; i < k; i++) out.push("alive");
  if (k >= 1 && rng.chance(souchePercent)) out[rng.int(0, k - 1)] = rng.chance(65) ? "predeceased" : "renounced";
  // An only child who is not alive leaves a single souche: still a devolution, but make it rarer.
  return out;
}

function addChildren(c: Ctx, k: number, souchePercent: number): Member[] {
  // The file lists the children from the eldest.
  const list = listOf(childStatuses(c.rng, k, souchePercent), (s) => child(c, s))
    .sort((x, y) => compareDates(x.birth, y.birth));
  c.draft.children = list;
  return list;
}

/** A parent of the deceased, alive (a beneficiary, relationship `parent`) or predeceased. */
function parent(c: Ctx, female: boolean, alive: boolean): Member {
  const { b, rng } = c;
  const birth = birthForAge(rng, c.act, c.age + rng.int(female ? 22 : 24, female ? 38 : 42));
  const p = female ? b.person(rng.chance(80) ? b.otherFamily() : b.family, true) : b.person(b.family, false);
  b.parentOf({ female, birth }, c.draft.subject);
  if (alive && b.ageOf({ birth }) <= 100) return living(addBen(c, p, "parent", birth));
  const m = gone(c, p, birth, "predeceased");
  m.on = dateBetween(rng, maxDate(addYears(c.draft.subject.birth, 18), addYears(birth, 50)), addDays(c.act, -200));
  return m;
}

/** A brother or sister of the deceased; not alive: represented by 1-3 nephews and nieces. */
function sibling(c: Ctx, blood: Blood, status: Status): Member {
  const { b, rng } = c;
  const f = c.draft.father;
  const mo = c.draft.mother;
  // Born when the parent(s) it shares with the deceased could have a child.
  const ok = (x: CivilDate): boolean => (blood === "uterin" || b.canBeParent({ female: false, birth: f.birth }, x)) && (blood === "consanguin" || b.canBeParent({ female: true, birth: mo.birth }, x));
  const draw = (): CivilDate => birthForAge(rng, c.act, Math.max(status === "alive" ? 20 : 24, c.age + rng.int(-12, 12)));
  const birth = b.siblingBirth("the subject's siblings", () => {
    let x = draw();
    for (let t = 0; t < 20 && !ok(x); t++) x = draw();
    return x;
  });
  if (blood !== "uterin") b.parentOf({ female: false, birth: f.birth }, { birth });
  if (blood !== "consanguin") b.parentOf({ female: true, birth: mo.birth }, { birth });
  const last = blood === "uterin" ? b.otherFamily() : b.family;
  const p = b.person(last);
  let m: Member;
  if (status === "alive") m = living(addBen(c, p, "sibling", birth));
  else {
    m = gone(c, p, birth, status);
    m.descendants = descendantsOf(c, m, rng.weighted([[1, 30], [2, 45], [3, 25]] as const), "nephew", p.female ? b.otherFamily() : last);
    settle(c, m);
  }
  m.blood = blood;
  return m;
}

function addSiblings(c: Ctx, k: number, souchePercent: number, halfPercent: number): void {
  const out: Member[] = [];
  const souche = k > 0 && c.rng.chance(souchePercent) ? c.rng.int(0, k - 1) : -1;
  for (let i = 0; i < k; i++) {
    const blood: Blood = c.rng.chance(halfPercent) ? c.rng.pick(["consanguin", "uterin"] as const) : "germain";
    out.push(sibling(c, blood, i === souche ? (c.rng.chance(70) ? "predeceased" : "renounced") : "alive"));
  }
  c.draft.siblings = out;
}

function addSpouse(c: Ctx): Beneficiary {
  const { b, rng } = c;
  const female = !c.draft.subject.female;
  const spouseAge = Math.min(99, Math.max(30, c.age + rng.int(-7, 7)));
  const s = addBen(c, b.person(b.family, female), "spouse", birthForAge(rng, c.act, spouseAge));
  c.draft.spouse = s;
  c.draft.situation = "married";
  return s;
}

function outsider(c: Ctx, rel: CivilRelationship, fr: string, ages: readonly [number, number], last = c.b.otherFamily()): Beneficiary {
  const x = addBen(c, c.b.person(last), rel, birthForAge(c.rng, c.act, c.rng.int(ages[0], ages[1])));
  c.draft.outsiders.set(x.id, fr);
  return x;
}

/** Father and mother predeceased (the file then says so). */
function orphan(c: Ctx): void {
  c.draft.father = parent(c, false, false);
  c.draft.mother = parent(c, true, false);
}

// --- marriage and assets -------------------------------------------------------------------------

function drawMarriage(c: Ctx, regime: Regime, option: SpouseOption | null, ddv: boolean): Marriage {
  const { rng } = c;
  const spouse = c.draft.spouse!;
  const firstChild = listOf(c.draft.children.filter((m) => m.common), (m) => m.birth).sort(compareDates)[0];
  const earlier = listOf(c.draft.children.filter((m) => m.common === false), (m) => addYears(m.birth, 1));
  const adult = [addYears(c.draft.subject.birth, 21), addYears(spouse.birth, 21), ...earlier].reduce(maxDate);
  const latest = firstChild ? addDays(firstChild, -300) : addYears(c.act, -3);
  const date = compareDates(adult, latest) < 0 ? dateBetween(rng, adult, latest) : adult;
  const contract = regime === "communaute_legale" && rng.chance(70) ? null : { date: addDays(date, -rng.int(20, 90)), notary: notary(rng) };
  return {
    date,
    town: town(rng),
    regime,
    contract,
    attributionIntegrale: false,
    recompense: null,
    ddv: ddv ? { date: dateBetween(rng, addDays(date, 400), addYears(c.act, -1)), notary: notary(rng) } : null,
    option,
    optionOn: option === null ? null : dateBetween(rng, addDays(c.act, 20), addDays(c.act, 120)),
  };
}

const COMMON_LABELS = ["Maison d'habitation à", "Appartement à", "Maison de vacances à", "Terrain à bâtir à"] as const;
const ACCOUNT_LABELS = ["Comptes courants et livrets", "Portefeuille de titres", "Parts de la SCI du Moulin", "Compte titres et plan d'épargne en actions"] as const;

/** Whole euros, at least 1,000 €, in cents. */
function euros(rng: Rng, lo: number, hi: number): number {
  return roundEuros(rng.spread(lo, hi) * 100, 100);
}

/** The assets and debts: common ones under a community, own ones (inherited, given, personal). */
/** `large`: a spouse takes much of the estate (or its half of the community), so the rest must be worth taxing. */
function drawAssets(c: Ctx, regime: Regime | null, inherited: { parent: "father" | "mother"; by: "gift" | "succession" } | null, large = false): void {
  const { rng } = c;
  const assets: Asset[] = [];
  const debts: Debt[] = [];
  const community = regime === "communaute_legale" || regime === "communaute_universelle";
  const place = (): string => town(rng);
  const home = rng.pick(COMMON_LABELS.slice(0, 2));
  const homeCents = large ? euros(rng, 250_000, 1_600_000) : euros(rng, 90_000, 900_000);
  if (regime === "separation_de_biens" && rng.chance(50)) {
    assets.push({ label: `Moitié indivise (acquise avec le conjoint) de : ${home} ${place()}`, cents: roundEuros(homeCents / 2, 100), ownership: "own" });
  } else assets.push({ label: `${home} ${place()}`, cents: homeCents, ownership: community ? "common" : "own" });
  const k = rng.int(1, 2);
  for (const label of rng.sample(ACCOUNT_LABELS, k)) {
    const own = regime === "communaute_legale" && rng.chance(25);
    assets.push({ label: own ? `${label} (biens propres, acquis avant le mariage)` : label, cents: large ? euros(rng, 60_000, 900_000) : euros(rng, 8_000, 400_000), ownership: community && !own ? "common" : "own" });
  }
  if (inherited && regime !== "communaute_universelle") {
    const year = rng.int(1990, c.act.y - 2);
    // Each with the ending its past participle takes (feminine, plural).
    const [what, ending] = rng.pick([["Maison de famille à", "e"], ["Terres agricoles à", "es"], ["Bois et landes à", "s"], ["Appartement à", ""]] as const);
    const how = inherited.by === "succession" ? `recueilli${ending} dans la succession` : `reçu${ending} en donation`;
    const fr = inherited.parent === "father" ? "de son père" : "de sa mère";
    assets.push({ label: `${what} ${place()} (${how} ${fr} en ${year})`, cents: euros(rng, 40_000, 400_000), ownership: "own", receivedFrom: { ...inherited, year } });
  } else if (regime === "communaute_legale" && rng.chance(45)) {
    const year = rng.int(1985, c.act.y - 2);
    assets.push({ label: `Terres à ${place()} (recueillies dans la succession d'un oncle en ${year})`, cents: euros(rng, 20_000, 200_000), ownership: "own" });
  }
  if (rng.chance(55)) {
    debts.push({ label: `Prêt immobilier (capital restant dû à la ${bank(rng)})`, cents: roundEuros(rng.int(5, 40) * homeCents / 100, 100), ownership: community ? "common" : "own" });
  }
  if (rng.chance(40)) debts.push({ label: "Impôt sur le revenu restant dû", cents: euros(rng, 1_000, 9_000), ownership: community ? "common" : "own" });
  c.draft.assets = assets;
  c.draft.debts = debts;
  // An invoice of the flat deduction now and then (art. 775), so that D1 of the contract is not stated in every file.
  c.draft.funeralCents = rng.chance(35) ? lawOf(c.act).funeralDeduction * 100 : roundEuros(rng.int(2_800, 9_500) * 100, 10);
}

/** A récompense of the community: due to the deceased (own funds spent on the home) or to the survivor. */
function maybeRecompense(c: Ctx, m: Marriage, percent: number): void {
  if (m.regime === "separation_de_biens" || m.attributionIntegrale || !c.rng.chance(percent)) return;
  const common = c.draft.assets.filter((a) => a.ownership === "common").reduce((s, a) => s + a.cents, 0) - c.draft.debts.filter((x) => x.ownership === "common").reduce((s, x) => s + x.cents, 0);
  if (common < 20_000_00) return;
  const cents = roundEuros(c.rng.int(5, 35) * common / 100, 1000);
  if (cents <= 0) return;
  const toDeceased = c.rng.chance(55);
  const f = toDeceased ? c.draft.subject.female : c.draft.spouse!.person.female;
  const who = toDeceased ? (c.draft.subject.female ? "la défunte" : "le défunt") : f ? "l'épouse survivante" : "l'époux survivant";
  const why = toDeceased
    ? `deniers propres de ${who} (prix de vente d'un bien hérité) employés au financement de la maison commune`
    : `deniers propres de ${who} (donation de ses parents) employés au remboursement du prêt commun`;
  m.recompense = { to: toDeceased ? "deceased" : "survivor", cents, why };
}

// --- gifts, insurance --------------------------------------------------------------------------

/** An earlier gift made *hors part successorale* to a living child, recalled for the tax when within 15 years. */
function maybeGift(c: Ctx, to: readonly Beneficiary[], percent: number): void {
  const { rng, b } = c;
  if (to.length === 0 || !rng.chance(percent)) return;
  const x = rng.pick(to);
  const from = maxDate({ y: 2013, m: 1, d: 10 }, addYears(x.birth, 18));
  const until = addYears(c.act, -1);
  if (compareDates(from, until) >= 0) return;
  const date = dateBetween(rng, from, until);
  const realty = rng.chance(50);
  const gross = c.draft.assets.reduce((sum, a) => sum + a.cents, 0);
  const cents = Math.max(5_000_00, roundEuros((gross * rng.int(3, 18)) / 100, 500));
  const atDeath = realty ? roundEuros(cents * rng.int(95, 140) / 100, 100) : cents;
  const pg = { beneficiary: x.id, date, cents, cash790G: false };
  const deed = deedOf(pg, new Map(), x.relationship, false);
  c.draft.gifts.push({
    beneficiary: x.id,
    date,
    label: realty ? `Appartement à ${town(rng)}` : "Somme d'argent",
    cents,
    atDeathCents: atDeath,
    allowanceUsed: deed.allowanceUsed,
    notary: notary(rng),
  });
  void b;
}

function maybeContract(c: Ctx, to: readonly Beneficiary[], percent: number): void {
  const { rng } = c;
  if (to.length === 0 || !rng.chance(percent)) return;
  const x = rng.pick(to);
  const from = maxDate({ y: 1999, m: 1, d: 10 }, addYears(c.draft.subject.birth, 30));
  if (daysBetween(from, addYears(c.act, -2)) < 62) return;
  const subscribedOn = dateBetween(rng, from, addYears(c.act, -2));
  const contract: ContractDraft = {
    label: rng.pick(["Contrat Horizon Patrimoine", "Contrat Sérénité Vie", "Contrat Avenir Plus", "Contrat Cap Transmission"] as const),
    insurer: rng.pick(INSURERS),
    subscribedOn,
    to: [{ beneficiary: x.id, num: 1, den: 1 }],
    before70: euros(rng, 30_000, 400_000),
    // Subscribed from 1999 on: no premiums before 13/10/1998.
    before1998: null,
    premiumsAfter70: 0,
    capitalAfter70: 0,
  };
  c.draft.contracts.push(contract);
}

function willDeed(c: Ctx): Will["deed"] {
  return { date: dateBetween(c.rng, addYears(c.act, -12), addDays(c.act, -60)), notary: notary(c.rng) };
}

function emptyWill(c: Ctx): Will {
  return { deed: willDeed(c), universalLegatee: null, fractional: [], disposableShareTo: null, spouseLargestDisposable: false, bequests: [] };
}

/** A cash bequest of about `share` percent of the estate. */
function bequestCents(c: Ctx, percent: number): number {
  // The estate's part: half of what is common (art. 1475).
  const part = (x: { cents: number; ownership: "own" | "common" }): number => (x.ownership === "common" ? x.cents / 2 : x.cents);
  const gross = c.draft.assets.reduce((s, a) => s + part(a), 0) - c.draft.debts.reduce((s, x) => s + part(x), 0);
  return Math.max(5_000_00, roundish(c.rng, Math.floor((gross * percent) / 100)));
}

// --- variants ----------------------------------------------------------------------------------

/** A spouse and descendants: the option (art. 757, 1094-1), the regime, souches, a non-common child. */
function spouseDescendants(rng: Rng): Level7Draft {
  const c = start(rng, "spouse-descendants", [52, 92]);
  orphan(c);
  addSpouse(c);
  const k = rng.weighted([[1, 15], [2, 40], [3, 30], [4, 15]] as const);
  const list = addChildren(c, k, 40);
  // A child of an earlier union is the eldest.
  const eldest = list.reduce((e, m, i) => (compareDates(m.birth, list[e]!.birth) < 0 ? i : e), 0);
  const nonCommon = rng.chance(30) ? eldest : -1;
  list.forEach((m, i) => {
    m.common = i !== nonCommon;
    if (!m.common) m.otherParent = `${c.b.person(c.b.otherFamily(), !c.draft.subject.female).first} ${c.b.otherFamily()}`;
  });
  const allCommon = nonCommon < 0;
  const regime: Regime = rng.weighted([["communaute_legale", 55], ["separation_de_biens", 25], ["communaute_universelle", allCommon ? 20 : 0]] as const);
  const ddv = rng.chance(50);
  const options: SpouseOption[] = ddv ? ["ddv_disposable", "ddv_quarter_usufruct", "ddv_usufruct", "legal_quarter"] : ["legal_quarter"];
  if (allCommon) options.push("legal_usufruct");
  const option = rng.pick(options);
  const m = drawMarriage(c, regime, option, ddv);
  c.draft.marriage = m;
  drawAssets(c, regime, null, true);
  if (regime === "communaute_legale" && allCommon && !option.startsWith("ddv") && c.draft.assets.some((a) => a.ownership === "own") && rng.chance(12)) {
    m.attributionIntegrale = true;
    m.contract ??= { date: addDays(m.date, -rng.int(20, 90)), notary: notary(rng) };
  }
  maybeRecompense(c, m, 35);
  const heirs = listOf(list.filter((x) => x.status === "alive"), (x) => x.ben!);
  if (!option.startsWith("ddv")) {
    maybeGift(c, heirs, 30);
    if (rng.chance(30)) {
      const w = emptyWill(c);
      const l = rng.chance(50) ? outsider(c, "unrelated", "ami", [30, 80]) : outsider(c, "unrelated", "filleul, sans lien de parenté", [20, 50]);
      w.bequests.push({ beneficiary: l.id, cents: bequestCents(c, rng.int(5, 45)) });
      c.draft.will = w;
    }
  }
  maybeContract(c, [...heirs, ...c.draft.beneficiaries.filter((x) => x.relationship === "unrelated")], 30);
  return c.draft;
}

/** A widowed or divorced parent, children with souches, a will that may exceed the disposable share. */
function descendantsWill(rng: Rng): Level7Draft {
  const c = start(rng, "descendants-will", [50, 94]);
  orphan(c);
  c.draft.situation = rng.pick(["widowed", "divorced", "pacs"] as const);
  const k = rng.weighted([[1, 30], [2, 35], [3, 25], [4, 10]] as const);
  addChildren(c, k, 45);
  drawAssets(c, null, null);
  const w = emptyWill(c);
  let legatee: Beneficiary;
  if (c.draft.situation === "pacs") {
    legatee = addBen(c, c.b.person(c.b.otherFamily(), !c.draft.subject.female), "pacs", birthForAge(rng, c.act, Math.max(30, c.age + rng.int(-10, 8))));
    c.draft.partner = legatee;
  } else legatee = rng.chance(60) ? outsider(c, "unrelated", "ami", [30, 85]) : outsider(c, "unrelated", "filleul, sans lien de parenté", [20, 55]);
  const kind = rng.weighted([["disposable", 12], ["fraction", 40], ["universal", 18], ["bequests", 30]] as const);
  if (kind === "disposable") w.disposableShareTo = legatee.id;
  else if (kind === "universal") w.universalLegatee = legatee.id;
  else if (kind === "fraction") {
    const f = rng.pick([[1, 2], [1, 2], [2, 3], [3, 4], [1, 3]] as const);
    w.fractional.push({ beneficiary: legatee.id, num: f[0], den: f[1] });
  } else {
    w.bequests.push({ beneficiary: legatee.id, cents: bequestCents(c, rng.int(30, 80)) });
    if (rng.chance(40)) {
      const l2 = outsider(c, "unrelated", "ami", [25, 85]);
      w.bequests.push({ beneficiary: l2.id, cents: bequestCents(c, rng.int(5, 30)) });
    }
  }
  c.draft.will = w;
  const heirs = listOf(c.draft.children.filter((x) => x.status === "alive"), (x) => x.ben!);
  maybeGift(c, heirs, 35);
  maybeContract(c, [...heirs, legatee], 30);
  return c.draft;
}

/** A spouse without descendants: the parents (art. 757-1) or the siblings and the family property (art. 757-3). */
function spouseNoDescendants(rng: Rng): Level7Draft {
  const c = start(rng, "spouse-no-descendants", [35, 88]);
  addSpouse(c);
  const old = c.age > 70;
  const fatherAlive = !old && rng.chance(45);
  const motherAlive = !old && rng.chance(55);
  c.draft.father = parent(c, false, fatherAlive);
  c.draft.mother = parent(c, true, motherAlive);
  addSiblings(c, rng.weighted([[0, 10], [1, 30], [2, 35], [3, 25]] as const), 30, 30);
  const noParent = c.draft.father.status !== "alive" && c.draft.mother.status !== "alive";
  let inherited: { parent: "father" | "mother"; by: "gift" | "succession" } | null = null;
  if (noParent && c.draft.siblings.length > 0 && rng.chance(75)) inherited = { parent: rng.pick(["father", "mother"] as const), by: rng.chance(75) ? "succession" : "gift" };
  const regime: Regime = rng.weighted([["communaute_legale", 55], ["separation_de_biens", 35], ["communaute_universelle", inherited ? 0 : 10]] as const);
  c.draft.marriage = drawMarriage(c, regime, null, false);
  drawAssets(c, regime, inherited, true);
  maybeRecompense(c, c.draft.marriage, 30);
  if (inherited === null && rng.chance(45)) {
    const w = emptyWill(c);
    const l = rng.chance(50) ? outsider(c, "unrelated", "ami", [30, 80]) : outsider(c, "unrelated", "filleul, sans lien de parenté", [20, 45]);
    if (rng.chance(50)) w.fractional.push({ beneficiary: l.id, num: rng.pick([1, 3, 9]), den: rng.pick([10]) });
    else w.bequests.push({ beneficiary: l.id, cents: bequestCents(c, rng.int(15, 85)) });
    c.draft.will = w;
  }
  maybeContract(c, c.draft.beneficiaries.filter((x) => x.relationship !== ("spouse" as Relationship)), 25);
  return c.draft;
}

/** No spouse, no descendant: the parents and the siblings (art. 736-738), half-blood, nephews by souche. */
function parentsSiblings(rng: Rng): Level7Draft {
  const c = start(rng, "parents-siblings", [25, 58]);
  c.draft.situation = rng.pick(["single", "divorced", "widowed"] as const);
  const both = rng.chance(50);
  const fatherAlive = both || rng.chance(50);
  c.draft.father = parent(c, false, fatherAlive);
  c.draft.mother = parent(c, true, both || !fatherAlive);
  addSiblings(c, rng.weighted([[1, 20], [2, 35], [3, 30], [4, 15]] as const), 40, 30);
  drawAssets(c, null, null);
  if (rng.chance(35)) {
    const w = emptyWill(c);
    const l = outsider(c, "unrelated", "ami", [25, 80]);
    if (rng.chance(50)) w.fractional.push({ beneficiary: l.id, num: 1, den: rng.pick([2, 3, 4, 5]) });
    else w.bequests.push({ beneficiary: l.id, cents: bequestCents(c, rng.int(5, 30)) });
    c.draft.will = w;
  }
  maybeContract(c, c.draft.beneficiaries.filter((x) => x.relationship === "sibling"), 25);
  return c.draft;
}

const ASC_FR = { paternal: ["grand-père paternel", "grand-mère paternelle"], maternal: ["grand-père maternel", "grand-mère maternelle"] } as const;

/** No spouse, descendant, parent or sibling: grandparents (3rd order) or uncles and cousins (4th), by branch. */
function branches(rng: Rng): Level7Draft {
  const third = rng.chance(50);
  const c = start(rng, "branches", third ? [18, 34] : [40, 75]);
  c.draft.situation = rng.pick(["single", "divorced"] as const);
  orphan(c);
  const fam = { paternal: c.b.family, maternal: c.draft.mother.person.last };
  const sides: Branch[] = rng.chance(92) ? ["paternal", "maternal"] : [rng.pick(["paternal", "maternal"] as const)];
  if (third) {
    for (const branch of sides) {
      const p = branch === "paternal" ? c.draft.father : c.draft.mother;
      const n = rng.weighted([[1, 60], [2, 40]] as const);
      const sexes = n === 2 ? [false, true] : [rng.chance(60)];
      for (const female of sexes) {
        let age = c.b.ageOf(p) + rng.int(20, 34);
        for (let t = 0; t < 8 && age > 100; t++) age = c.b.ageOf(p) + rng.int(20, 34);
        if (age > 100) continue;
        const birth = birthForAge(rng, c.act, age);
        c.b.parentOf({ female, birth }, p);
        const x = addBen(c, c.b.person(female && n === 2 ? c.b.otherFamily() : fam[branch], female), "ascendant", birth);
        c.draft.outsiders.set(x.id, ASC_FR[branch][female ? 1 : 0]);
        c.draft.ascendants.push({ ...living(x), branch, degree: 2 });
      }
    }
    // An uncle or aunt, of the 4th order, excluded by any ascendant (art. 734): listed now and then.
    if (rng.chance(40)) {
      const branch = rng.pick(["paternal", "maternal"] as const);
      const female = rng.chance(50);
      const x = addBen(c, c.b.person(fam[branch], female), "collateral", birthForAge(rng, c.act, c.age + rng.int(18, 32)));
      c.draft.outsiders.set(x.id, `${female ? "tante" : "oncle"} ${branch === "paternal" ? "paternel" : "maternel"}${female ? "le" : ""}`);
      c.draft.collaterals.push({ ...living(x), branch, degree: 3 });
    }
  } else {
    for (const branch of sides) {
      const degree = rng.weighted([[3, 35], [4, 45], [6, 20]] as const);
      const n = rng.weighted([[1, 50], [2, 35], [3, 15]] as const);
      for (let i = 0; i < n; i++) {
        const female = rng.chance(50);
        const age = degree === 3 ? c.age + rng.int(15, 30) : degree === 4 ? c.age + rng.int(-12, 12) : c.age + rng.int(-15, 10);
        const x = addBen(c, c.b.person(rng.chance(50) ? fam[branch] : c.b.otherFamily(), female), "collateral", birthForAge(rng, c.act, Math.max(20, Math.min(98, age))));
        const side = branch === "paternal" ? "paternel" : "maternel";
        const fr =
          degree === 3
            ? `${female ? "tante" : "oncle"} (${female ? "sœur" : "frère"} ${branch === "paternal" ? "du père" : "de la mère"})`
            : degree === 4
              ? `${female ? "cousine germaine" : "cousin germain"}, côté ${side} (${female ? "fille" : "fils"} d'un frère ou d'une sœur ${branch === "paternal" ? "du père" : "de la mère"})`
              : `${female ? "cousine issue" : "cousin issu"} de germain, côté ${side} (petit${female ? "e" : ""}-${female ? "fille" : "fils"} d'un frère ou d'une sœur d'un grand-parent ${branch === "paternal" ? "paternel" : "maternel"})`;
        c.draft.outsiders.set(x.id, fr);
        c.draft.collaterals.push({ ...living(x), branch, degree });
      }
    }
  }
  drawAssets(c, null, null);
  if (rng.chance(25)) {
    const w = emptyWill(c);
    const l = outsider(c, "unrelated", "ami", [25, 80]);
    w.bequests.push({ beneficiary: l.id, cents: bequestCents(c, rng.int(5, 25)) });
    c.draft.will = w;
  }
  return c.draft;
}

export const LEVEL7_VARIANTS: readonly Level7Variant[] = ["spouse-descendants", "descendants-will", "spouse-no-descendants", "parents-siblings", "branches"];

/** Draw weights: the spouse with descendants is the notary's most common file. */
export const LEVEL7_WEIGHTS: readonly (readonly [Level7Variant, number])[] = [
  ["spouse-descendants", 3],
  ["descendants-will", 2],
  ["spouse-no-descendants", 2],
  ["parents-siblings", 2],
  ["branches", 1],
];

export function drawLevel7(rng: Rng, variant: Level7Variant): Level7Draft {
  switch (variant) {
    case "spouse-descendants":
      return spouseDescendants(rng);
    case "descendants-will":
      return descendantsWill(rng);
    case "spouse-no-descendants":
      return spouseNoDescendants(rng);
    case "parents-siblings":
      return parentsSiblings(rng);
    case "branches":
      return branches(rng);
  }
}
