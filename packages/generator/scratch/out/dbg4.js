// src/task.ts
import { ageOn as ageOn9, compute as compute2, readDossier as readDossier2, sameAnswer as sameAnswer2 } from "@succ/engine";
import { ALLOWANCES as ALLOWANCES3, CASH_GIFT_790G as CASH_GIFT_790G6, FUNERAL_COSTS_CAP as FUNERAL_COSTS_CAP3 } from "@succ/rules";

// src/dates.ts
import { ageOn, compareDates, parseDate } from "@succ/engine";
import { LAST_VALUE_STILL_VALID_ON } from "@succ/rules";
var MAX_DAY = 28;
var DAY_MS = 864e5;
var LAW_DATE = parseDate(LAST_VALUE_STILL_VALID_ON);
function addDays(d2, days) {
  const t3 = new Date(Date.UTC(d2.y, d2.m - 1, d2.d) + days * DAY_MS);
  return { y: t3.getUTCFullYear(), m: t3.getUTCMonth() + 1, d: t3.getUTCDate() };
}
function addYears(d2, years) {
  return { y: d2.y + years, m: d2.m, d: d2.d };
}
function daysBetween(a, b) {
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS);
}
function sameMonthDay(a, b) {
  return a.m === b.m && a.d === b.d;
}
function actDate(rng) {
  for (; ; ) {
    const d2 = { y: LAW_DATE.y, m: rng.int(1, LAW_DATE.m), d: rng.int(1, MAX_DAY) };
    if (compareDates(d2, LAW_DATE) <= 0 && !(d2.m === 1 && d2.d === 1)) return d2;
  }
}
function monthDay(rng, act) {
  for (; ; ) {
    const m = rng.int(1, 12);
    const d2 = rng.int(1, MAX_DAY);
    if (m !== act.m || d2 !== act.d) return { m, d: d2 };
  }
}
function birthForAge(rng, act, age) {
  const { m, d: d2 } = monthDay(rng, act);
  const hadBirthday = m < act.m || m === act.m && d2 < act.d;
  return { y: act.y - age - (hadBirthday ? 0 : 1), m, d: d2 };
}
function birthNearBirthday(rng, act, age, past) {
  for (; ; ) {
    const offset = rng.int(1, 45);
    const day = addDays(act, past ? -offset : offset);
    if (day.d > MAX_DAY) continue;
    const b = { y: day.y - age - (past ? 0 : 1), m: day.m, d: day.d };
    if (ageOn(b, act) === age) return b;
  }
}
function dateBetween(rng, from, to) {
  const a = Date.UTC(from.y, from.m - 1, from.d);
  const b = Date.UTC(to.y, to.m - 1, to.d);
  if (b - a < 31 * DAY_MS) throw new RangeError("dateBetween: the range must span a month or more");
  for (; ; ) {
    const t3 = new Date(a + rng.int(0, Math.round((b - a) / DAY_MS)) * DAY_MS);
    const d2 = { y: t3.getUTCFullYear(), m: t3.getUTCMonth() + 1, d: t3.getUTCDate() };
    if (d2.d <= MAX_DAY) return d2;
  }
}
function maxDate(a, b) {
  return compareDates(a, b) >= 0 ? a : b;
}

// src/draft.ts
import { formatDate } from "@succ/engine";
function amount(cents) {
  return cents / 100;
}
function fraction(s2) {
  return s2.num === s2.den ? "1" : `${s2.num}/${s2.den}`;
}
function nameOf(p) {
  return `${p.first} ${p.last}`;
}
function sexOf(p) {
  return p.female ? "F" : "M";
}
function toDossier(d2) {
  const beneficiaries = d2.beneficiaries.map((b) => {
    const out = {
      id: b.id,
      name: nameOf(b.person),
      relationship: b.relationship,
      birthDate: formatDate(b.birth),
      sex: sexOf(b.person),
      disabled: b.disabled
    };
    if (b.represents) out.represents = nameOf(b.represents.person);
    return out;
  });
  const head = {
    kind: d2.kind,
    date: formatDate(d2.date),
    person: { name: nameOf(d2.subject), birthDate: formatDate(d2.subject.birth), sex: sexOf(d2.subject) },
    beneficiaries
  };
  const priorGifts2 = d2.priorGifts.map((g) => ({ beneficiary: g.beneficiary, date: formatDate(g.date), value: amount(g.cents), cash790G: g.cash790G }));
  if (d2.kind === "estate") {
    return {
      ...head,
      assets: d2.assets.map((a) => ({ label: a.label, value: amount(a.cents) })),
      debts: d2.debts.map((a) => ({ label: a.label, value: amount(a.cents) })),
      funeralCosts: amount(d2.funeral.cents),
      bequests: d2.bequests.map((b) => ({ beneficiary: b.beneficiary, amount: amount(b.cents) })),
      residue: d2.residue.map((s2) => ({ beneficiary: s2.beneficiary, share: fraction(s2) })),
      spouseUsufruct: d2.spouseUsufruct,
      priorGifts: priorGifts2
    };
  }
  return {
    ...head,
    gifts: d2.gifts.map((g) => ({
      label: g.label,
      value: amount(g.cents),
      cash: g.cash,
      reservedUsufruct: g.reservedUsufruct,
      to: g.to.map((t3) => ({ beneficiary: t3.beneficiary, fraction: fraction(t3) }))
    })),
    priorGifts: priorGifts2
  };
}

// src/french.ts
import { formatDateFr } from "@succ/engine";
var SEP = " ";
function group(int) {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, SEP);
}
function eurosCents(cents) {
  const int = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${group(String(int))}${rest === 0 ? "" : `,${String(rest).padStart(2, "0")}`} \u20AC`;
}
function euros(value) {
  return eurosCents(value * 100);
}
function num(value, decimals = false) {
  const cents = Math.round(value * 100);
  const int = Math.floor(cents / 100);
  const rest = cents % 100;
  if (!decimals && rest === 0) return group(String(int));
  return `${group(String(int))},${String(rest).padStart(2, "0")}`;
}
function dateFr(d2) {
  return formatDateFr(d2);
}
function percent(n2) {
  return `${n2} %`;
}
function shareFr(num2, den) {
  return num2 === den ? "totalit\xE9" : `${num2}/${den}`;
}
function relationshipFr(rel, female) {
  switch (rel) {
    case "spouse":
      return female ? "\xE9pouse (conjointe survivante)" : "\xE9poux (conjoint survivant)";
    case "pacs":
      return female ? "partenaire li\xE9e par un PACS" : "partenaire li\xE9 par un PACS";
    case "child":
      return female ? "fille" : "fils";
    case "grandchild":
      return female ? "petite-fille" : "petit-fils";
    case "greatgrandchild":
      return female ? "arri\xE8re-petite-fille" : "arri\xE8re-petit-fils";
    case "sibling":
      return female ? "s\u0153ur" : "fr\xE8re";
    case "nephew":
      return female ? "ni\xE8ce" : "neveu";
    case "unrelated":
      return female ? "amie, sans lien de parent\xE9" : "ami, sans lien de parent\xE9";
  }
}
function listFr(items) {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}
function deName(name) {
  return /^[AEIOUYHÀÂÉÈÊÎÔÛ]/i.test(name) ? `d'${name}` : `de ${name}`;
}
function gendered(female, m, f) {
  return female ? f : m;
}

// src/estates.ts
import { compareDates as compareDates4 } from "@succ/engine";
import { CASH_GIFT_790G as CASH_GIFT_790G3, usufructPercent } from "@succ/rules";

// src/family.ts
import { ageOn as ageOn3, compareDates as compareDates3 } from "@succ/engine";
import { CASH_GIFT_790G as CASH_GIFT_790G2, FUNERAL_COSTS_CAP, RECALL_PERIOD } from "@succ/rules";

// src/names.ts
var FEMALE_FIRST = [
  "Jeanne",
  "Marie",
  "Odile",
  "Colette",
  "Fran\xE7oise",
  "Monique",
  "H\xE9l\xE8ne",
  "Genevi\xE8ve",
  "Madeleine",
  "Simone",
  "Brigitte",
  "Catherine",
  "Claire",
  "Isabelle",
  "Sophie",
  "Nathalie",
  "Val\xE9rie",
  "Sandrine",
  "Camille",
  "L\xE9a",
  "Emma",
  "Chlo\xE9",
  "Manon",
  "In\xE8s",
  "Juliette",
  "Louise",
  "Agathe",
  "Margaux",
  "\xC9lise",
  "Sol\xE8ne",
  "Aur\xE9lie",
  "B\xE9r\xE9nice",
  "Cl\xE9mence",
  "Delphine",
  "Estelle",
  "Florence",
  "Ga\xEBlle",
  "H\xE9lo\xEFse",
  "Ir\xE8ne",
  "Jos\xE9phine",
  "Laure",
  "Mathilde",
  "No\xE9mie",
  "Pauline",
  "Romane",
  "Salom\xE9",
  "Victoire",
  "Yvette",
  "Lucienne",
  "Annick",
  "Bernadette",
  "Martine",
  "Sylvie",
  "Anne",
  "Lucie",
  "Rose",
  "Zo\xE9",
  "Jade",
  "Alice",
  "Capucine"
];
var MALE_FIRST = [
  "Paul",
  "Pierre",
  "Jacques",
  "Michel",
  "Bernard",
  "Andr\xE9",
  "Jean",
  "Louis",
  "Marcel",
  "Henri",
  "G\xE9rard",
  "Alain",
  "Philippe",
  "Patrick",
  "Thierry",
  "Olivier",
  "Laurent",
  "Nicolas",
  "Julien",
  "Thomas",
  "Hugo",
  "Lucas",
  "Th\xE9o",
  "Nathan",
  "Arthur",
  "Jules",
  "Gabriel",
  "Rapha\xEBl",
  "Victor",
  "Maxime",
  "Antoine",
  "Beno\xEEt",
  "Cl\xE9ment",
  "Damien",
  "\xC9tienne",
  "Fabrice",
  "Guillaume",
  "Herv\xE9",
  "Lionel",
  "Mathieu",
  "No\xEBl",
  "Octave",
  "Quentin",
  "R\xE9mi",
  "S\xE9bastien",
  "Tristan",
  "Vincent",
  "Yves",
  "Baptiste",
  "Adrien",
  "Bastien",
  "Charles",
  "F\xE9lix",
  "Gaspard",
  "L\xE9on",
  "Simon",
  "Joseph",
  "Lucien",
  "Armand",
  "\xC9douard"
];
var FAMILY = [
  "Aubrignac",
  "Balestrier",
  "Barbarel",
  "Bast\xE9rac",
  "Beaucharel",
  "Bellorme",
  "Berthomier",
  "Boisseret",
  "Bonnavel",
  "Bourdaleix",
  "Br\xE9vanne",
  "Cabarrot",
  "Capdequi",
  "Castagn\xE8de",
  "Chabrolle",
  "Chantelois",
  "Charmetant",
  "Chauvelot",
  "Clairmaison",
  "Combaret",
  "Coudrayne",
  "Courtial",
  "Dalb\xE9rac",
  "Daubign\xE9",
  "Delacombe",
  "Delmasure",
  "Desfontel",
  "Dorvalle",
  "Duclaujac",
  "Dufresnel",
  "Esp\xE9raz",
  "Estagnol",
  "Faubelle",
  "Fayoli\xE8re",
  "Flamarel",
  "Fontbrune",
  "Garrigoux",
  "Gaudini\xE8re",
  "Girardel",
  "Gravelotte",
  "Gu\xE9rinel",
  "Hautefeuil",
  "Issartel",
  "Jaubertin",
  "Joncqui\xE8res",
  "Labarth\xE8s",
  "Lacombrade",
  "Lafargette",
  "Lamothi\xE8re",
  "Landrevie",
  "Larrouyet",
  "Lasserade",
  "Lavaudieu",
  "Lembrasse",
  "Lescarret",
  "Lestradel",
  "Malaterre",
  "Marcillon",
  "Mareuilh",
  "Maurandy",
  "M\xE9zeraud",
  "Miremond",
  "Montagnol",
  "Morvillier",
  "Nauroyer",
  "Ouvradel",
  "Palmerol",
  "Pradali\xE9",
  "Peyrolle",
  "Plantevin",
  "Quintanel",
  "Rabastel",
  "Ramonet",
  "Rivesaltes",
  "Rochemaure",
  "Roubichou",
  "Salvayre",
  "Sarrazac",
  "Sauveterre",
  "S\xE9galard",
  "Sorbiac",
  "Taillefert",
  "Terrasson",
  "Tessandier",
  "Toulzac",
  "Tr\xE9buchon",
  "Valcroze",
  "Vallerand",
  "Vaudrevange",
  "Verdelhan",
  "Vignerolle",
  "Villaret",
  "Viscaro",
  "Aigrefeuil",
  "Bramevaque",
  "Cazalens",
  "Escoub\xE8s",
  "Fenouillet",
  "Lagarrigue",
  "Montesquiol"
];
var TOWN_HEAD = [
  "Saint-Aubin",
  "Sainte-Colombe",
  "Villeneuve",
  "Montbrun",
  "Fontenay",
  "Rochebelle",
  "Beaulieu",
  "Champvert",
  "Valmorel",
  "Bellerive",
  "Clairfont",
  "Hautecour",
  "Saint-Firmin",
  "Sainte-Aure",
  "Brissel",
  "Mervent",
  "Laverne",
  "Pradelle",
  "Croix-Vallon",
  "Saint-Amand"
];
var TOWN_TAIL = [
  "-sur-L\xE8re",
  "-les-Aulnes",
  "-en-Vaudois",
  "-la-For\xEAt",
  "-le-Haut",
  "-sous-Roche",
  "-sur-Ornelle",
  "-les-Vignes",
  "-en-Brenne",
  "-du-Lac",
  "",
  ""
];
var BANK = [
  "Banque du Val d'Ornelle",
  "Cr\xE9dit des Aulnes",
  "Caisse mutuelle de la L\xE8re",
  "Banque Rochebelle",
  "Cr\xE9dit de Brenne",
  "Banque populaire des Vignes",
  "Caisse d'\xE9pargne du Haut-Vaudois"
];
var SCI = ["SCI Les Tilleuls", "SCI du Moulin", "SCI La Garenne", "SCI Les Glycines", "SCI du Vieux Pont", "SCI Les Coteaux"];
function familyName(rng) {
  return rng.pick(FAMILY);
}
function firstName(rng, female) {
  return female ? rng.pick(FEMALE_FIRST) : rng.pick(MALE_FIRST);
}
function person(rng, last, used, female = rng.chance(50)) {
  let first = firstName(rng, female);
  while (used.has(first)) first = firstName(rng, female);
  used.add(first);
  return { first, last, female };
}
function town(rng) {
  return rng.pick(TOWN_HEAD) + rng.pick(TOWN_TAIL);
}
function bank(rng) {
  return rng.pick(BANK);
}
function sci(rng) {
  return rng.pick(SCI);
}

// src/plausible.ts
import { ageOn as ageOn2, compareDates as compareDates2, withinYearsBefore } from "@succ/engine";
import { CASH_GIFT_790G } from "@succ/rules";
function exemptPriorOverCeiling(gifts) {
  const ceiling = CASH_GIFT_790G.ceiling.value * 100;
  const period = CASH_GIFT_790G.period.value;
  const exempt = gifts.filter((g) => g.cash790G);
  for (const g of exempt) {
    let cents = 0;
    for (const h of exempt) {
      if (h.beneficiary === g.beneficiary && compareDates2(h.date, g.date) <= 0 && withinYearsBefore(h.date, g.date, period)) cents += h.cents;
    }
    if (cents > ceiling) return g;
  }
  return null;
}
var PARENT_AGE = { youngest: 18, oldestMother: 50, oldestFather: 65 };
function oldestParentAge(female) {
  return female ? PARENT_AGE.oldestMother : PARENT_AGE.oldestFather;
}
function implausibleParenthood(links) {
  for (const l of links) {
    const age = ageOn2(l.parent.birth, l.child.birth);
    if (age < PARENT_AGE.youngest || age > oldestParentAge(l.parent.female)) return l;
  }
  return null;
}

// src/family.ts
var CIVIL_MAJORITY = 18;
var SIBLING_GAP_DAYS = 300;
var Builder = class {
  constructor(rng, act, family) {
    this.rng = rng;
    this.act = act;
    this.family = family;
  }
  rng;
  act;
  family;
  used = /* @__PURE__ */ new Set();
  beneficiaries = [];
  priorGifts = [];
  /** Every parent and child drawn, parents out of the dossier included (for the family guard). */
  parents = [];
  /** Births drawn so far in each family, to keep brothers and sisters apart. */
  births = /* @__PURE__ */ new Map();
  /** The deceased or donor, once drawn (a brother or sister of their siblings). */
  me = null;
  person(last = this.family, female = this.rng.chance(50)) {
    return person(this.rng, last, this.used, female);
  }
  /** The deceased or the donor, aged `age` on the act date. */
  subject(age, female = this.rng.chance(50)) {
    const s2 = { ...this.person(this.family, female), birth: birthForAge(this.rng, this.act, age) };
    this.me = s2;
    return s2;
  }
  /**
   * A birth from `draw`, drawn again (50 times at most) while it falls within SIBLING_GAP_DAYS of
   * a brother's or sister's birth in `family` (the subject counts among their own siblings).
   */
  siblingBirth(family, draw2) {
    let others = this.births.get(family);
    if (!others) this.births.set(family, others = family === "the subject's siblings" && this.me ? [this.me.birth] : []);
    const tooClose = (x) => others.some((o) => Math.abs(daysBetween(o, x)) < SIBLING_GAP_DAYS);
    let birth = draw2();
    for (let i = 0; i < 50 && tooClose(birth); i++) birth = draw2();
    others.push(birth);
    return birth;
  }
  add(p, relationship, birth, disabled = false, represents = null) {
    const b = { id: `B${this.beneficiaries.length + 1}`, person: p, relationship, birth, disabled, represents };
    this.beneficiaries.push(b);
    return b;
  }
  ageOf(b) {
    return ageOn3(b.birth, this.act);
  }
  otherFamily() {
    let name = familyName(this.rng);
    while (name === this.family) name = familyName(this.rng);
    return name;
  }
  /** Records that `parent` is the father or mother of `child`, for the family guard. */
  parentOf(parent, child) {
    this.parents.push({ parent: { female: parent.female, birth: parent.birth }, child: { birth: child.birth } });
  }
  /** Whether `parent` is a plausible age for a child born on `birth` (plausible.ts). */
  canBeParent(parent, birth) {
    return implausibleParenthood([{ parent, child: { birth } }]) === null;
  }
  /** A child's age for a parent of `parentAge`: born when the parent was 22 to 42, at least `min`. */
  childAge(parentAge, min = CIVIL_MAJORITY) {
    const lo = Math.max(min, parentAge - 42);
    const hi = Math.max(lo, parentAge - 22);
    return this.rng.int(lo, hi);
  }
  /** A grandchild's age from its parent's: born when the parent was 20 to 40, at least `min`. */
  grandchildAge(parentAge, min = 1) {
    const lo = Math.max(min, parentAge - 40);
    const hi = Math.max(lo, parentAge - 20);
    return this.rng.int(lo, hi);
  }
  // --- prior gifts ---------------------------------------------------------------------------
  /** Earliest date a prior gift to `b` may carry: `minAge` birthday (at least the first). */
  earliest(b, minAge) {
    return addDays(addYears(b.birth, Math.max(1, minAge)), 1);
  }
  /** A date strictly within the recall period (recalled), after `b` turned `minAge`; null if none. */
  recalledDate(b, minAge = 1, donorBirth) {
    let from = maxDate(addDays(addYears(this.act, -RECALL_PERIOD.value), 1), this.earliest(b, minAge));
    if (donorBirth) {
      const limit = addDays(addYears(donorBirth, CASH_GIFT_790G2.donorAgeBelow.value), -1);
      const to2 = addDays(this.act, -30);
      const end = compareDates3(limit, to2) < 0 ? limit : to2;
      if (compareDates3(addDays(from, 31), end) > 0) return null;
      return dateBetween(this.rng, from, end);
    }
    const to = addDays(this.act, -30);
    if (compareDates3(addDays(from, 31), to) > 0) return null;
    from = compareDates3(from, to) < 0 ? from : to;
    return dateBetween(this.rng, from, to);
  }
  /** A date 15 years or more before the act (not recalled): exactly 15 years for the trap. */
  oldDate(b, exact) {
    const boundary = addYears(this.act, -RECALL_PERIOD.value);
    if (exact) return compareDates3(this.earliest(b, 1), boundary) <= 0 ? boundary : null;
    const from = maxDate(addYears(this.act, -(RECALL_PERIOD.value + 12)), this.earliest(b, 1));
    const to = addDays(boundary, -1);
    if (compareDates3(addDays(from, 31), to) > 0) return null;
    return dateBetween(this.rng, from, to);
  }
  /** A recalled date just inside the boundary (a few days after the act date minus 15 years). */
  justInsideDate(b) {
    const d2 = addDays(addYears(this.act, -RECALL_PERIOD.value), this.rng.int(1, 20));
    if (d2.d > MAX_DAY || compareDates3(this.earliest(b, 1), d2) > 0) return null;
    return d2;
  }
  prior(b, date, cents, cash790G = false) {
    if (date === null) return false;
    this.priorGifts.push({ beneficiary: b.id, date, cents, cash790G });
    return true;
  }
  /** Prior gifts in date order, as a notary lists them. */
  sortedPriorGifts() {
    return this.priorGifts.slice().sort((a, b) => compareDates3(a.date, b.date) || Number(a.beneficiary.slice(1)) - Number(b.beneficiary.slice(1)));
  }
};
function roundEuros(cents, stepEuros) {
  const step = stepEuros * 100;
  return Math.floor(cents / step) * step;
}
function roundish(rng, cents) {
  const step = cents >= 5e6 ? rng.pick([500, 1e3]) : cents >= 1e6 ? rng.pick([100, 500]) : 100;
  return Math.max(step * 100, Math.ceil(cents / (step * 100)) * step * 100);
}
function residueFor(targetCents, share, bare = 100) {
  return Math.ceil(targetCents * share.den * 100 / (share.num * bare));
}
function splitShare(total, count) {
  return reduce(total.num, total.den * count);
}
function reduce(num2, den) {
  const g = gcd(num2, den);
  return { num: num2 / g, den: den / g };
}
function gcd(a, b) {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
function debtsOf(rng, netCents) {
  const count = rng.weighted([[0, 25], [1, 40], [2, 25], [3, 10]]);
  const kinds = rng.sample(["loan", "tax", "works", "hospital", "property"], count);
  const out = [];
  let budget = Math.floor(netCents * 0.3);
  for (const k of kinds) {
    let cents;
    let label;
    switch (k) {
      case "loan":
        cents = roundEuros(rng.int(3e5, 15e6), 1) + rng.int(0, 99);
        label = `Solde du pr\xEAt immobilier (${bank(rng)})`;
        break;
      case "tax":
        cents = rng.int(600, 9e3) * 100;
        label = "Imp\xF4t sur le revenu restant d\xFB";
        break;
      case "works":
        cents = rng.int(8e4, 25e5);
        label = `Factures de travaux de l'entreprise ${familyName(rng)}`;
        break;
      case "hospital":
        cents = rng.int(3e4, 6e5);
        label = "Frais d'hospitalisation restant dus";
        break;
      case "property":
        cents = rng.int(400, 4500) * 100;
        label = "Taxe fonci\xE8re de l'ann\xE9e";
        break;
    }
    cents = Math.min(cents, budget);
    if (cents < 1e4) break;
    budget -= cents;
    out.push({ label, cents });
  }
  return out;
}
function funeralOf(rng) {
  const cap = FUNERAL_COSTS_CAP.value * 100;
  const r = rng.int(0, 99);
  const cents = r < 62 ? rng.int(cap + 1e4, cap * 5) : r < 95 ? rng.int(Math.floor(cap * 0.45), cap - 100) : cap;
  return { label: `Facture des pompes fun\xE8bres ${familyName(rng)}`, cents };
}
var HOMES = ["Maison d'habitation \xE0", "Appartement \xE0"];
var PROPERTY = ["R\xE9sidence secondaire \xE0", "Terrain \xE0 b\xE2tir \xE0", "Terres agricoles \xE0", "Local commercial \xE0", "Appartement lou\xE9 \xE0"];
var MIN_BUILDING = 4e6;
function estateBalance(rng, residueCents, bequestCents) {
  const net = residueCents + bequestCents;
  const funeral = funeralOf(rng);
  const debts = debtsOf(rng, net);
  const cap = FUNERAL_COSTS_CAP.value * 100;
  const gross = net + debts.reduce((s2, d2) => s2 + d2.cents, 0) + Math.min(funeral.cents, cap);
  const assets = [];
  const towns = /* @__PURE__ */ new Set();
  const place = () => {
    let t3 = town(rng);
    while (towns.has(t3)) t3 = town(rng);
    towns.add(t3);
    return t3;
  };
  let left = gross;
  const take = (label, cents) => {
    if (cents <= 0 || cents >= left - 5e4) return;
    assets.push({ label, cents });
    left -= cents;
  };
  if (gross >= 9e6) {
    const home = roundEuros(Math.floor(gross * rng.int(35, 75) / 100), 1e3);
    if (home >= MIN_BUILDING) take(`${rng.pick(HOMES)} ${place()}`, home);
  }
  const extra = gross < 6e6 ? rng.int(0, 1) : rng.int(1, 3);
  const pool = rng.sample(["property", "titres", "sci", "vehicle", "furniture", "pea"], extra);
  for (const k of pool) {
    const share = Math.floor(left * rng.int(10, 45) / 100);
    switch (k) {
      case "property": {
        const kind = rng.pick(PROPERTY);
        const cents = roundEuros(share, 1e3);
        if (cents >= (kind.startsWith("Terr") ? 3e5 : MIN_BUILDING)) take(`${kind} ${place()}`, cents);
        break;
      }
      case "titres":
        take(`Portefeuille de titres (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "sci":
        take(`Parts de la ${sci(rng)}`, roundEuros(share, 100));
        break;
      case "pea":
        take(`Plan d'\xE9pargne en actions (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "vehicle":
        take("V\xE9hicule automobile", roundEuros(Math.min(share, rng.int(4e3, 45e3) * 100), 100));
        break;
      case "furniture":
        take("Mobilier et objets d'art (inventaire du notaire)", roundEuros(Math.min(share, rng.int(2e3, 3e4) * 100), 100));
        break;
    }
  }
  assets.push({ label: `Comptes courants et livrets (${bank(rng)})`, cents: left });
  return { assets, debts, funeral };
}
function giftAssetLabel(rng, realEstateOnly) {
  const kinds = realEstateOnly ? ["home", "flat", "land", "sci"] : ["home", "flat", "land", "sci", "titres", "shop"];
  switch (rng.pick(kinds)) {
    case "home":
      return `Maison \xE0 ${town(rng)}`;
    case "flat":
      return `Appartement \xE0 ${town(rng)}`;
    case "land":
      return `Terrain \xE0 b\xE2tir \xE0 ${town(rng)}`;
    case "sci":
      return `Parts de la ${sci(rng)}`;
    case "titres":
      return `Portefeuille de titres (${bank(rng)})`;
    case "shop":
      return `Local commercial \xE0 ${town(rng)}`;
  }
}
function realEstateLabel(rng) {
  return `${rng.pick(["Maison \xE0", "Appartement \xE0", "Immeuble de rapport \xE0", "R\xE9sidence secondaire \xE0", "Local commercial \xE0"])} ${town(rng)}`;
}
function cashLabel(rng, to) {
  const means = rng.pick(["par virement bancaire", "par ch\xE8que", "par virement"]);
  return to === void 0 ? `Somme d'argent remise ${means}` : `Somme d'argent remise \xE0 ${to} ${means}`;
}

// src/law.ts
import {
  ALLOWANCES,
  DISABILITY_ALLOWANCE,
  SCALES,
  USUFRUCT_669
} from "@succ/rules";
function allowanceCents(kind, rel, disabled = false) {
  const p = ALLOWANCES[kind][rel];
  return ((p?.value ?? 0) + (disabled ? DISABILITY_ALLOWANCE.value : 0)) * 100;
}
function bandParts(name, amountEuros, start3 = 0) {
  const end = start3 + amountEuros;
  const out = [];
  let lower = 0;
  for (const band of SCALES[name].bands) {
    const hi = band.upTo === null ? end : Math.min(end, band.upTo);
    const lo = Math.max(start3, lower);
    if (hi > lo) out.push({ from: lo, to: hi, ratePercent: band.ratePercent, cents: (hi - lo) * band.ratePercent });
    if (band.upTo === null || end <= band.upTo) break;
    lower = band.upTo;
  }
  return out;
}
function scaleCents(name, amountEuros) {
  return bandParts(name, amountEuros).reduce((s2, b) => s2 + b.cents, 0);
}
function roundCents(cents) {
  return Math.floor((cents + 50) / 100);
}
var USUFRUCT_EDGES = USUFRUCT_669.rows.filter((r) => r.maxAge !== null).map((r) => ({ last: r.maxAge, first: r.maxAge + 1 }));
var OPEN_ROW_AGE = USUFRUCT_EDGES[USUFRUCT_EDGES.length - 1].first;

// src/estates.ts
function start(rng, ageLo, ageHi) {
  const act = actDate(rng);
  const b = new Builder(rng, act, familyName(rng));
  const age = rng.int(ageLo, ageHi);
  return { b, age, subject: b.subject(age) };
}
function addChildren(b, subject, count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const c = b.add(b.person(), "child", b.siblingBirth("the subject's children", () => birthForAge(b.rng, b.act, b.childAge(b.ageOf(subject)))));
    b.parentOf(subject, c);
    out.push(c);
  }
  return out;
}
function asParent(c) {
  return { female: c.person.female, birth: c.birth };
}
function addLegatee(b, kind, age, children) {
  const rng = b.rng;
  if (kind === "grandchild") {
    const parents = children.filter((c) => b.ageOf(c) >= 22);
    if (parents.length > 0) {
      const parent = rng.pick(parents);
      const last = parent.person.female && rng.chance(60) ? b.otherFamily() : parent.person.last;
      const g = b.add(b.person(last), "grandchild", b.siblingBirth(`the children of ${parent.id}`, () => birthForAge(rng, b.act, b.grandchildAge(b.ageOf(parent)))));
      b.parentOf(asParent(parent), g);
      return g;
    }
    kind = "nephew";
  }
  switch (kind) {
    case "nephew": {
      const last = rng.chance(50) ? b.family : b.otherFamily();
      return b.add(b.person(last), "nephew", birthForAge(rng, b.act, rng.int(Math.max(CIVIL_MAJORITY, age - 45), Math.max(CIVIL_MAJORITY + 1, age - CIVIL_MAJORITY))));
    }
    case "sibling":
      return b.add(b.person(), "sibling", b.siblingBirth("the subject's siblings", () => birthForAge(rng, b.act, rng.int(Math.max(30, age - 10), Math.min(102, age + 10)))));
    default:
      return b.add(b.person(b.otherFamily()), "unrelated", birthForAge(rng, b.act, rng.int(25, 88)));
  }
}
function bequestFor(rng, l, owing = rng.chance(90)) {
  const A = allowanceCents("estate", l.relationship, l.disabled);
  if (owing || A < 1e5) return roundish(rng, A + rng.spread(800, 9e4) * 100);
  return roundEuros(rng.int(3e4, A - 1e4), 100);
}
function heirShares(rng, total, count, equalPercent) {
  if (count === 1 || count > 4 || rng.chance(equalPercent)) return Array.from({ length: count }, () => splitShare(total, count));
  const patterns = {
    2: [[2, 3], [1, 3]],
    3: [[1, 2], [1, 4], [1, 4]],
    4: [[2, 5], [1, 5], [1, 5], [1, 5]]
  };
  const p = patterns[count].map(([n2, d2]) => reduce(total.num * n2, total.den * d2));
  return rng.sample(p, p.length);
}
function situationOf(female, status) {
  switch (status) {
    case "widowed":
      return gendered(female, "veuf", "veuve");
    case "divorced":
      return gendered(female, "divorc\xE9", "divorc\xE9e");
    case "single":
      return gendered(female, "c\xE9libataire", "c\xE9libataire");
  }
}
function predeceasedWord(dead) {
  return dead === void 0 ? "" : gendered(dead.person.female, " dont un pr\xE9d\xE9c\xE9d\xE9", " dont une pr\xE9d\xE9c\xE9d\xE9e");
}
function childrenWord(n2) {
  return ["aucun enfant", "un enfant", "deux enfants", "trois enfants", "quatre enfants", "cinq enfants"][n2] ?? `${n2} enfants`;
}
function target(rng, lo, hi) {
  return rng.spread(lo, hi) * 100 + rng.int(0, 99);
}
function finish(rng, b, subject, situation, residue, bequests, residueCents, extra = {}) {
  const bequestTotal = bequests.reduce((s2, q) => s2 + q.cents, 0);
  const { assets, debts, funeral } = estateBalance(rng, residueCents, bequestTotal);
  return {
    kind: "estate",
    date: b.act,
    subject,
    beneficiaries: b.beneficiaries,
    priorGifts: b.sortedPriorGifts(),
    parents: b.parents,
    situation,
    predeceased: extra.predeceased ?? [],
    assets,
    debts,
    funeral,
    bequests,
    residue,
    spouseUsufruct: extra.spouseUsufruct ?? null
  };
}
function onlyChildEstate(rng) {
  const { b, age, subject } = start(rng, 58, 97);
  const status = rng.chance(60) ? "widowed" : "divorced";
  const [child] = addChildren(b, subject, 1);
  const R = allowanceCents("estate", "child") + target(rng, 2e3, 9e5);
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, un seul enfant`, [{ beneficiary: child.id, num: 1, den: 1 }], [], R);
}
function addSpouse(b, age, subjectFemale, pacs) {
  const rng = b.rng;
  const female = rng.chance(90) ? !subjectFemale : subjectFemale;
  const spouseAge = Math.min(101, Math.max(45, age + rng.int(-8, 8)));
  return b.add(b.person(pacs ? b.otherFamily() : b.family, female), pacs ? "pacs" : "spouse", birthForAge(rng, b.act, spouseAge));
}
function spouseSituation(female, spouse) {
  return spouse.relationship === "pacs" ? `${gendered(female, "li\xE9", "li\xE9e")} par un PACS \xE0 ${spouse.id}` : `${gendered(female, "mari\xE9", "mari\xE9e")} \xE0 ${spouse.id}`;
}
function pickLegateeKinds(rng, count, weights) {
  return Array.from({ length: count }, () => rng.weighted(weights));
}
function spouseChildren(rng, minBequests = 0) {
  const { b, age, subject } = start(rng, 62, 98);
  const spouse = addSpouse(b, age, subject.female, rng.chance(20));
  const k = rng.weighted([[1, 15], [2, 40], [3, 30], [4, 15]]);
  let l = rng.weighted([[0, 30], [1, 45], [2, 25]]);
  l = Math.max(l, minBequests, k === 1 ? 1 : 0);
  const children = addChildren(b, subject, k);
  if (rng.chance(10)) rng.pick(children).disabled = true;
  const legatees = pickLegateeKinds(rng, l, [["grandchild", 30], ["nephew", 30], ["unrelated", 25], ["sibling", 15]]).map(
    (kind) => addLegatee(b, kind, age, children)
  );
  const spouseShare = { num: 1, den: 4 };
  const shares = heirShares(rng, { num: 3, den: 4 }, k, 70);
  const residue = [{ beneficiary: spouse.id, ...spouseShare }, ...children.map((c, i) => ({ beneficiary: c.id, ...shares[i] }))];
  const bequests = legatees.map((x) => ({ beneficiary: x.id, cents: bequestFor(rng, x) }));
  const ref = largest(residue.slice(1));
  const refChild = children.find((c) => c.id === ref.beneficiary);
  const R = residueFor(allowanceCents("estate", "child", refChild.disabled) + target(rng, 2e3, 6e5), ref) + rng.int(0, 99);
  return finish(rng, b, subject, `${spouseSituation(subject.female, spouse)}, ${childrenWord(k)}`, residue, bequests, R);
}
function largest(shares) {
  return shares.reduce((a, s2) => s2.num * a.den > a.num * s2.den ? s2 : a);
}
function childrenLegatees(rng) {
  const { b, age, subject } = start(rng, 60, 98);
  const k = rng.weighted([[2, 45], [3, 35], [4, 20]]);
  const children = addChildren(b, subject, k);
  const residueLegatee = rng.chance(25);
  let l = residueLegatee ? rng.weighted([[0, 40], [1, 40], [2, 20]]) : rng.weighted([[1, 50], [2, 35], [3, 15]]);
  l = Math.min(l, 7 - k - (residueLegatee ? 1 : 0));
  let heir = null;
  let heirShare = { num: 0, den: 1 };
  if (residueLegatee) {
    heir = addLegatee(b, rng.pick(["unrelated", "nephew"]), age, children);
    heirShare = rng.pick([{ num: 1, den: 10 }, { num: 1, den: 5 }, { num: 1, den: 6 }]);
  }
  const legatees = pickLegateeKinds(rng, l, [["grandchild", 35], ["nephew", 30], ["unrelated", 25], ["sibling", 10]]).map(
    (kind) => addLegatee(b, kind, age, children)
  );
  if (rng.chance(15)) {
    const pool = [...children, ...children, ...legatees];
    rng.pick(pool).disabled = true;
  }
  const portion = reduce(heirShare.den - heirShare.num, heirShare.den);
  const shares = heirShares(rng, portion, k, 65);
  const residue = children.map((c, i) => ({ beneficiary: c.id, ...shares[i] }));
  if (heir) residue.push({ beneficiary: heir.id, ...heirShare });
  const bequests = legatees.map((x) => ({ beneficiary: x.id, cents: bequestFor(rng, x) }));
  const ref = largest(residue.slice(0, k));
  const refChild = children.find((c) => c.id === ref.beneficiary);
  const R = residueFor(allowanceCents("estate", "child", refChild.disabled) + target(rng, 2e3, 6e5), ref) + rng.int(0, 99);
  const status = rng.chance(65) ? "widowed" : "divorced";
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, ${childrenWord(k)}`, residue, bequests, R);
}
function siblingsLegatees(rng) {
  const { b, age, subject } = start(rng, 55, 98);
  const m = rng.weighted([[2, 45], [3, 35], [4, 20]]);
  const siblings = [];
  for (let i = 0; i < m; i++) siblings.push(addLegatee(b, "sibling", age, []));
  if (rng.chance(10)) rng.pick(siblings).disabled = true;
  const nephewHeir = rng.chance(25);
  let heir = null;
  let heirShare = { num: 0, den: 1 };
  if (nephewHeir) {
    heir = addLegatee(b, "nephew", age, []);
    heirShare = rng.pick([{ num: 1, den: 4 }, { num: 1, den: 5 }, { num: 1, den: 6 }]);
  }
  let l = rng.weighted([[1, 50], [2, 35], [3, 15]]);
  l = Math.min(l, 7 - m - (nephewHeir ? 1 : 0));
  const legatees = pickLegateeKinds(rng, l, [["nephew", 60], ["unrelated", 40]]).map((kind) => addLegatee(b, kind, age, []));
  const portion = reduce(heirShare.den - heirShare.num, heirShare.den);
  const shares = heirShares(rng, portion, m, 70);
  const residue = siblings.map((s2, i) => ({ beneficiary: s2.id, ...shares[i] }));
  if (heir) residue.push({ beneficiary: heir.id, ...heirShare });
  const bequests = legatees.map((x) => ({ beneficiary: x.id, cents: bequestFor(rng, x) }));
  const ref = largest(residue.slice(0, m));
  const refSibling = siblings.find((s2) => s2.id === ref.beneficiary);
  const R = residueFor(allowanceCents("estate", "sibling", refSibling.disabled) + target(rng, 2e3, 4e5), ref) + rng.int(0, 99);
  const status = rng.weighted([["single", 45], ["widowed", 35], ["divorced", 20]]);
  return finish(rng, b, subject, `${situationOf(subject.female, status)}, sans descendant`, residue, bequests, R);
}
function addRepresentation(b, subject, count, disabledPercent) {
  const rng = b.rng;
  const p = b.person();
  const birth = b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(b.ageOf(subject), 30)));
  const virtualAge = b.ageOf({ birth });
  const dead = { person: p, birth, death: b.act };
  b.parentOf(subject, { birth });
  const last = p.female ? b.otherFamily() : p.last;
  const heirs = [];
  let youngest = addYears(birth, 25);
  for (let i = 0; i < count; i++) {
    const h = b.add(b.person(last), "grandchild", b.siblingBirth("the children of the predeceased child", () => birthForAge(rng, b.act, b.grandchildAge(virtualAge, 1))), rng.chance(disabledPercent), dead);
    b.parentOf({ female: p.female, birth }, h);
    if (compareDates4(h.birth, youngest) > 0) youngest = h.birth;
    heirs.push(h);
  }
  const last60 = addDays(b.act, -60);
  dead.death = compareDates4(addDays(youngest, 40), last60) < 0 ? dateBetween(rng, addDays(youngest, 1), last60) : addDays(youngest, 1);
  return { dead, heirs };
}
function recalledValue(rng, A, abovePercent) {
  return rng.chance(abovePercent) ? roundish(rng, A + rng.spread(2e3, 2e5) * 100) : roundish(rng, rng.spread(5e3, Math.floor(A * 0.9 / 100)) * 100);
}
function value790G(rng) {
  const ceiling = CASH_GIFT_790G3.ceiling.value;
  return Math.min(ceiling * 100, roundish(rng, rng.spread(3e3, ceiling - 1e3) * 100));
}
function estatePriorGifts(b, subject, opts) {
  const rng = b.rng;
  const remaining = /* @__PURE__ */ new Map();
  if (opts.recallTo) {
    const c = opts.recallTo;
    const A = allowanceCents("estate", c.relationship, c.disabled);
    let S = 0;
    const v = recalledValue(rng, A, opts.abovePercent);
    if (b.prior(c, b.recalledDate(c), v)) S += v;
    if (rng.chance(20)) {
      const v2 = roundish(rng, rng.spread(3e3, 4e4) * 100);
      if (b.prior(c, rng.chance(25) ? b.justInsideDate(c) : b.recalledDate(c), v2)) S += v2;
    }
    remaining.set(c.id, A - Math.min(A, S));
  }
  if (opts.g790To) b.prior(opts.g790To, b.recalledDate(opts.g790To, CASH_GIFT_790G3.doneeMinimumAge.value, subject.birth), value790G(rng), true);
  if (opts.traps.length > 0 && rng.chance(opts.trapPercent)) {
    const t3 = rng.pick(opts.traps);
    b.prior(t3, b.oldDate(t3, rng.chance(45)), roundish(rng, rng.spread(8e3, 15e4) * 100));
  }
  return remaining;
}
function estateRecall(rng, forceRepresentation = false) {
  const { b, age, subject } = start(rng, 66, 98);
  const hasSpouse = rng.chance(45);
  const spouse = hasSpouse ? addSpouse(b, age, subject.female, rng.chance(15)) : null;
  const k = rng.weighted([[1, 25], [2, 45], [3, 30]]);
  const children = addChildren(b, subject, k);
  const rep = forceRepresentation || rng.chance(55);
  const g = rep ? rng.weighted([[1, 30], [2, 50], [3, 20]]) : 0;
  const representation = rep ? addRepresentation(b, subject, g, 5) : null;
  const maxLegatees = 9 - b.beneficiaries.length;
  const l = Math.min(maxLegatees, rng.weighted([[0, 35], [1, 45], [2, 20]]));
  const legatees = pickLegateeKinds(rng, l, [["grandchild", 30], ["nephew", 30], ["unrelated", 25], ["sibling", 15]]).map(
    (kind) => addLegatee(b, kind, age, children)
  );
  if (rng.chance(10)) rng.pick(children).disabled = true;
  const portion = spouse ? { num: 3, den: 4 } : { num: 1, den: 1 };
  const stocks = k + (rep ? 1 : 0);
  const stockShares = heirShares(rng, portion, stocks, rep ? 100 : 80);
  const residue = [];
  if (spouse) residue.push({ beneficiary: spouse.id, num: 1, den: 4 });
  children.forEach((c, i) => residue.push({ beneficiary: c.id, ...stockShares[i] }));
  if (representation) {
    const s2 = splitShare(stockShares[k], g);
    for (const h of representation.heirs) residue.push({ beneficiary: h.id, ...s2 });
  }
  const recall = forceRepresentation || rng.chance(78) || !rep;
  const recallTo = recall ? rng.pick(children) : null;
  const g790 = rng.chance(75) || !recall && !rep;
  const adults = children.filter((c) => b.ageOf(c) >= CASH_GIFT_790G3.doneeMinimumAge.value + 2);
  const g790To = g790 && adults.length > 0 ? recallTo && rng.chance(70) && adults.includes(recallTo) ? recallTo : rng.pick(adults) : null;
  const remaining = estatePriorGifts(b, subject, { recallTo, abovePercent: 55, g790To, traps: children, trapPercent: 25 });
  if (representation && rng.chance(15)) {
    const h = rng.pick(representation.heirs);
    b.prior(h, b.recalledDate(h), roundish(rng, rng.spread(2e3, 6e4) * 100));
  }
  const bequests = legatees.map((x) => ({ beneficiary: x.id, cents: bequestFor(rng, x) }));
  const ref = recallTo ?? rng.pick(children);
  const refShare = residue.find((s2) => s2.beneficiary === ref.id);
  const Ar = remaining.get(ref.id) ?? allowanceCents("estate", "child", ref.disabled);
  let R = residueFor(Ar + target(rng, 2e3, 5e5), refShare);
  if (stocks > 1 && rng.chance(65)) {
    const other = stockShares.filter((_, i) => i !== children.indexOf(ref));
    R = Math.max(R, residueFor(allowanceCents("estate", "child") + target(rng, 1e3, 3e5), largest(other.map((x) => ({ beneficiary: "", ...x })))));
  }
  R += rng.int(0, 99);
  const status = spouse ? spouseSituation(subject.female, spouse) : situationOf(subject.female, rng.chance(65) ? "widowed" : "divorced");
  return finish(rng, b, subject, `${status}, ${childrenWord(k + (rep ? 1 : 0))}${predeceasedWord(representation?.dead)}`, residue, bequests, R, {
    predeceased: representation ? [representation.dead] : []
  });
}
function usufructuaryAge(rng, age) {
  if (rng.chance(20)) {
    const edge = rng.pick(USUFRUCT_EDGES.filter((x) => x.first >= 60 && x.first < OPEN_ROW_AGE));
    const past = rng.chance(50);
    return { age: past ? edge.first : edge.last, near: true, past };
  }
  let a = Math.min(100, Math.max(55, age + rng.int(-9, 6)));
  if (a === OPEN_ROW_AGE) a -= 1;
  return { age: a, near: false, past: false };
}
function spouseUsufructEstate(rng, beneficiaries) {
  const { b, age, subject } = start(rng, 68, 98);
  const u = usufructuaryAge(rng, age);
  const spouseFemale = rng.chance(90) ? !subject.female : subject.female;
  const spouseBirth = u.near ? birthNearBirthday(rng, b.act, u.age, u.past) : birthForAge(rng, b.act, u.age);
  const spouse = b.add(b.person(b.family, spouseFemale), "spouse", spouseBirth);
  const bare = 100 - usufructPercent(u.age);
  let k, g, l;
  for (; ; ) {
    k = rng.weighted([[1, 5], [2, 30], [3, 40], [4, 25]]);
    g = rng.chance(70) ? rng.weighted([[1, 20], [2, 50], [3, 30]]) : 0;
    l = rng.weighted([[1, 45], [2, 55]]);
    const total = 1 + k + g + l;
    if (beneficiaries === void 0 ? total <= 9 : total === beneficiaries && g > 0) break;
  }
  const children = addChildren(b, subject, k);
  const representation = g > 0 ? addRepresentation(b, subject, g, 10) : null;
  const legatees = pickLegateeKinds(rng, l, [["grandchild", 30], ["sibling", 20], ["nephew", 25], ["unrelated", 25]]).map(
    (kind) => addLegatee(b, kind, age, children)
  );
  if (rng.chance(25)) rng.pick([...children, ...representation?.heirs ?? [], ...legatees]).disabled = true;
  const stocks = k + (representation ? 1 : 0);
  const stockShares = heirShares(rng, { num: 1, den: 1 }, stocks, 85);
  const residue = children.map((c, i) => ({ beneficiary: c.id, ...stockShares[i] }));
  if (representation) {
    const s2 = splitShare(stockShares[k], g);
    for (const h of representation.heirs) residue.push({ beneficiary: h.id, ...s2 });
  }
  const recallTo = rng.pick(children);
  const adults = children.filter((c) => b.ageOf(c) >= CASH_GIFT_790G3.doneeMinimumAge.value + 2);
  const wants790 = !representation || rng.chance(40);
  const g790To = wants790 && adults.length > 0 ? rng.chance(70) && adults.includes(recallTo) ? recallTo : rng.pick(adults) : null;
  const remaining = estatePriorGifts(b, subject, { recallTo, abovePercent: 65, g790To, traps: children, trapPercent: 20 });
  const bequests = legatees.map((x) => ({ beneficiary: x.id, cents: bequestFor(rng, x, rng.chance(92)) }));
  const refShare = residue.find((s2) => s2.beneficiary === recallTo.id);
  let need = remaining.get(recallTo.id) + target(rng, 2e3, 4e5);
  let R = residueFor(need, refShare, bare);
  if (g790To && g790To !== recallTo) {
    const s2 = residue.find((x) => x.beneficiary === g790To.id);
    need = allowanceCents("estate", "child", g790To.disabled) + target(rng, 1e3, 2e5);
    R = Math.max(R, residueFor(need, s2, bare));
  }
  if (stocks > 1 && rng.chance(65)) {
    const other = stockShares.filter((_, i) => i !== children.indexOf(recallTo));
    R = Math.max(R, residueFor(allowanceCents("estate", "child") + target(rng, 1e3, 3e5), largest(other.map((x) => ({ beneficiary: "", ...x }))), bare));
  }
  R += rng.int(0, 99);
  const situation = `${gendered(subject.female, "mari\xE9", "mari\xE9e")} \xE0 ${spouse.id}, ${childrenWord(stocks)}${predeceasedWord(representation?.dead)}`;
  return finish(rng, b, subject, situation, residue, bequests, R, {
    predeceased: representation ? [representation.dead] : [],
    spouseUsufruct: spouse.id
  });
}

// src/gifts.ts
import { ageOn as ageOn4, withinYearsBefore as withinYearsBefore2 } from "@succ/engine";
import { CASH_GIFT_790G as CASH_GIFT_790G4, usufructPercent as usufructPercent2 } from "@succ/rules";
var ADULT = CASH_GIFT_790G4.doneeMinimumAge.value;
var DONOR_LIMIT = CASH_GIFT_790G4.donorAgeBelow.value;
var CEILING = CASH_GIFT_790G4.ceiling.value * 100;
var MIN_CASH = 2e5;
function startGift(rng, donorAge) {
  const act = actDate(rng);
  const b = new Builder(rng, act, familyName(rng));
  const { age, birth } = donorAge(b);
  const subject = b.subject(age);
  if (birth) subject.birth = birth;
  return { b, age, subject };
}
function draft(b, subject, gifts) {
  return { kind: "gift", date: b.act, subject, beneficiaries: b.beneficiaries, priorGifts: b.sortedPriorGifts(), parents: b.parents, gifts };
}
var WHOLE = { num: 1, den: 1 };
function giftFullOwnership(rng) {
  const { b, age, subject } = startGift(rng, (bb) => ({ age: bb.rng.int(50, 85) }));
  const child = b.add(b.person(), "child", b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(age))));
  b.parentOf(subject, child);
  const total = allowanceCents("gift", "child") + rng.spread(2e3, 7e5) * 100;
  const gifts = [];
  const item = (label, cents) => ({ label, cents, cash: false, reservedUsufruct: false, to: [{ beneficiary: child.id, ...WHOLE }] });
  if (rng.chance(55)) {
    const label = giftAssetLabel(rng, false);
    const cents = label.startsWith("Portefeuille") ? total - rng.int(0, 99) : roundEuros(total, label.startsWith("Parts") ? 100 : 1e3) + (label.startsWith("Parts") ? 0 : 1e5);
    gifts.push(item(label, cents));
  } else {
    const first = roundEuros(Math.floor(total * rng.int(50, 85) / 100), 1e3);
    const label1 = giftAssetLabel(rng, true);
    let label2 = `Portefeuille de titres (${rng.pick(["Banque du Val d'Ornelle", "Cr\xE9dit des Aulnes", "Banque Rochebelle"])})`;
    if (rng.chance(40)) {
      const other = giftAssetLabel(rng, true);
      if (!/^(Maison|Appartement)/.test(other) || total - first >= MIN_BUILDING) label2 = other;
    }
    if (label2 === label1) label2 = `${label2} (second lot)`;
    gifts.push(item(label1, first), item(label2, label2.startsWith("Portefeuille") ? total - first - rng.int(0, 99) : roundEuros(total - first, 100) + 1e4));
  }
  return draft(b, subject, gifts);
}
function addDonees(b, subject, grandparent, count, minorPercent, disabledPercent) {
  const rng = b.rng;
  const donorAge = b.ageOf(subject);
  const out = [];
  const line = rng.chance(50) ? b.family : b.otherFamily();
  const parent = grandparent ? { female: line !== b.family, birth: b.siblingBirth("the subject's children", () => birthForAge(rng, b.act, b.childAge(donorAge, ADULT + 20))) } : null;
  if (parent) b.parentOf(subject, parent);
  for (let i = 0; i < count; i++) {
    const child = !grandparent || i === 0 && count >= 2 && rng.chance(20);
    const of = child ? subject : parent;
    let minor = rng.chance(minorPercent);
    const birth = b.siblingBirth(child ? "the subject's children" : "the children of the donees' parent", () => {
      if (minor) {
        minor = false;
        const trap = rng.chance(60) ? birthNearBirthday(rng, b.act, ADULT - 1, false) : birthNearBirthday(rng, b.act, ADULT, true);
        if (b.canBeParent(of, trap)) return trap;
      }
      return birthForAge(rng, b.act, child ? b.childAge(donorAge, ADULT) : b.grandchildAge(b.ageOf(parent), 1));
    });
    const p = b.person(child ? b.family : line);
    const donee = b.add(p, child ? "child" : "grandchild", birth, rng.chance(disabledPercent));
    b.parentOf(of, donee);
    out.push(donee);
  }
  return out;
}
function giftPriorGifts(b, subject, donees, opts) {
  const rng = b.rng;
  const donorAge = ageOn4(subject.birth, b.act);
  return donees.map((d2) => {
    const A = allowanceCents("gift", d2.relationship, d2.disabled);
    let S = 0;
    if (opts.recallTo.includes(d2)) {
      const v = rng.chance(opts.abovePercent) ? roundish(rng, A + rng.spread(2e3, 18e4) * 100) : roundish(rng, rng.spread(3e3, Math.max(4e3, Math.floor(A * 0.9 / 100))) * 100);
      if (b.prior(d2, rng.chance(6) ? b.justInsideDate(d2) : b.recalledDate(d2), v)) S += v;
    }
    let used = 0;
    let usedOn = null;
    if (rng.chance(opts.g790Percent)) {
      const v = Math.min(CEILING, roundish(rng, rng.spread(2e3, CEILING / 100 - 1500) * 100));
      const date = b.recalledDate(d2, ADULT, subject.birth);
      if (b.prior(d2, date, v, true)) [used, usedOn] = [v, date];
    }
    if (rng.chance(opts.trapPercent)) {
      const date = b.oldDate(d2, rng.chance(45));
      const room = date !== null && usedOn !== null && withinYearsBefore2(date, usedOn, CASH_GIFT_790G4.period.value) ? roundEuros(CEILING - used, 100) : CEILING;
      const cash = date !== null && rng.chance(30) && ageOn4(d2.birth, date) >= ADULT && ageOn4(subject.birth, date) < DONOR_LIMIT && room >= MIN_CASH;
      b.prior(d2, date, cash ? Math.min(room, roundish(rng, rng.spread(3e3, 25e3) * 100)) : roundish(rng, rng.spread(5e3, 12e4) * 100), cash);
    }
    const adult = b.ageOf(d2) >= ADULT;
    return {
      b: d2,
      eligible: adult && donorAge < DONOR_LIMIT,
      eligibleButDonorAge: adult,
      remaining: A - Math.min(A, S),
      ceilingLeft: CEILING - used
    };
  });
}
function cashFor(d2, x, otherValue, exempt) {
  const needOver = d2.remaining + x - otherValue;
  if (!exempt) return Math.max(0, needOver);
  return Math.max(0, needOver + d2.ceilingLeft);
}
function targetX(rng, lo, hi) {
  return rng.spread(lo, hi) * 100;
}
function gift790G(rng, noAgeTrap = false) {
  const grandparent = rng.chance(45);
  const mode = noAgeTrap ? "normal" : rng.weighted([["normal", 88], ["over80", 6], ["near79", 6]]);
  const { b, age, subject } = startGift(rng, (bb) => {
    if (mode === "over80") {
      if (bb.rng.chance(40)) return { age: DONOR_LIMIT, birth: birthNearBirthday(bb.rng, bb.act, DONOR_LIMIT, true) };
      return { age: bb.rng.int(DONOR_LIMIT, DONOR_LIMIT + 9) };
    }
    if (mode === "near79") return { age: DONOR_LIMIT - 1, birth: birthNearBirthday(bb.rng, bb.act, DONOR_LIMIT - 1, false) };
    return { age: grandparent ? bb.rng.int(62, DONOR_LIMIT - 1) : bb.rng.int(50, DONOR_LIMIT - 1) };
  });
  const n2 = rng.weighted([[1, 30], [2, 45], [3, 25]]);
  const people = addDonees(b, subject, grandparent, n2, noAgeTrap ? 0 : 6, 5);
  const recallTo = people.filter(() => rng.chance(60));
  const donees = giftPriorGifts(b, subject, people, { recallTo, abovePercent: 50, g790Percent: 30, trapPercent: 18 });
  const candidates = donees.filter((d2) => mode === "over80" ? d2.eligibleButDonorAge : d2.eligible);
  const ref = candidates.length > 0 ? rng.pick(candidates) : donees[0];
  const gifts = [];
  const assetShare = /* @__PURE__ */ new Map();
  if (rng.chance(45)) {
    const toOne = n2 > 1 && rng.chance(30);
    const to = toOne ? [{ beneficiary: rng.pick(people).id, ...WHOLE }] : people.map((p) => ({ beneficiary: p.id, ...reduce(1, n2) }));
    const cents = roundEuros(rng.spread(MIN_BUILDING / 100, 4e5) * 100, 1e3);
    gifts.push({ label: giftAssetLabel(rng, false), cents, cash: false, reservedUsufruct: false, to });
    for (const t3 of to) assetShare.set(t3.beneficiary, cents * t3.num / t3.den);
  }
  const cashOf = /* @__PURE__ */ new Map();
  for (const d2 of donees) {
    const other = assetShare.get(d2.b.id) ?? 0;
    const owe = d2 === ref || n2 < 3 || rng.chance(75);
    const x = owe ? targetX(rng, 1e3, 25e4) : 0;
    let c = owe ? cashFor(d2, x, other, d2.eligible) : rng.spread(2e3, 4e4) * 100;
    if (!owe && !d2.eligible) c = Math.min(c, Math.max(1e5, d2.remaining - other - 1e5));
    cashOf.set(d2.b.id, roundish(rng, Math.max(c, 2e5)));
  }
  if (n2 >= 2 && rng.chance(40)) {
    const each = Math.max(...cashOf.values());
    gifts.push({ label: cashLabel(rng), cents: each * n2, cash: true, reservedUsufruct: false, to: people.map((p) => ({ beneficiary: p.id, ...reduce(1, n2) })) });
  } else {
    for (const p of people) {
      gifts.push({ label: cashLabel(rng, p.id), cents: cashOf.get(p.id), cash: true, reservedUsufruct: false, to: [{ beneficiary: p.id, ...WHOLE }] });
    }
  }
  return draft(b, subject, rng.sample(gifts, gifts.length));
}
function bareOwnershipGift(rng) {
  const grandparent = rng.chance(40);
  const { b, age, subject } = startGift(rng, (bb) => {
    if (bb.rng.chance(25)) {
      const edge = bb.rng.pick(USUFRUCT_EDGES.filter((x) => x.first >= 55 && x.first < DONOR_LIMIT));
      const past = bb.rng.chance(50);
      const a = past ? edge.first : edge.last;
      return { age: a, birth: birthNearBirthday(bb.rng, bb.act, a, past) };
    }
    return { age: grandparent ? bb.rng.int(62, DONOR_LIMIT - 1) : bb.rng.int(52, DONOR_LIMIT - 1) };
  });
  const bare = 100 - usufructPercent2(age);
  const n2 = rng.weighted([[2, 60], [3, 40]]);
  const people = addDonees(b, subject, grandparent, n2, grandparent ? 25 : 10, 8);
  const adults = people.filter((p) => b.ageOf(p) >= ADULT);
  const ref790 = adults.length > 0 ? rng.pick(adults) : people[0];
  const refRecall = rng.chance(70) ? ref790 : rng.pick(people);
  const recallTo = people.filter((p) => p === refRecall || rng.chance(25));
  const donees = giftPriorGifts(b, subject, people, { recallTo, abovePercent: 75, g790Percent: 35, trapPercent: 20 });
  const fractions = rng.chance(70) ? people.map(() => reduce(1, n2)) : rng.sample(n2 === 2 ? rng.pick([[{ num: 2, den: 3 }, { num: 1, den: 3 }], [{ num: 3, den: 4 }, { num: 1, den: 4 }]]) : [{ num: 1, den: 2 }, { num: 1, den: 4 }, { num: 1, den: 4 }], n2);
  const home = {
    label: realEstateLabel(rng),
    cents: 0,
    cash: false,
    reservedUsufruct: true,
    to: people.map((p, i) => ({ beneficiary: p.id, ...fractions[i] }))
  };
  const gifts = [home];
  const other = /* @__PURE__ */ new Map();
  if (rng.chance(25)) {
    const to = rng.pick(people);
    const cents = roundEuros(rng.spread(4e4, 3e5) * 100, 100);
    gifts.push({ label: `Parts de la ${rng.pick(["SCI Les Tilleuls", "SCI du Moulin", "SCI La Garenne", "SCI Les Coteaux"])}`, cents, cash: false, reservedUsufruct: true, to: [{ beneficiary: to.id, ...WHOLE }] });
    other.set(to.id, cents * bare / 100);
  }
  for (const d2 of donees) {
    if (d2.b === ref790 || rng.chance(50)) {
      const c = roundish(rng, rng.spread(5e3, 8e4) * 100);
      gifts.push({ label: cashLabel(rng, d2.b.id), cents: c, cash: true, reservedUsufruct: false, to: [{ beneficiary: d2.b.id, ...WHOLE }] });
      other.set(d2.b.id, (other.get(d2.b.id) ?? 0) + c - (d2.eligible ? Math.min(c, d2.ceilingLeft) : 0));
    }
  }
  let V = roundEuros(rng.spread(8e4, 9e5) * 100, 1e3);
  donees.forEach((d2, i) => {
    const f = fractions[i];
    const need = d2.remaining + targetX(rng, 1e3, 2e5) - (other.get(d2.b.id) ?? 0);
    if (need > 0) V = Math.max(V, Math.ceil(need * f.den * 100 / (f.num * bare) / 1e5) * 1e5);
  });
  home.cents = V;
  return draft(b, subject, gifts);
}

// src/guards.ts
function numbersIn(text, into = /* @__PURE__ */ new Set()) {
  const groups = [];
  const n2 = text.length;
  let i = 0;
  while (i < n2) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    groups.length = 0;
    for (; ; ) {
      const start3 = i;
      while (i < n2 && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++;
      groups.push(text.slice(start3, i));
      if (i + 1 < n2 && isSeparator(text.charCodeAt(i)) && (c = text.charCodeAt(i + 1)) >= 48 && c <= 57) {
        i++;
        continue;
      }
      break;
    }
    for (let a = 0; a < groups.length; a++) {
      let joined = "";
      for (let b = a; b < groups.length; b++) {
        joined += groups[b];
        if (joined.length <= 15) into.add(Number(joined));
      }
    }
  }
  return into;
}
function holdsAny(text, targets) {
  if (targets.size === 0) return false;
  const groups = [];
  const n2 = text.length;
  let i = 0;
  while (i < n2) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    groups.length = 0;
    for (; ; ) {
      const start3 = i;
      while (i < n2 && (c = text.charCodeAt(i)) >= 48 && c <= 57) i++;
      groups.push(text.slice(start3, i));
      if (i + 1 < n2 && isSeparator(text.charCodeAt(i)) && (c = text.charCodeAt(i + 1)) >= 48 && c <= 57) {
        i++;
        continue;
      }
      break;
    }
    for (let a = 0; a < groups.length; a++) {
      let joined = "";
      for (let b = a; b < groups.length; b++) {
        joined += groups[b];
        if (joined.length <= 15 && targets.has(Number(joined))) return true;
      }
    }
  }
  return false;
}
function answerAmounts(answer) {
  const out = /* @__PURE__ */ new Set();
  for (const v of Object.values(answer.beneficiaires)) {
    if (v.part_taxable !== 0) out.add(v.part_taxable);
    if (v.droits !== 0) out.add(v.droits);
    if (v.prelevement_990I !== void 0 && v.prelevement_990I !== 0) out.add(v.prelevement_990I);
  }
  if (answer.total_droits !== 0) out.add(answer.total_droits);
  return out;
}
function isSeparator(c) {
  return c === 32 || c === 160 || c === 8239 || c === 46 || c === 44;
}
function leakedAmounts(text, answer, alsoSeen) {
  const seen = numbersIn(text);
  const leaks = [];
  const check = (v) => {
    if (v !== 0 && (seen.has(v) || alsoSeen?.has(v))) leaks.push(v);
  };
  for (const v of Object.values(answer.beneficiaires)) {
    check(v.part_taxable);
    check(v.droits);
    if (v.prelevement_990I !== void 0) check(v.prelevement_990I);
  }
  check(answer.total_droits);
  return leaks;
}

// src/levels.ts
function isCgiLevel(level2) {
  return level2 === 5 || level2 === 6;
}
var VARIANT_WEIGHTS = {
  1: [["only-child-estate", 1], ["gift-full-ownership", 1]],
  2: [["spouse-children", 1], ["children-legatees", 1], ["siblings-legatees", 1]],
  3: [["gift-790g", 2], ["estate-recall", 1]],
  4: [["bare-ownership-gift", 5], ["spouse-usufruct-estate", 2]],
  // Estates hold most of the real law's traps (life insurance, furniture, main residence, siblings).
  5: [["notary-estate", 2], ["notary-gift", 1]],
  6: [["law-of-date-estate", 2], ["law-of-date-gift", 1]]
};
var CYCLE = [1, 4, 2, 3];
var FIRST_EIGHT = [1, 4, 2, 3, 3, 4, 2, 1];
function mixLevel(index) {
  return index < FIRST_EIGHT.length ? FIRST_EIGHT[index] : CYCLE[index % CYCLE.length];
}
var FIRST_SIX = [
  "only-child-estate",
  "spouse-usufruct-estate",
  "spouse-children",
  "gift-790g",
  "estate-recall",
  "bare-ownership-gift"
];

// src/cgi-task.ts
import {
  ageOn as ageOn8,
  compute,
  isDossierError,
  readDossier,
  RULE_INFO,
  rulesOf,
  sameAnswer
} from "@succ/engine";

// src/cgi-draft.ts
import { formatDate as formatDate2 } from "@succ/engine";
function emptyFacts(hasDescendants) {
  return { hasDescendants, civil: /* @__PURE__ */ new Map(), mainResidence: null, furniture: null, contracts: [], deeds: /* @__PURE__ */ new Map(), housing: /* @__PURE__ */ new Set() };
}
function toCgiDossier(d2) {
  const base = toDossier(d2);
  const f = d2.cgi;
  const beneficiaries = base.beneficiaries.map((b) => {
    const c = f.civil.get(b.id);
    const out = { ...b };
    if (c?.protectedAdult) out.protectedAdult = true;
    if (d2.kind === "estate" && c?.maritalStatus) out.maritalStatus = c.maritalStatus;
    if (d2.kind === "estate" && b.relationship === "sibling") out.livedWithDeceased5Years = c?.livesWithSince != null && livedWith5Years(c.livesWithSince, d2.date);
    return out;
  });
  const priorGifts2 = d2.priorGifts.map((g, i) => {
    const out = { ...base.priorGifts[i] };
    const deed = f.deeds.get(g);
    if (deed) {
      out.allowanceUsed = amount(deed.allowanceUsed);
      if (deed.disabilityAllowanceUsed > 0) out.disabilityAllowanceUsed = amount(deed.disabilityAllowanceUsed);
    }
    return out;
  });
  const head = {
    kind: d2.kind,
    law: "cgi",
    date: base.date,
    person: { ...base.person, hasDescendants: f.hasDescendants },
    beneficiaries
  };
  if (d2.kind === "estate") {
    const assets = base.assets.map(
      (a, i) => f.mainResidence?.asset === i ? { ...a, mainResidence: true, occupiedBy: f.mainResidence.occupants.slice() } : a
    );
    const out = { ...head, assets, debts: base.debts };
    if (f.furniture) out.furniture = f.furniture.valuation === "flat" ? { valuation: "flat" } : { valuation: f.furniture.valuation, value: amount(f.furniture.cents) };
    if (f.contracts.length > 0) {
      out.lifeInsurance = f.contracts.map((c) => ({
        label: c.label,
        subscribedOn: formatDate2(c.subscribedOn),
        beneficiaries: c.to.map((t3) => ({ beneficiary: t3.beneficiary, fraction: fraction(t3) })),
        capitalBefore70: amount(c.before70),
        premiumsAfter70: amount(c.premiumsAfter70),
        capitalAfter70: amount(c.capitalAfter70)
      }));
    }
    return { ...out, funeralCosts: base.funeralCosts, bequests: base.bequests, residue: base.residue, spouseUsufruct: base.spouseUsufruct, priorGifts: priorGifts2 };
  }
  const gifts = base.gifts.map((g, i) => f.housing.has(d2.gifts[i]) ? { ...g, housing790ABis: true } : g);
  return { ...head, gifts, priorGifts: priorGifts2 };
}
function livedWith5Years(since, death) {
  const limit = { y: death.y - 5, m: death.m, d: death.d };
  return since.y < limit.y || since.y === limit.y && (since.m < limit.m || since.m === limit.m && since.d <= limit.d);
}
function seedCounterpart(input) {
  const { hasDescendants: _h, ...person2 } = input.person;
  const out = {
    ...input,
    law: "seed",
    person: person2,
    beneficiaries: input.beneficiaries.map(({ protectedAdult: _p, maritalStatus: _m, livedWithDeceased5Years: _l, ...b }) => b)
  };
  if (input.assets) out.assets = input.assets.map(({ mainResidence: _r, occupiedBy: _o, occupiedBySpouseChild: _c, ...a }) => a);
  delete out.furniture;
  delete out.lifeInsurance;
  if (input.priorGifts) out.priorGifts = input.priorGifts.map(({ allowanceUsed: _a, disabilityAllowanceUsed: _d, registered: _r, housing790ABis: _x, ...g }) => g);
  if (input.gifts) out.gifts = input.gifts.map(({ housing790ABis: _x, ...g }) => g);
  return out;
}

// src/cgi-estates.ts
import { ageOn as ageOn5, compareDates as compareDates6 } from "@succ/engine";

// src/cgi-law.ts
import { compareDates as compareDates5, formatDate as formatDate3, withinYearsBefore as withinYearsBefore3 } from "@succ/engine";
import { lawOn } from "@succ/rules";
function lawOfDay(day) {
  return lawOn(formatDate3(day));
}
var EURO = 100;
function personalCents(law, kind, rel) {
  return (law.allowances.personal[kind][rel] ?? 0) * EURO;
}
function estateAllowanceCents(law, rel, disabled) {
  const own = personalCents(law, "estate", rel);
  const disability = disabled ? law.allowances.disability * EURO : 0;
  return own > 0 || disabled ? own + disability : law.allowances.default * EURO;
}
function giftAllowanceCents(law, rel, disabled) {
  return personalCents(law, "gift", rel) + (disabled ? law.allowances.disability * EURO : 0);
}
var FIRST_ACT = {
  // Level 5: the law of 2025-2026; its gifts fall within the window of art. 790 A bis.
  5: { estate: "2025-01-02", gift: "2025-02-15" },
  6: { estate: "2017-01-02", gift: "2017-01-02" }
};
function cgiActDate(rng, level2, kind) {
  const [y, m, d2] = FIRST_ACT[level2][kind].split("-").map(Number);
  for (; ; ) {
    const day = dateBetween(rng, { y, m, d: d2 }, LAW_DATE);
    if (!(day.m === 1 && day.d === 1)) return day;
  }
}
var DEED_FIGURES_BEFORE = { y: 2012, m: 8, d: 17 };
var FIRST_PRIOR_GIFT = { y: 2011, m: 1, d: 3 };
function deedOf(g, earlier, rel, disabled) {
  const law = lawOfDay(g.date);
  let usedU = 0;
  let usedV = 0;
  for (const [h, x] of earlier) {
    if (h.beneficiary === g.beneficiary && compareDates5(h.date, g.date) < 0 && withinYearsBefore3(h.date, g.date, law.recallYears)) {
      usedU += x.allowanceUsed;
      usedV += x.disabilityAllowanceUsed;
    }
  }
  const u = Math.min(g.cents, Math.max(0, personalCents(law, "gift", rel) - usedU));
  const v = disabled ? Math.min(g.cents - u, Math.max(0, law.allowances.disability * EURO - usedV)) : 0;
  return { allowanceUsed: u, disabilityAllowanceUsed: v };
}
function dateIn(rng, from, to) {
  if (compareDates5(addDays(from, 31), to) > 0) return null;
  return dateBetween(rng, from, to);
}
function daysOk(dates) {
  return dates.every((x) => x.d <= MAX_DAY);
}

// src/cgi-estates.ts
var MARITAL_ADULT = [["married", 52], ["single", 24], ["divorced", 12], ["pacs", 8], ["widowed", 4]];
function civilOf(c, x, status, extra = {}) {
  c.facts.civil.set(x.id, { maritalStatus: status, protectedAdult: extra.protectedAdult ?? false, livesWithSince: extra.livesWithSince ?? null });
}
function drawStatus(c, x) {
  return c.b.ageOf(x) < c.law.mainResidence.minorBelow ? null : c.rng.weighted(MARITAL_ADULT);
}
function start2(rng, level2, family, ages) {
  const act = cgiActDate(rng, level2, "estate");
  const b = new Builder(rng, act, familyName(rng));
  const law = lawOfDay(act);
  const age = rng.int(ages[0], ages[1]);
  const subject = b.subject(age);
  return {
    rng,
    level: level2,
    b,
    law,
    subject,
    age,
    facts: emptyFacts(family !== "childless"),
    exempt: /* @__PURE__ */ new Set(),
    children: [],
    representation: null,
    legatees: [],
    residue: [],
    bequests: [],
    situation: "",
    reference: null
  };
}
function addChildOfAge(c, age) {
  const birth = c.b.siblingBirth("the subject's children", () => birthForAge(c.rng, c.b.act, age));
  if (!c.b.canBeParent(c.subject, birth)) return null;
  const x = c.b.add(c.b.person(), "child", birth);
  c.b.parentOf(c.subject, x);
  return x;
}
function addLegatees(c, count, kinds) {
  for (const kind of pickLegateeKinds(c.rng, count, kinds)) {
    const l = addLegatee(c.b, kind, c.age, c.children);
    civilOf(c, l, drawStatus(c, l), l.relationship === "sibling" ? { livesWithSince: null } : {});
    c.legatees.push(l);
  }
  const alone = c.legatees.filter((l) => l.relationship === "grandchild" || l.relationship === "unrelated");
  if (alone.length > 0 && c.rng.chance(c.level === 5 ? 45 : 60)) c.rng.pick(alone).disabled = true;
}
function familyCouple(c) {
  const { b, rng } = c;
  const spouse = addSpouse(b, c.age, c.subject.female, rng.chance(15));
  civilOf(c, spouse, spouse.relationship === "spouse" ? "married" : "pacs");
  c.exempt.add(spouse.id);
  const k = rng.weighted([[1, 15], [2, 40], [3, 30], [4, 15]]);
  c.children = addChildren(b, c.subject, k);
  for (const x of c.children) civilOf(c, x, drawStatus(c, x));
  if (rng.chance(8)) rng.pick(c.children).disabled = true;
  if (rng.chance(18)) {
    c.representation = addRepresentation(b, c.subject, rng.weighted([[1, 30], [2, 50], [3, 20]]), 0);
    for (const h of c.representation.heirs) civilOf(c, h, drawStatus(c, h));
  }
  let l = rng.weighted([[0, 40], [1, 40], [2, 20]]);
  if (k === 1 && !c.representation) l = Math.max(l, 1);
  addLegatees(c, Math.min(l, 9 - b.beneficiaries.length), [["grandchild", 35], ["nephew", 25], ["unrelated", 30], ["sibling", 10]]);
  const stocks = k + (c.representation ? 1 : 0);
  const shares = heirShares(rng, { num: 3, den: 4 }, stocks, 75);
  c.residue = [{ beneficiary: spouse.id, num: 1, den: 4 }, ...c.children.map((x, i) => ({ beneficiary: x.id, ...shares[i] }))];
  if (c.representation) {
    const s2 = splitShare(shares[k], c.representation.heirs.length);
    for (const h of c.representation.heirs) c.residue.push({ beneficiary: h.id, ...s2 });
  }
  c.situation = `${spouseSituation(c.subject.female, spouse)}, ${childrenWord(stocks)}${predeceasedWord(c.representation?.dead)}`;
  if (rng.chance(85)) c.facts.mainResidence = { asset: 0, occupants: rng.chance(15) ? [spouse.id, rng.pick(c.children).id] : [spouse.id] };
}
function familyParent(c, special) {
  const { b, rng } = c;
  let occupant = null;
  if (special === "minor") occupant = addChildOfAge(c, rng.int(Math.max(6, c.age - 48), Math.min(17, c.age - 24)));
  const k = rng.weighted([[1, 15], [2, 45], [3, 30], [4, 10]]);
  c.children.push(...occupant ? [occupant] : [], ...addChildren(b, c.subject, occupant ? k - 1 : k));
  for (const x of c.children) civilOf(c, x, drawStatus(c, x));
  if (!occupant && (special === "protected" || special === "disabled")) {
    occupant = rng.pick(c.children);
    if (special === "disabled") occupant.disabled = true;
    else civilOf(c, occupant, rng.pick(["single", "divorced"]), { protectedAdult: true });
  }
  let l = rng.weighted([[0, 35], [1, 45], [2, 20]]);
  if (c.children.length === 1) l = Math.max(l, 1);
  addLegatees(c, Math.min(l, 9 - b.beneficiaries.length), [["grandchild", 40], ["nephew", 25], ["unrelated", 30], ["sibling", 5]]);
  const shares = heirShares(rng, { num: 1, den: 1 }, c.children.length, 70);
  c.residue = c.children.map((x, i) => ({ beneficiary: x.id, ...shares[i] }));
  const status = rng.weighted([["widowed", 55], ["divorced", 35], ["single", 10]]);
  c.situation = `${situationOf(c.subject.female, status)}, ${childrenWord(c.children.length)}`;
  if (occupant && rng.chance(92)) c.facts.mainResidence = { asset: 0, occupants: [occupant.id] };
  else if (rng.chance(5)) c.facts.mainResidence = { asset: 0, occupants: [rng.pick(c.children).id] };
}
function familyChildless(c) {
  const { b, rng } = c;
  const partner = rng.chance(20) ? addSpouse(b, c.age, c.subject.female, true) : null;
  if (partner) {
    civilOf(c, partner, "pacs");
    c.exempt.add(partner.id);
  }
  const m = rng.weighted([[1, 20], [2, 45], [3, 35]]);
  const siblings = [];
  const cohabitant = rng.chance(80) ? 0 : -1;
  for (let i = 0; i < m; i++) {
    let lo = Math.max(30, c.age - 12);
    let hi = Math.min(100, c.age + 12);
    const young = i === cohabitant && rng.chance(12) && lo <= 46;
    if (i === cohabitant) [lo, hi] = young ? [lo, Math.min(hi, 48)] : [Math.max(lo, 52), Math.max(hi, 52)];
    const s2 = b.add(b.person(), "sibling", b.siblingBirth("the subject's siblings", () => birthForAge(rng, b.act, rng.int(lo, hi))));
    siblings.push(s2);
    if (i === cohabitant) {
      const eligible = rng.chance(82);
      const status2 = eligible ? rng.weighted([["single", 45], ["widowed", 30], ["divorced", 15], ["separated", 10]]) : rng.pick(["married", "pacs"]);
      const years = rng.chance(85) ? rng.int(6, 30) : rng.int(1, 4);
      const since = addDays(addYears(b.act, -years), -rng.int(20, 300));
      if (young && rng.chance(30)) s2.disabled = true;
      civilOf(c, s2, status2, { livesWithSince: since });
    } else civilOf(c, s2, rng.weighted(MARITAL_ADULT), { livesWithSince: null });
  }
  const nephews = [];
  const n2 = rng.weighted([[0, 35], [1, 40], [2, 25]]);
  for (let i = 0; i < n2 && b.beneficiaries.length < 8; i++) {
    const x = addLegatee(b, "nephew", c.age, []);
    civilOf(c, x, drawStatus(c, x));
    nephews.push(x);
  }
  const heir = nephews.length > 0 && rng.chance(40) ? nephews[0] : null;
  c.legatees.push(...nephews.filter((x) => x !== heir));
  if (rng.chance(55) && b.beneficiaries.length < 9) addLegatees(c, 1, [["unrelated", 1]]);
  if (partner && b.beneficiaries.length < 9) c.legatees.push(partner);
  const heirShare = heir ? rng.pick([{ num: 1, den: 4 }, { num: 1, den: 5 }]) : { num: 0, den: 1 };
  const shares = heirShares(rng, reduce(heirShare.den - heirShare.num, heirShare.den), m, 70);
  c.residue = siblings.map((s2, i) => ({ beneficiary: s2.id, ...shares[i] }));
  if (heir) c.residue.push({ beneficiary: heir.id, ...heirShare });
  const status = partner ? null : rng.weighted([["single", 45], ["widowed", 35], ["divorced", 20]]);
  c.situation = `${partner ? `${gendered(c.subject.female, "li\xE9", "li\xE9e")} par un PACS \xE0 ${partner.id}` : situationOf(c.subject.female, status)}, sans descendant`;
  if (partner && rng.chance(85)) c.facts.mainResidence = { asset: 0, occupants: [partner.id] };
  else if (cohabitant === 0 && rng.chance(6)) c.facts.mainResidence = { asset: 0, occupants: [siblings[0].id] };
}
function siblingExempt(c, s2) {
  const civil = c.facts.civil.get(s2.id);
  const e = c.law.exemptions.sibling;
  if (!civil?.livesWithSince || civil.maritalStatus === null || !e.statuses.includes(civil.maritalStatus)) return false;
  if (compareDates6(civil.livesWithSince, addYears(c.b.act, -e.cohabitationYears)) > 0) return false;
  return c.b.ageOf(s2) >= e.olderThan || s2.disabled;
}
function priorGifts(c) {
  const { b, rng, level: level2 } = c;
  const recallFrom = addDays(addYears(b.act, -c.law.recallYears), 1);
  const eligible = (x) => !(level2 === 6 && x.disabled) && x.represents === null;
  const kids = c.children.filter(eligible);
  let early = null;
  if (kids.length > 0 && rng.chance(level2 === 5 ? 50 : 75)) {
    const x = early = rng.pick(kids);
    const from = maxDate(maxDate(FIRST_PRIOR_GIFT, recallFrom), addDays(addYears(x.birth, 1), 1));
    const date = dateIn(rng, from, addDays(DEED_FIGURES_BEFORE, -1));
    if (date) b.prior(x, date, roundish(rng, rng.int(105e3, 17e4) * 100));
  }
  const later = kids.filter((x) => x !== early);
  if (later.length > 0 && rng.chance(30)) {
    const x = rng.pick(later);
    const date = dateIn(rng, maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addDays(addYears(x.birth, 1), 1)), addDays(b.act, -45));
    if (date) b.prior(x, date, roundish(rng, rng.spread(8e3, 12e4) * 100));
  }
  const g = c.law.cashGift790G;
  const donees = c.facts.hasDescendants ? kids : c.legatees.filter((x) => x.relationship === "nephew").concat(c.residue.map((s2) => b.beneficiaries.find((x) => x.id === s2.beneficiary)).filter((x) => x.relationship === "nephew"));
  if (donees.length > 0 && rng.chance(25)) {
    const x = rng.pick(donees);
    const from = maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addYears(x.birth, g.doneeMinimumAge + 1));
    const to = minDate(addYears(c.subject.birth, g.donorAgeBelow - 1), addDays(b.act, -45));
    const date = dateIn(rng, from, to);
    if (date) b.prior(x, date, Math.min(g.ceiling * 100, roundish(rng, rng.spread(3e3, g.ceiling - 1e3) * 100)), true);
  }
}
function minDate(a, b) {
  return compareDates6(a, b) <= 0 ? a : b;
}
function deeds(c, gifts) {
  const done = /* @__PURE__ */ new Map();
  for (const g of gifts) {
    if (g.cash790G) continue;
    const x = c.b.beneficiaries.find((y) => y.id === g.beneficiary);
    done.set(g, deedOf(g, done, x.relationship, x.disabled));
  }
  for (const [g, d2] of done) c.facts.deeds.set(g, d2);
  const left = /* @__PURE__ */ new Map();
  for (const x of c.b.beneficiaries) {
    let u = 0;
    let v = 0;
    for (const [g, d2] of done) {
      if (g.beneficiary === x.id) {
        u += d2.allowanceUsed;
        v += d2.disabilityAllowanceUsed;
      }
    }
    const own = x.represents ? Math.floor(personalCents(c.law, "estate", "child") / c.b.beneficiaries.filter((y) => y.represents === x.represents).length) : personalCents(c.law, "estate", x.relationship);
    const disability = x.disabled ? c.law.allowances.disability * 100 : 0;
    left.set(x.id, own > 0 || x.disabled ? Math.max(0, own - u) + Math.max(0, disability - v) : c.law.allowances.default * 100);
  }
  return left;
}
var INSURERS = ["Pr\xE9voyance des Aulnes", "Mutuelle vie du Val d'Ornelle", "Assurances Rochebelle", "Caisse de pr\xE9voyance de la L\xE8re", "Vie et Patrimoine de Brenne"];
var PRODUCTS = ["Horizon", "Avenir", "S\xE9r\xE9nit\xE9", "Patrimoine", "Transmission", "\xC9pargne Plus"];
function contracts(c) {
  const { rng, level: level2, b, law } = c;
  if (!rng.chance(level2 === 5 ? 88 : 90)) return;
  const li = law.lifeInsurance;
  const named = (x) => x.represents === null;
  const exempt = b.beneficiaries.filter((x) => c.exempt.has(x.id));
  const taxed = b.beneficiaries.filter((x) => !c.exempt.has(x.id) && named(x));
  const out = [];
  const used = /* @__PURE__ */ new Set();
  const product = () => {
    let p = `Contrat \xAB ${rng.pick(PRODUCTS)} \xBB`;
    while (used.has(p)) p = `Contrat \xAB ${rng.pick(PRODUCTS)} ${rng.int(2, 9)} \xBB`;
    used.add(p);
    return p;
  };
  const seventy = addYears(c.subject.birth, li.insuredAgeLimit);
  const contractsFrom = parseDay(li.contractsFrom);
  const before70Day = () => dateIn(rng, maxDate(addYears(c.subject.birth, 40), addDays(contractsFrom, 60)), minDate(addDays(seventy, -400), addDays(b.act, -200)));
  const levy = taxed.length > 0 && rng.chance(level2 === 5 ? 80 : 90) ? rng.sample(taxed, Math.min(taxed.length, rng.weighted([[1, 65], [2, 35]]))) : [];
  if (level2 === 5 && exempt.length > 0 && rng.chance(50)) levy.push(rng.pick(exempt));
  for (const x of levy) {
    const day = before70Day();
    if (!day) continue;
    const capital = rng.chance(85) || c.exempt.has(x.id) ? li.allowance990I * 100 + roundEuros(rng.spread(5e3, 7e5) * 100, 1) + rng.int(0, 99) : roundEuros(rng.spread(2e4, li.allowance990I - 5e3) * 100, 1);
    out.push({ label: product(), insurer: rng.pick(INSURERS), subscribedOn: day, to: [{ beneficiary: x.id, num: 1, den: 1 }], before70: capital, premiumsAfter70: 0, capitalAfter70: 0 });
  }
  if (c.age >= 72 && rng.chance(level2 === 5 ? 65 : 75) && taxed.length > 0) {
    const pool = level2 === 6 ? [rng.pick(taxed)] : rng.sample(taxed, Math.min(taxed.length, rng.weighted([[1, 40], [2, 45], [3, 15]])));
    if (level2 === 5 && exempt.length > 0 && rng.chance(25)) pool.push(rng.pick(exempt));
    const premiums = roundEuros(rng.spread(li.allowance757B + 8e3, 26e4) * 100, 100);
    const capital = roundEuros(premiums * rng.int(78, 135) / 100, 1) + rng.int(0, 99);
    const day = dateIn(rng, addDays(seventy, 30), addDays(b.act, -200));
    const shares = pool.length === 1 ? [{ num: 1, den: 1 }] : pool.length === 2 && rng.chance(40) ? rng.sample([{ num: 2, den: 3 }, { num: 1, den: 3 }], 2) : pool.map(() => reduce(1, pool.length));
    if (day) {
      const to = pool.map((x, i) => ({ beneficiary: x.id, ...shares[i] }));
      const mixed = out.find((k) => k.to.length === 1 && to.length === 1 && k.to[0].beneficiary === to[0].beneficiary);
      if (mixed && rng.chance(50)) {
        mixed.premiumsAfter70 = premiums;
        mixed.capitalAfter70 = capital;
      } else out.push({ label: product(), insurer: rng.pick(INSURERS), subscribedOn: day, to, before70: 0, premiumsAfter70: premiums, capitalAfter70: capital });
    }
  }
  c.facts.contracts = out.slice(0, 3);
}
function parseDay(day) {
  const [y, m, d2] = day.split("-").map(Number);
  return { y, m, d: d2 };
}
function bequestFor2(c, l) {
  const A = c.exempt.has(l.id) ? 0 : estateAllowanceCents(c.law, l.relationship, l.disabled);
  const alone = l.disabled && personalCents(c.law, "estate", l.relationship) === 0;
  if (alone) return roundish(c.rng, A + c.law.allowances.default * 100 + c.rng.spread(1500, 9e4) * 100);
  if (c.rng.chance(92) || A < 1e5) return roundish(c.rng, A + c.rng.spread(800, 9e4) * 100);
  return roundEuros(c.rng.int(3e4, A - 1e4), 100);
}
var HOMES2 = ["Maison d'habitation \xE0", "Appartement \xE0"];
var PROPERTY2 = ["R\xE9sidence secondaire \xE0", "Terrain \xE0 b\xE2tir \xE0", "Terres agricoles \xE0", "Local commercial \xE0", "Appartement lou\xE9 \xE0"];
function assetsOf(c, listed, home) {
  const rng = c.rng;
  const towns = /* @__PURE__ */ new Set();
  const place = () => {
    let t3 = town(rng);
    while (towns.has(t3)) t3 = town(rng);
    towns.add(t3);
    return t3;
  };
  const assets = [];
  let left = listed;
  const take = (label, cents) => {
    if (cents <= 0 || cents >= left - 5e4) return;
    assets.push({ label, cents });
    left -= cents;
  };
  if (home !== null) take(`${rng.pick(HOMES2)} ${place()}`, home);
  const pool = rng.sample(["property", "titres", "sci", "vehicle", "pea"], listed < 8e6 ? rng.int(0, 1) : rng.int(1, 3));
  for (const k of pool) {
    const share = Math.floor(left * rng.int(10, 40) / 100);
    switch (k) {
      case "property": {
        const kind = rng.pick(PROPERTY2);
        const cents = roundEuros(share, 1e3);
        if (cents >= (kind.startsWith("Terr") ? 3e5 : MIN_BUILDING)) take(`${kind} ${place()}`, cents);
        break;
      }
      case "titres":
        take(`Portefeuille de titres (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "sci":
        take(`Parts de la ${sci(rng)}`, roundEuros(share, 100));
        break;
      case "pea":
        take(`Plan d'\xE9pargne en actions (${bank(rng)})`, share - rng.int(0, 99));
        break;
      case "vehicle":
        take("V\xE9hicule automobile", roundEuros(Math.min(share, rng.int(4e3, 45e3) * 100), 100));
        break;
    }
  }
  assets.push({ label: `Comptes courants et livrets (${bank(rng)})`, cents: left });
  return assets;
}
function funeralOf2(c) {
  const flat = c.law.funeralDeduction * 100;
  const cents = c.rng.chance(c.level === 5 ? 55 : 70) ? c.rng.int(Math.floor(flat * 0.35), flat - 3e4) : c.rng.int(flat + 7e4, flat * 5);
  return { label: `Facture des pompes fun\xE8bres ${familyName(c.rng)}`, cents };
}
function cgiEstate(rng, level2) {
  const family = rng.weighted([["couple", 45], ["parent", 30], ["childless", 25]]);
  const special = family === "parent" ? rng.weighted([["minor", 30], ["protected", 25], ["disabled", 20], ["none", 25]]) : "none";
  const c = start2(rng, level2, family, family === "couple" ? [64, 95] : family === "parent" ? special === "minor" ? [42, 62] : [58, 96] : [56, 95]);
  if (family === "couple") familyCouple(c);
  else if (family === "parent") familyParent(c, special);
  else familyChildless(c);
  for (const x of c.b.beneficiaries) if (x.relationship === "sibling" && siblingExempt(c, x)) c.exempt.add(x.id);
  priorGifts(c);
  const gifts = c.b.sortedPriorGifts();
  const left = deeds(c, gifts);
  contracts(c);
  const taxedShares = c.residue.filter((s2) => !c.exempt.has(s2.beneficiary));
  let R = 0;
  if (taxedShares.length > 0) {
    const withGift = taxedShares.find((s2) => gifts.some((g) => g.beneficiary === s2.beneficiary && !g.cash790G));
    const ref = withGift ?? largest(taxedShares);
    R = residueFor(left.get(ref.beneficiary) + target(rng, 2e3, c.facts.hasDescendants ? 6e5 : 3e5), ref);
    const others = taxedShares.filter((s2) => s2 !== ref);
    if (others.length > 0 && rng.chance(65)) {
      const o = largest(others);
      R = Math.max(R, residueFor(left.get(o.beneficiary) + target(rng, 1e3, 3e5), o));
    }
  }
  R += rng.int(0, 99);
  c.bequests = c.legatees.map((l) => ({ beneficiary: l.id, cents: bequestFor2(c, l) }));
  const bequestTotal = c.bequests.reduce((s2, q) => s2 + q.cents, 0);
  const net = R + bequestTotal;
  const debts = debtsOf(rng, net);
  const funeral = funeralOf2(c);
  const base = net + debts.reduce((s2, d2) => s2 + d2.cents, 0) + c.law.funeralDeduction * 100;
  let home = null;
  if (c.facts.mainResidence) {
    home = Math.max(MIN_BUILDING + 2e6, roundEuros(Math.floor(base * rng.int(30, 60) / 100), 1e3));
    if (home >= base - 5e5) {
      home = null;
      c.facts.mainResidence = null;
    }
  }
  const listed = base + (home === null ? 0 : Math.ceil(home * c.law.mainResidence.reductionPercent / 100));
  const f = level2 === 5 ? rng.weighted([["flat", 60], ["inventory", 18], ["sale", 5], ["none", 17]]) : rng.weighted([["inventory", 45], ["sale", 10], ["none", 45]]);
  if (f === "flat") c.facts.furniture = { valuation: "flat" };
  else if (f !== "none") c.facts.furniture = { valuation: f, cents: roundEuros(Math.min(Math.floor(listed * rng.int(2, 8) / 100), rng.int(1500, 4e4) * 100), 10) };
  const assets = assetsOf(c, listed, home);
  return {
    kind: "estate",
    date: c.b.act,
    subject: c.subject,
    beneficiaries: c.b.beneficiaries,
    priorGifts: gifts,
    parents: c.b.parents,
    situation: c.situation,
    predeceased: c.representation ? [c.representation.dead] : [],
    assets,
    debts,
    funeral,
    bequests: c.bequests,
    residue: c.residue,
    spouseUsufruct: null,
    cgi: c.facts
  };
}

// src/cgi-gifts.ts
import { ageOn as ageOn6, compareDates as compareDates7, withinYearsBefore as withinYearsBefore4 } from "@succ/engine";
import { usufructPercent as usufructPercent3 } from "@succ/rules";
var WHOLE2 = { num: 1, den: 1 };
function cgiGift(rng, level2) {
  const act = cgiActDate(rng, level2, "gift");
  const law = lawOfDay(act);
  const g790 = law.cashGift790G;
  const b = new Builder(rng, act, familyName(rng));
  const childless = rng.chance(25);
  const donorAge = childless ? rng.int(58, g790.donorAgeBelow - 1) : rng.chance(8) ? rng.int(g790.donorAgeBelow, 88) : rng.int(55, g790.donorAgeBelow - 1);
  const subject = b.subject(donorAge);
  const facts = emptyFacts(!childless);
  let n2 = rng.weighted([[1, 25], [2, 45], [3, 30]]);
  let people;
  if (childless) {
    people = [];
    for (let i = 0; i < n2; i++) {
      const last = rng.chance(50) ? b.family : b.otherFamily();
      const age = rng.chance(8) ? rng.int(12, 17) : rng.int(19, Math.max(20, Math.min(55, donorAge - 18)));
      people.push(b.add(b.person(last), "nephew", birthForAge(rng, act, age), rng.chance(5)));
    }
  } else {
    const grandparent = donorAge >= 64 && rng.chance(level2 === 5 ? 10 : 25);
    if (grandparent) n2 = Math.max(2, n2);
    people = addDonees(b, subject, grandparent, n2, 8, 6);
  }
  const recallFrom = addDays(addYears(act, -law.recallYears), 1);
  const canHaveGifts = (x) => !(level2 === 6 && x.disabled);
  const kids = people.filter((x) => x.relationship === "child" && canHaveGifts(x));
  let early = null;
  if (kids.length > 0 && rng.chance(95)) {
    const x = early = rng.pick(kids);
    const from = maxDate(maxDate(FIRST_PRIOR_GIFT, recallFrom), addDays(addYears(x.birth, 1), 1));
    b.prior(x, dateIn(rng, from, addDays(DEED_FIGURES_BEFORE, -1)), roundish(rng, rng.int(105e3, 17e4) * 100));
  }
  const gifted = people.filter(canHaveGifts);
  const later = gifted.filter((x) => x !== early);
  if (later.length > 0 && rng.chance(30)) {
    const x = rng.pick(later);
    b.prior(x, dateIn(rng, maxDate(maxDate(DEED_FIGURES_BEFORE, recallFrom), addDays(addYears(x.birth, 1), 1)), addDays(act, -45)), roundish(rng, rng.spread(5e3, 12e4) * 100));
  }
  if (gifted.length > 0 && rng.chance(25)) {
    const x = rng.pick(gifted);
    const from = maxDate(maxDate(DEED_FIGURES_BEFORE, addDays(addYears(act, -g790.renewalYears), 1)), addYears(x.birth, g790.doneeMinimumAge + 1));
    const to = minDate2(addYears(subject.birth, g790.donorAgeBelow - 1), addDays(act, -45));
    b.prior(x, dateIn(rng, from, to), roundish(rng, rng.spread(3e3, g790.ceiling - 5e3) * 100), true);
  }
  const gifts = b.sortedPriorGifts();
  const done = /* @__PURE__ */ new Map();
  for (const p of gifts) {
    if (p.cash790G) continue;
    const x = people.find((y) => y.id === p.beneficiary);
    done.set(p, deedOf(p, done, x.relationship, x.disabled));
  }
  for (const [p, d2] of done) facts.deeds.set(p, d2);
  const donees = people.map((x) => {
    let u = 0;
    let v = 0;
    for (const [p, d2] of done) {
      if (p.beneficiary === x.id && withinYearsBefore4(p.date, act, law.recallYears)) {
        u += d2.allowanceUsed;
        v += d2.disabilityAllowanceUsed;
      }
    }
    const own = giftAllowanceCents(law, x.relationship, false);
    const disability = x.disabled ? law.allowances.disability * 100 : 0;
    return { b: x, remaining: Math.max(0, own - u) + Math.max(0, disability - v), exempt: 0, cash: 0 };
  });
  const items = [];
  const adult = (x) => ageOn6(x.birth, act) >= g790.doneeMinimumAge;
  const covered790G = (x) => (childless ? [...g790.donees, ...g790.doneesWithoutDescendants] : g790.donees).includes(x.relationship);
  const h = law.housingGift790ABis;
  if (level2 === 5 && h.ceiling !== null && rng.chance(90)) {
    const named = (x) => (childless ? [...h.donees, ...h.doneesWithoutDescendants] : h.donees).includes(x.relationship);
    const pool = donees.filter((d2) => named(d2.b));
    for (const d2 of rng.sample(pool, Math.min(pool.length, rng.weighted([[1, 70], [2, 30]])))) {
      const cents = Math.min(h.ceiling * 100, roundish(rng, rng.int(Math.min(h.ceiling, g790.ceiling + 8e3), h.ceiling) * 100));
      const item = { label: `Somme d'argent remise \xE0 ${d2.b.id} pour ${rng.pick(["l'acquisition d'un logement neuf", "l'achat d'un appartement en l'\xE9tat futur d'ach\xE8vement", "des travaux de r\xE9novation \xE9nerg\xE9tique de sa r\xE9sidence principale"])}`, cents, cash: true, reservedUsufruct: false, to: [{ beneficiary: d2.b.id, ...WHOLE2 }] };
      items.push(item);
      facts.housing.add(item);
      d2.cash += cents;
      d2.exempt += cents;
    }
  }
  for (const d2 of donees) {
    if (!(childless ? adult(d2.b) || rng.chance(50) : rng.chance(60))) continue;
    const cents = roundish(rng, rng.spread(3e3, 8e4) * 100);
    items.push({ label: cashLabel(rng, d2.b.id), cents, cash: true, reservedUsufruct: false, to: [{ beneficiary: d2.b.id, ...WHOLE2 }] });
    let priorUsed = 0;
    for (const p of gifts) if (p.cash790G && p.beneficiary === d2.b.id && withinYearsBefore4(p.date, act, g790.renewalYears)) priorUsed += p.cents;
    const eligible = covered790G(d2.b) && donorAge < g790.donorAgeBelow && adult(d2.b);
    d2.cash += cents;
    if (eligible) d2.exempt += Math.min(cents, Math.max(0, g790.ceiling * 100 - priorUsed));
  }
  const bareOwnership = rng.chance(60);
  const bare = bareOwnership ? 100 - usufructPercent3(law.usufruct669, donorAge) : 100;
  const fractions = rng.chance(70) || n2 === 1 ? people.map(() => reduce(1, n2)) : rng.sample(n2 === 2 ? [{ num: 2, den: 3 }, { num: 1, den: 3 }] : [{ num: 1, den: 2 }, { num: 1, den: 4 }, { num: 1, den: 4 }], n2);
  const main = {
    label: bareOwnership ? realEstateLabel(rng) : giftAssetLabel(rng, false),
    cents: 0,
    cash: false,
    reservedUsufruct: bareOwnership,
    to: people.map((x, i) => ({ beneficiary: x.id, ...fractions[i] }))
  };
  let V = roundEuros(rng.spread(6e4, 7e5) * 100, 1e3);
  donees.forEach((d2, i) => {
    const f = fractions[i];
    const need = d2.remaining + rng.spread(1e3, 25e4) * 100 - (d2.cash - d2.exempt);
    if (need > 0) V = Math.max(V, Math.ceil(need * f.den * 100 / (f.num * bare) / 1e5) * 1e5);
  });
  main.cents = V;
  items.push(main);
  return { kind: "gift", date: act, subject, beneficiaries: b.beneficiaries, priorGifts: gifts, parents: b.parents, gifts: rng.sample(items, items.length), cgi: facts };
}
function minDate2(a, b) {
  return compareDates7(a, b) <= 0 ? a : b;
}

// src/decisions.ts
import { compareDates as compareDates8, formatDate as formatDate4, withinYearsBefore as withinYearsBefore5 } from "@succ/engine";
var DECISION_FR = {
  housingNotRecalled: "La part exon\xE9r\xE9e d'un don pour le logement (art. 790 A bis) n'est pas rappel\xE9e (comme un don exon\xE9r\xE9 au titre de l'art. 790 G).",
  allowance757BAmongTaxed: "L'abattement global de l'art. 757 B se r\xE9partit entre les seuls b\xE9n\xE9ficiaires soumis aux droits, au prorata de leur part des primes taxables : les b\xE9n\xE9ficiaires exon\xE9r\xE9s n'en prennent aucune part.",
  smallEstate757B: "L'exon\xE9ration des petites successions (art. 796-0 et 800 I) couvre aussi la part taxable au titre de l'art. 757 B des b\xE9n\xE9ficiaires qu'elle exon\xE8re.",
  furnitureAfterResidence: "Le minimum de l'art. 764 I pour les meubles meublants se calcule sur la valeur des autres biens apr\xE8s l'abattement de l'art. 764 bis sur la r\xE9sidence principale.",
  replayDisabilityLast: "Lorsqu'un acte ant\xE9rieur n'indique pas les abattements utilis\xE9s, l'abattement des personnes handicap\xE9es est r\xE9put\xE9 utilis\xE9 apr\xE8s l'abattement personnel.",
  smallEstateUnregistered: "En de\xE7\xE0 du second seuil de l'art. 800 I, tous les b\xE9n\xE9ficiaires sont exon\xE9r\xE9s, m\xEAme un h\xE9ritier en ligne directe qui a re\xE7u un don non enregistr\xE9.",
  siblingBirthday: "Un fr\xE8re ou une s\u0153ur dont le cinquanti\xE8me anniversaire tombe le jour du d\xE9c\xE8s n'est pas \xAB \xE2g\xE9 de plus de cinquante ans \xBB.",
  housingOutOfScope: "Une somme donn\xE9e pour le logement hors de la p\xE9riode de l'art. 790 A bis, ou \xE0 un donataire qu'il ne vise pas, est une somme d'argent ordinaire.",
  housingBefore790G: "Une somme donn\xE9e pour le logement s'impute d'abord sur l'exon\xE9ration de l'art. 790 A bis ; celle de l'art. 790 G ne porte que sur les autres sommes d'argent (et sur ce qui d\xE9passerait le plafond de l'art. 790 A bis)."
};
function decisionsOf(r) {
  const d2 = r.dossier;
  const law = r.law;
  const out = /* @__PURE__ */ new Set();
  const byId = new Map(r.beneficiaries.map((b) => [b.id, b]));
  for (const g of d2.priorGifts) {
    const b = d2.beneficiaries.find((x) => x.id === g.beneficiary);
    const recalled = byId.get(b.id).recall.recalled.some((x) => x.gift === g);
    if (g.housing790ABis && withinYearsBefore5(g.date, d2.date, law.recallYears)) out.add("housingNotRecalled");
    if (!g.cash790G && g.allowanceUsed === null && b.disabled && recalled) out.add("replayDisabilityLast");
  }
  if (r.kind === "estate") {
    const e = r.estate;
    const premiums = r.beneficiaries.filter((b) => b.lifeInsurance !== null && b.lifeInsurance.premiums757B.n > 0n);
    if (premiums.some((b) => b.lifeInsurance.exempt757B && b.exemption?.reason !== "smallEstate") && premiums.some((b) => !b.lifeInsurance.exempt757B)) out.add("allowance757BAmongTaxed");
    if (e.smallEstate !== null && premiums.some((b) => b.exemption?.reason === "smallEstate")) out.add("smallEstate757B");
    if (e.grossEstate.furniture?.valuation === "flat" && e.grossEstate.mainResidence !== null && e.grossEstate.mainResidence.reductionPercent > 0) out.add("furnitureAfterResidence");
    if (e.smallEstate === "everyone" && d2.priorGifts.some((g) => !g.registered)) out.add("smallEstateUnregistered");
    for (const b of d2.beneficiaries) {
      if (b.relationship === "sibling" && b.birthDate.m === d2.date.m && b.birthDate.d === d2.date.d && d2.date.y - b.birthDate.y === law.exemptions.sibling.olderThan) out.add("siblingBirthday");
    }
  } else {
    for (const g of r.dossier.gifts) {
      if (!g.housing790ABis) continue;
      const inScope = (b) => {
        const h = law.housingGift790ABis;
        if (h.ceiling === null) return false;
        const rel = d2.beneficiaries.find((x) => x.id === b).relationship;
        return (d2.person.hasDescendants ? h.donees : [...h.donees, ...h.doneesWithoutDescendants]).includes(rel);
      };
      for (const t3 of g.to) {
        if (!inScope(t3.beneficiary)) out.add("housingOutOfScope");
        const res = byId.get(t3.beneficiary);
        if (res.exemption790G !== null && res.exemption790G.eligible && res.housing790ABis !== null && res.housing790ABis.amount.n > 0n) out.add("housingBefore790G");
      }
    }
  }
  return Object.keys(DECISION_FR).filter((k) => out.has(k));
}
function unconfirmedOf(r) {
  const d2 = r.dossier;
  const out = [];
  const law = r.law;
  const boundary = { y: d2.date.y - law.recallYears, m: d2.date.m, d: d2.date.d };
  const ageAt = (birth) => d2.date.y - birth.y - (compareDates8({ y: d2.date.y, m: birth.m, d: birth.d }, d2.date) > 0 ? 1 : 0);
  if (d2.priorGifts.some((g) => compareDates8(g.date, boundary) === 0)) out.push("recall boundary");
  for (const b of d2.beneficiaries) {
    const mine = d2.priorGifts.filter((g) => g.beneficiary === b.id).sort((x, y) => compareDates8(x.date, y.date));
    if (mine.some((g, i) => i > 0 && formatDate4(g.date) < "2012-08-17")) out.push("early gift not first");
    if (mine.filter((g) => g.cash790G).length > 1) out.push("790 G window");
    if (mine.length > 0 && b.disabled) out.push("prior gift to a disabled beneficiary");
    if (b.relationship === "sibling" && ageAt(b.birthDate) === law.exemptions.sibling.olderThan) out.push("sibling aged 50");
  }
  if (d2.priorGifts.some((g) => g.housing790ABis)) out.push("housing gift");
  if (r.kind === "estate") {
    if (d2.kind === "estate" && d2.furniture?.valuation === "flat") out.push("flat furniture");
    const life = r.beneficiaries.filter((b) => b.lifeInsurance !== null);
    if (life.some((b) => b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.n > 0n)) out.push("990 I exemption");
    if (life.filter((b) => b.lifeInsurance.premiums757B.n > 0n).length > 1) out.push("757 B sharing");
  } else if (d2.kind === "gift" && d2.gifts.some((g) => g.housing790ABis)) out.push("housing gift");
  return out;
}

// src/notary-prompt.ts
import { ageOn as ageOn7 } from "@succ/engine";

// src/articles-text.ts
import { LAW_SERIES, RELATIONSHIP_FR } from "@succ/rules";
function rateFr(percent2) {
  return `${String(percent2).replace(".", ",")} %`;
}
function bandsFr(bands, unit = "") {
  const parts = [];
  let lower = 0;
  for (const b of bands) {
    if (b.upTo === null) parts.push(lower === 0 ? `${rateFr(b.ratePercent)} sur toute la part taxable${unit}` : `${rateFr(b.ratePercent)} au-del\xE0 de ${euros(lower)}`);
    else parts.push(lower === 0 ? `${rateFr(b.ratePercent)} jusqu'\xE0 ${euros(b.upTo)}${unit}` : `${rateFr(b.ratePercent)} de ${euros(lower)} \xE0 ${euros(b.upTo)}`);
    if (b.upTo !== null) lower = b.upTo;
  }
  return parts.join(" ; ");
}
function allowance(law, kind, rel) {
  return law.allowances.personal[kind][rel] ?? 0;
}
function art777(law, kind) {
  const s2 = law.scales;
  const lines = [
    `- **Art. 777 (bar\xE8mes).** Chaque tranche du bar\xE8me est tax\xE9e \xE0 son taux sur la partie de la part taxable qui s'y trouve ; les montants des tranches s'additionnent.`,
    `  - Tableau I, ligne directe (enfants, petits-enfants, arri\xE8re-petits-enfants) : ${bandsFr(s2.directLine)}.`
  ];
  if (kind === "gift") lines.push(`  - Tableau II, entre \xE9poux et entre partenaires li\xE9s par un PACS : ${bandsFr(s2.spouse)}.`);
  lines.push(
    `  - Tableau III : entre fr\xE8res et s\u0153urs, ${bandsFr(s2.sibling)} ; entre parents jusqu'au 4e degr\xE9 inclusivement (neveux et ni\xE8ces), ${bandsFr(s2.nephew)} ; entre parents au-del\xE0 du 4e degr\xE9 et entre personnes non parentes, ${bandsFr(s2.unrelated)}.`
  );
  return lines.join("\n");
}
function art779(law, kind) {
  const a = law.allowances;
  const child = allowance(law, kind, "child");
  const lines = [
    kind === "estate" ? `- **Art. 779 (abattements).** I. Un abattement de ${euros(child)} s'applique sur la part de chacun des enfants vivants ou repr\xE9sent\xE9s par suite de pr\xE9d\xE9c\xE8s ; entre les repr\xE9sentants d'un enfant pr\xE9d\xE9c\xE9d\xE9, cet abattement se divise d'apr\xE8s les r\xE8gles de la d\xE9volution l\xE9gale (\xE0 parts \xE9gales entre les enfants de l'enfant pr\xE9d\xE9c\xE9d\xE9).` : `- **Art. 779, 790 B, 790 D, 790 E et 790 F (abattements).** Un abattement s'applique sur la part de chaque donataire : ${euros(child)} pour chaque enfant (art. 779 I), ${euros(allowance(law, kind, "grandchild"))} pour chaque petit-enfant (art. 790 B), ${euros(allowance(law, kind, "greatgrandchild"))} pour chaque arri\xE8re-petit-enfant (art. 790 D), ${euros(allowance(law, kind, "spouse"))} pour le conjoint (art. 790 E) et pour le partenaire li\xE9 par un PACS (art. 790 F), ${euros(allowance(law, kind, "sibling"))} pour chaque fr\xE8re ou s\u0153ur (art. 779 IV), ${euros(allowance(law, kind, "nephew"))} pour chaque neveu ou ni\xE8ce (art. 779 V). Entre personnes non parentes, aucun abattement.`,
    `  II. Un abattement de ${euros(a.disability)} s'applique sur la part de tout h\xE9ritier, l\xE9gataire ou donataire incapable de travailler dans des conditions normales de rentabilit\xE9 en raison d'une infirmit\xE9 physique ou mentale, cong\xE9nitale ou acquise ; il s'ajoute aux autres abattements.`
  ];
  if (kind === "estate") {
    lines.push(
      `  IV. Un abattement de ${euros(allowance(law, kind, "sibling"))} s'applique sur la part de chacun des fr\xE8res ou s\u0153urs, lorsque l'exon\xE9ration de l'art. 796-0 ter ne s'applique pas. V. Un abattement de ${euros(allowance(law, kind, "nephew"))} s'applique sur la part de chacun des neveux et ni\xE8ces.`,
      `- **Art. 788 IV (abattement \xE0 d\xE9faut d'autre abattement).** \xC0 d\xE9faut d'autre abattement, un abattement de ${euros(a.default)} est op\xE9r\xE9 sur chaque part successorale.`
    );
  }
  return lines.join("\n");
}
function art784(law, kind) {
  const who = kind === "estate" ? "le d\xE9funt" : "le donateur";
  const to = kind === "estate" ? "au m\xEAme h\xE9ritier ou l\xE9gataire" : "au m\xEAme donataire";
  const what = kind === "estate" ? "la succession" : "la donation";
  return `- **Art. 784 (rappel fiscal des donations ant\xE9rieures).** Les donations ant\xE9rieures consenties par ${who} ${to} depuis moins de ${law.recallYears} ans (une donation pass\xE9e exactement ${law.recallYears} ans avant, au m\xEAme jour et au m\xEAme mois, ne l'est plus) sont rappel\xE9es : les abattements des art. 779, 790 B, 790 D, 790 E et 790 F ne s'appliquent \xE0 ${what} que sous d\xE9duction des abattements effectivement utilis\xE9s par ces donations, tels que leurs actes les indiquent (l'abattement de l'art. 788 IV n'est jamais r\xE9duit) ; et, pour le bar\xE8me, les biens transmis sont consid\xE9r\xE9s comme compris dans les tranches les plus \xE9lev\xE9es, au-dessus de la part d\xE9j\xE0 tax\xE9e des donations rappel\xE9es (leur valeur diminu\xE9e des abattements qu'elles ont utilis\xE9s). Les dons familiaux de sommes d'argent exon\xE9r\xE9s au titre de l'art. 790 G ne sont pas rappel\xE9s (art. 790 G III).`;
}
function art790G(law) {
  const g = law.cashGift790G;
  const rel = (list) => listFr(list.map((r) => RELATIONSHIP_FR[r]));
  return `- **Art. 790 G (dons familiaux de sommes d'argent).** Les dons de sommes d'argent consentis en pleine propri\xE9t\xE9 \xE0 un ${rel(g.donees).replaceAll(" et ", " ou ")} ou, \xE0 d\xE9faut d'une telle descendance, \xE0 un ${rel(g.doneesWithoutDescendants)}, sont exon\xE9r\xE9s dans la limite de ${euros(g.ceiling)} tous les ${g.renewalYears} ans par donateur et par donataire (plafond diminu\xE9 des dons ainsi exon\xE9r\xE9s du m\xEAme donateur au m\xEAme donataire dans les ${g.renewalYears} ann\xE9es pr\xE9c\xE9dant le don), \xE0 la double condition que le donateur ait moins de ${g.donorAgeBelow} ans au jour du don et que le donataire ait au moins ${g.doneeMinimumAge} ans (ou soit \xE9mancip\xE9). Cette exon\xE9ration se cumule avec les abattements ; les autres biens n'en b\xE9n\xE9ficient jamais.`;
}
function art790ABis(law) {
  const h = law.housingGift790ABis;
  const window = LAW_SERIES.housingGift790ABis.ceiling.periods[0];
  const day = (d2) => {
    const [y, m, dd] = d2.split("-").map(Number);
    return dateFr({ y, m, d: dd });
  };
  if (h.ceiling === null) return `- **Art. 790 A bis (dons pour le logement).** Ce r\xE9gime ne s'applique pas aux dons consentis \xE0 la date de l'acte.`;
  const rel = (list) => listFr(list.map((r) => RELATIONSHIP_FR[r])).replaceAll(" et ", " ou ");
  return `- **Art. 790 A bis (dons pour le logement).** Les dons de sommes d'argent consentis en pleine propri\xE9t\xE9 du ${day(window.from)} au ${day(window.to)} \xE0 un ${rel(h.donees)} ou, \xE0 d\xE9faut d'une telle descendance, \xE0 un ${rel(h.doneesWithoutDescendants)}, sont exon\xE9r\xE9s dans la limite de ${euros(h.ceiling)} par donateur et par donataire (et de ${euros(h.ceilingPerDonee)} par donataire, tous donateurs confondus), lorsque le donataire les affecte, au plus tard le dernier jour du sixi\xE8me mois suivant le versement, \xE0 l'acquisition d'un logement neuf ou en l'\xE9tat futur d'ach\xE8vement, ou \xE0 des travaux de r\xE9novation \xE9nerg\xE9tique de sa r\xE9sidence principale. Aucune condition d'\xE2ge ne s'applique. Cette exon\xE9ration se cumule avec les abattements et avec l'art. 790 G.`;
}
function art669(law) {
  const rows = [];
  let lower = 0;
  for (const r of law.usufruct669) {
    const who = r.maxAge === null ? `${lower} ans r\xE9volus et plus` : lower === 0 ? `moins de ${r.maxAge + 1} ans r\xE9volus` : `de ${lower} \xE0 ${r.maxAge} ans r\xE9volus`;
    rows.push(`${who} : usufruit ${rateFr(r.usufructPercent)}, nue-propri\xE9t\xE9 ${rateFr(100 - r.usufructPercent)}`);
    if (r.maxAge !== null) lower = r.maxAge + 1;
  }
  return `- **Art. 669 (usufruit et nue-propri\xE9t\xE9).** La valeur de la nue-propri\xE9t\xE9 et de l'usufruit est une fraction de la valeur de la pleine propri\xE9t\xE9, selon l'\xE2ge de l'usufruitier au jour de la transmission : ${rows.join(" ; ")}.`;
}
function estateArticles(law) {
  const li = law.lifeInsurance;
  const ex = law.exemptions;
  const m = law.mainResidence;
  const small = ex.smallEstate;
  const levyExempt = listFr(li.exempt990I.map((r) => r === "spouse" ? "le conjoint survivant" : r === "pacs" ? "le partenaire li\xE9 au d\xE9funt par un PACS" : RELATIONSHIP_FR[r]));
  return [
    `- **Art. 775 (frais fun\xE9raires).** Les frais fun\xE9raires sont d\xE9duits de l'actif de la succession pour un montant forfaitaire de ${euros(law.funeralDeduction)}, sans justification, et pour la totalit\xE9 de l'actif si celui-ci est inf\xE9rieur \xE0 ce montant.`,
    `- **Art. 764 I (meubles meublants).** La valeur des meubles meublants est celle du prix de leur vente publique dans les deux ann\xE9es du d\xE9c\xE8s ; \xE0 d\xE9faut, celle de l'estimation de l'inventaire dress\xE9 dans les cinq ann\xE9es du d\xE9c\xE8s ; \xE0 d\xE9faut, celle de la d\xE9claration estimative des parties, sans pouvoir \xEAtre inf\xE9rieure \xE0 ${rateFr(law.furnitureFlatRate)} de l'ensemble des autres biens de la succession.`,
    `- **Art. 764 bis (r\xE9sidence principale).** La valeur v\xE9nale de l'immeuble qui constitue au jour du d\xE9c\xE8s la r\xE9sidence principale du d\xE9funt est r\xE9duite de ${rateFr(m.reductionPercent)} lorsque, \xE0 la m\xEAme date, cet immeuble est \xE9galement occup\xE9 \xE0 titre de r\xE9sidence principale par le conjoint survivant, par le partenaire li\xE9 au d\xE9funt par un PACS, ou par un ou plusieurs enfants mineurs (moins de ${m.minorBelow} ans) ou majeurs prot\xE9g\xE9s du d\xE9funt, de son conjoint ou de son partenaire, ou par un de leurs enfants majeurs incapables de travailler dans des conditions normales de rentabilit\xE9 en raison d'une infirmit\xE9 (au sens de l'art. 779 II).`,
    art779(law, "estate"),
    `- **Art. 796-0 bis.** Le conjoint survivant et le partenaire li\xE9 au d\xE9funt par un PACS sont exon\xE9r\xE9s de droits de mutation par d\xE9c\xE8s.`,
    `- **Art. 796-0 ter.** Est exon\xE9r\xE9e de droits de mutation par d\xE9c\xE8s la part de chaque fr\xE8re ou s\u0153ur, c\xE9libataire, veuf, divorc\xE9 ou s\xE9par\xE9 de corps, \xE0 la double condition qu'il soit, au d\xE9c\xE8s, \xE2g\xE9 de plus de ${ex.sibling.olderThan} ans ou atteint d'une infirmit\xE9 le mettant dans l'impossibilit\xE9 de subvenir par son travail aux n\xE9cessit\xE9s de l'existence, et qu'il ait \xE9t\xE9 constamment domicili\xE9 avec le d\xE9funt pendant les ${ex.sibling.cohabitationYears} ann\xE9es ayant pr\xE9c\xE9d\xE9 le d\xE9c\xE8s.`,
    `- **Art. 796-0 et 800 I (petites successions).** Sont dispens\xE9s de d\xE9claration, et d\xE8s lors exon\xE9r\xE9s de droits de mutation par d\xE9c\xE8s : les h\xE9ritiers en ligne directe, le conjoint survivant et le partenaire de PACS lorsque l'actif brut successoral est inf\xE9rieur \xE0 ${euros(small.directLineBelow)}, pourvu qu'ils n'aient pas re\xE7u du d\xE9funt une donation ou un don manuel non enregistr\xE9 ou non d\xE9clar\xE9 ; tous les h\xE9ritiers et l\xE9gataires lorsqu'il est inf\xE9rieur \xE0 ${euros(small.everyoneBelow)}. L'actif brut successoral est la valeur des biens de la succession retenue pour l'imp\xF4t (r\xE9sidence principale apr\xE8s l'abattement de l'art. 764 bis, meubles meublants compris), avant d\xE9duction des dettes et des frais fun\xE9raires ; les capitaux d'assurance-vie n'en font pas partie.`,
    art784(law, "estate"),
    `- **Art. 757 B (primes vers\xE9es apr\xE8s ${li.insuredAgeLimit} ans).** Les sommes dues par un assureur \xE0 raison du d\xE9c\xE8s de l'assur\xE9, au titre des primes vers\xE9es apr\xE8s son ${li.insuredAgeLimit}e anniversaire, sont soumises aux droits de mutation par d\xE9c\xE8s suivant le lien de parent\xE9 entre le b\xE9n\xE9ficiaire et l'assur\xE9, \xE0 concurrence de la fraction des primes qui exc\xE8de ${euros(li.allowance757B)} ; cette limite s'appr\xE9cie sur l'ensemble des contrats et des b\xE9n\xE9ficiaires, et se r\xE9partit entre les b\xE9n\xE9ficiaires au prorata de la part leur revenant dans les primes taxables. Lorsque les sommes dues sont inf\xE9rieures aux primes, l'assiette est limit\xE9e \xE0 ces sommes. La part taxable de chaque b\xE9n\xE9ficiaire s'ajoute \xE0 ce qu'il re\xE7oit de la succession et supporte avec lui les abattements, le rappel et le bar\xE8me. Les b\xE9n\xE9ficiaires exon\xE9r\xE9s de droits de mutation par d\xE9c\xE8s (art. 796-0 bis et 796-0 ter) ne les supportent pas. Les contrats souscrits avant le ${dateFr(dayOf(li.contractsFrom))} rel\xE8vent d'autres r\xE9gimes.`,
    `- **Art. 990 I (pr\xE9l\xE8vement sur les capitaux d\xE9c\xE8s).** Les sommes dues par un assureur \xE0 raison du d\xE9c\xE8s de l'assur\xE9, au titre des primes vers\xE9es avant son ${li.insuredAgeLimit}e anniversaire, sont soumises, pour chaque b\xE9n\xE9ficiaire et tous contrats confondus, \xE0 un pr\xE9l\xE8vement sur leur montant diminu\xE9 d'un abattement de ${euros(li.allowance990I)} : ${bandsFr(li.scale990I, " de part taxable")}. En sont exon\xE9r\xE9s ${levyExempt}, ainsi que le fr\xE8re ou la s\u0153ur exon\xE9r\xE9 au titre de l'art. 796-0 ter. Ces sommes n'entrent pas dans la succession et ne supportent pas les droits de succession ; le pr\xE9l\xE8vement est arrondi une seule fois \xE0 l'euro le plus proche.`,
    art777(law, "estate")
  ];
}
function giftArticles(law) {
  return [art779(law, "gift"), art790G(law), art790ABis(law), art784(law, "gift"), art669(law), art777(law, "gift")];
}
function dayOf(text) {
  const [y, m, d2] = text.split("-").map(Number);
  return { y, m, d: d2 };
}
var cache = /* @__PURE__ */ new WeakMap();
function articlesSection(law, kind) {
  let byKind = cache.get(law);
  if (!byKind) cache.set(law, byKind = /* @__PURE__ */ new Map());
  const hit = byKind.get(kind);
  if (hit !== void 0) return hit;
  const event = kind === "estate" ? "du d\xE9c\xE8s" : "de la donation";
  const text = [
    `## Droit applicable (Code g\xE9n\xE9ral des imp\xF4ts, articles reformul\xE9s, montants en vigueur au jour ${event})`,
    "",
    `Appliquez ces articles ; ils pr\xE9valent sur toute autre connaissance. Les \xE2ges s'entendent en ann\xE9es r\xE9volues au jour ${event}.`,
    "",
    ...kind === "estate" ? estateArticles(law) : giftArticles(law)
  ].join("\n");
  byKind.set(kind, text);
  return text;
}

// src/notary-prompt.ts
function table(head, rows) {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}
function relationCell(b, subjectFemale) {
  const rel = relationshipFr(b.relationship, b.person.female);
  if (!b.represents) return rel;
  const dead = b.represents.person;
  return `${rel}, venant par repr\xE9sentation de ${gendered(dead.female, "son p\xE8re", "sa m\xE8re")} ${nameOf(dead)}, ${gendered(dead.female, "fils pr\xE9d\xE9c\xE9d\xE9", "fille pr\xE9d\xE9c\xE9d\xE9e")} ${gendered(subjectFemale, "du d\xE9funt", "de la d\xE9funte")}`;
}
var STATUS_FR = {
  single: ["c\xE9libataire", "c\xE9libataire"],
  married: ["mari\xE9", "mari\xE9e"],
  pacs: ["li\xE9 par un PACS", "li\xE9e par un PACS"],
  widowed: ["veuf", "veuve"],
  divorced: ["divorc\xE9", "divorc\xE9e"],
  separated: ["s\xE9par\xE9 de corps", "s\xE9par\xE9e de corps"]
};
function civilCell(d2, b) {
  const f = b.person.female;
  const c = d2.cgi.civil.get(b.id);
  const subjectF = d2.subject.female;
  const facts = [];
  const minor = ageOn7(b.birth, d2.date) < 18;
  if (minor) facts.push(gendered(f, "mineur non \xE9mancip\xE9", "mineure non \xE9mancip\xE9e"));
  else if (d2.kind === "estate" && c?.maritalStatus) {
    if (b.relationship === "spouse") facts.push(`${gendered(f, "mari\xE9", "mari\xE9e")} ${gendered(subjectF, "au d\xE9funt", "\xE0 la d\xE9funte")}`);
    else if (b.relationship === "pacs") facts.push(`${gendered(f, "li\xE9", "li\xE9e")} ${gendered(subjectF, "au d\xE9funt", "\xE0 la d\xE9funte")} par un PACS`);
    else facts.push(gendered(f, ...STATUS_FR[c.maritalStatus]));
  } else facts.push(gendered(f, "majeur", "majeure"));
  if (b.disabled) facts.push(`${gendered(f, "atteint", "atteinte")} d'une infirmit\xE9 qui ${gendered(f, "le", "la")} rend incapable de travailler dans des conditions normales de rentabilit\xE9`);
  if (c?.protectedAdult) facts.push(`${gendered(f, "majeur prot\xE9g\xE9", "majeure prot\xE9g\xE9e")} (tutelle)`);
  if (d2.kind === "estate" && b.relationship === "sibling") {
    facts.push(c?.livesWithSince ? `${gendered(f, "domicili\xE9", "domicili\xE9e")} avec ${gendered(subjectF, "le d\xE9funt", "la d\xE9funte")} depuis le ${dateFr(c.livesWithSince)}` : `domicile distinct de celui ${gendered(subjectF, "du d\xE9funt", "de la d\xE9funte")}`);
  }
  return facts.join(" ; ");
}
function beneficiaryTable(d2) {
  const f = d2.subject.female;
  const link = d2.kind === "estate" ? `Lien avec ${gendered(f, "le d\xE9funt", "la d\xE9funte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = d2.beneficiaries.map((b) => [b.id, nameOf(b.person), relationCell(b, f), dateFr(b.birth), civilCell(d2, b)]);
  return table(["ID", "Nom", link, "Date de naissance", "\xC9tat civil et situation"], rows);
}
function priorGiftsSection(d2) {
  const f = d2.subject.female;
  const who = d2.kind === "estate" ? gendered(f, "le d\xE9funt", "la d\xE9funte") : gendered(f, "le donateur", "la donatrice");
  const title = `## Donations ant\xE9rieures consenties par ${who} (copies des actes)`;
  if (d2.priorGifts.length === 0) return `${title}

Aucune donation ant\xE9rieure.`;
  const nature = (g) => g.cash790G ? "don familial de sommes d'argent exon\xE9r\xE9 (art. 790 G)" : "donation (acte notari\xE9)";
  const applied = (g) => {
    const deed = d2.cgi.deeds.get(g);
    if (!deed) return "aucun (don exon\xE9r\xE9)";
    const parts = [`${eurosCents(deed.allowanceUsed)} (abattement personnel)`];
    if (deed.disabilityAllowanceUsed > 0) parts.push(`${eurosCents(deed.disabilityAllowanceUsed)} (abattement des personnes handicap\xE9es)`);
    return parts.join(" et ");
  };
  const rows = d2.priorGifts.map((g) => [g.beneficiary, dateFr(g.date), nature(g), eurosCents(g.cents), applied(g)]);
  return `${title}

${table(["B\xE9n\xE9ficiaire", "Date de l'acte", "Nature", "Valeur", "Abattements appliqu\xE9s dans l'acte"], rows)}`;
}
function estateDossier(d2) {
  const f = d2.subject.female;
  const name = nameOf(d2.subject);
  const lines = [
    `## Dossier : succession ${deName(name)}`,
    "",
    `- ${gendered(f, "D\xE9funt", "D\xE9funte")} : ${name}, ${gendered(f, "n\xE9", "n\xE9e")} le ${dateFr(d2.subject.birth)}, ${gendered(f, "d\xE9c\xE9d\xE9", "d\xE9c\xE9d\xE9e")} le ${dateFr(d2.date)}.`,
    `- Situation familiale : ${d2.situation}.`
  ];
  for (const p of d2.predeceased) {
    const heirs = d2.beneficiaries.filter((b) => b.represents === p).map((b) => b.id);
    lines.push(
      `- ${gendered(p.person.female, "Fils pr\xE9d\xE9c\xE9d\xE9", "Fille pr\xE9d\xE9c\xE9d\xE9e")} : ${nameOf(p.person)}, ${gendered(p.person.female, "n\xE9", "n\xE9e")} le ${dateFr(p.birth)}, ${gendered(p.person.female, "d\xE9c\xE9d\xE9", "d\xE9c\xE9d\xE9e")} le ${dateFr(p.death)}, ${gendered(p.person.female, "repr\xE9sent\xE9", "repr\xE9sent\xE9e")} par ${heirs.length === 1 ? "son enfant" : "ses enfants"} ${listFr(heirs)}.`
    );
  }
  lines.push("", "## B\xE9n\xE9ficiaires et \xE9tat civil", "", beneficiaryTable(d2));
  const residence = d2.cgi.mainResidence;
  const note = (i) => {
    if (residence?.asset !== i) return "\u2014";
    return `r\xE9sidence principale ${gendered(f, "du d\xE9funt", "de la d\xE9funte")} ; au jour du d\xE9c\xE8s, \xE9galement r\xE9sidence principale de ${listFr(residence.occupants)}`;
  };
  lines.push("", "### Inventaire de l'actif", "", table(["Bien", "Valeur", "Observations"], d2.assets.map((a, i) => [a.label, eurosCents(a.cents), note(i)])));
  const fu = d2.cgi.furniture;
  const furniture = fu === null ? "Aucun meuble meublant dans la succession." : fu.valuation === "flat" ? "Ni vente publique ni inventaire du mobilier ; les h\xE9ritiers n'en d\xE9clarent pas une valeur sup\xE9rieure au minimum l\xE9gal." : fu.valuation === "inventory" ? `Inventaire notari\xE9 du mobilier dress\xE9 dans les semaines qui ont suivi le d\xE9c\xE8s : ${eurosCents(fu.cents)}.` : `Mobilier vendu aux ench\xE8res publiques dans l'ann\xE9e du d\xE9c\xE8s, pour ${eurosCents(fu.cents)}.`;
  lines.push("", "### Meubles meublants", "", furniture);
  lines.push("", "### Passif", "", d2.debts.length === 0 ? "Aucune dette." : table(["Dette", "Montant"], d2.debts.map((a) => [a.label, eurosCents(a.cents)])));
  lines.push("", "### Frais fun\xE9raires", "", `${d2.funeral.label} : ${eurosCents(d2.funeral.cents)}.`);
  const contracts2 = d2.cgi.contracts;
  lines.push(
    "",
    `### Assurance-vie (relev\xE9s des assureurs, sur la t\xEAte ${gendered(f, "du d\xE9funt", "de la d\xE9funte")})`,
    "",
    contracts2.length === 0 ? "Aucun contrat d'assurance-vie." : table(
      ["Contrat", "Assureur", "Souscrit le", "B\xE9n\xE9ficiaires d\xE9sign\xE9s", "Capitaux dus au titre des primes vers\xE9es avant 70 ans", "Primes vers\xE9es apr\xE8s 70 ans", "Capitaux dus au titre de ces primes"],
      contracts2.map((c) => [
        c.label,
        c.insurer,
        dateFr(c.subscribedOn),
        c.to.map((t3) => `${t3.beneficiary} : ${shareFr(t3.num, t3.den)}`).join(" ; "),
        c.before70 > 0 ? eurosCents(c.before70) : "n\xE9ant",
        c.premiumsAfter70 > 0 ? eurosCents(c.premiumsAfter70) : "n\xE9ant",
        c.premiumsAfter70 > 0 ? eurosCents(c.capitalAfter70) : "n\xE9ant"
      ])
    )
  );
  lines.push(
    "",
    "### Legs particuliers (sommes d'argent)",
    "",
    d2.bequests.length === 0 ? "Aucun legs particulier." : table(["L\xE9gataire", "Montant"], d2.bequests.map((q) => [q.beneficiary, eurosCents(q.cents)])),
    "",
    "### D\xE9volution du surplus (quotes-parts fix\xE9es par testament)",
    "",
    table(["B\xE9n\xE9ficiaire", "Quote-part du surplus"], d2.residue.map((s2) => [s2.beneficiary, shareFr(s2.num, s2.den)]))
  );
  lines.push("", priorGiftsSection(d2));
  return lines.join("\n");
}
function giftDossier(d2) {
  const f = d2.subject.female;
  const name = nameOf(d2.subject);
  const donor = gendered(f, "le donateur", "la donatrice");
  const natureOf = (g) => d2.cgi.housing.has(g) ? "somme d'argent, en pleine propri\xE9t\xE9, que le donataire s'engage \xE0 affecter dans les six mois \xE0 l'acquisition d'un logement neuf ou \xE0 la r\xE9novation \xE9nerg\xE9tique de sa r\xE9sidence principale (art. 790 A bis)" : g.cash ? "somme d'argent, en pleine propri\xE9t\xE9" : g.reservedUsufruct ? `nue-propri\xE9t\xE9, ${donor} se r\xE9servant l'usufruit` : "bien en pleine propri\xE9t\xE9";
  const rows = d2.gifts.map((g) => [g.label, eurosCents(g.cents), natureOf(g), g.to.map((t3) => `${t3.beneficiary} : ${shareFr(t3.num, t3.den)}`).join(" ; ")]);
  return [
    `## Dossier : donation ${deName(name)}`,
    "",
    `- ${gendered(f, "Donateur", "Donatrice")} : ${name}, ${gendered(f, "n\xE9", "n\xE9e")} le ${dateFr(d2.subject.birth)}.`,
    `- Date de l'acte de donation : ${dateFr(d2.date)}.`,
    `- Descendance : ${d2.cgi.hasDescendants ? `${donor} a des descendants` : `${donor} n'a aucun descendant (ni enfant, ni petit-enfant)`}.`,
    "",
    "### Biens donn\xE9s",
    "",
    table(["Bien", "Valeur en pleine propri\xE9t\xE9", "Nature", "Attribution"], rows),
    "",
    "## Donataires et \xE9tat civil",
    "",
    beneficiaryTable(d2),
    "",
    priorGiftsSection(d2)
  ].join("\n");
}
function scaleEuros(bands, amount2) {
  let units = 0;
  let lower = 0;
  for (const b of bands) {
    const hi = b.upTo === null ? amount2 : Math.min(amount2, b.upTo);
    if (hi > lower) units += (hi - lower) * Math.round(b.ratePercent * 100);
    if (b.upTo === null || amount2 <= b.upTo) break;
    lower = b.upTo;
  }
  return Math.floor((units + 5e3) / 1e4);
}
function formatSection(d2, law, levyIds) {
  const ids = d2.beneficiaries.map((b) => b.id);
  const exampleTaxable = 149270;
  const exampleTax = scaleEuros(law.scales.directLine, exampleTaxable);
  const levy = levyIds.length === 0 ? "" : ` ; pour ${listFr(levyIds)}, ${levyIds.length === 1 ? "qui re\xE7oit" : "qui re\xE7oivent"} des capitaux d'assurance-vie relevant de l'art. 990 I, une troisi\xE8me cl\xE9 "prelevement_990I" : le pr\xE9l\xE8vement d\xFB \xE0 ce titre (0 s'il n'en doit aucun)`;
  const example = levyIds.length === 0 ? `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}}}, "total_droits": ${exampleTax}}</droits>` : `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}, "prelevement_990I": 0}}, "total_droits": ${exampleTax}}</droits>`;
  return [
    "## Format de la r\xE9ponse",
    "",
    `Terminez votre r\xE9ponse par un unique bloc <droits>\u2026</droits> (la balise <droits> une seule fois dans toute la r\xE9ponse, rien apr\xE8s le bloc) contenant un objet JSON : "beneficiaires" avec, pour ${ids.length === 1 ? "" : "chacun de "}${listFr(ids)} (ni plus ni moins), les cl\xE9s "part_taxable" (la part taxable aux droits de ${d2.kind === "estate" ? "succession" : "donation"}, arrondie \xE0 l'euro le plus proche) et "droits" (les droits calcul\xE9s sur cette part arrondie, arrondis \xE0 l'euro le plus proche ; 0,50 \u20AC exactement s'arrondit \xE0 l'euro sup\xE9rieur)${levy} ; puis "total_droits", la somme des droits${levyIds.length === 0 ? "" : " (sans les pr\xE9l\xE8vements de l'art. 990 I)"}. Nombres entiers, sans espace ni symbole. Un b\xE9n\xE9ficiaire exon\xE9r\xE9, ou dont la part est enti\xE8rement couverte par ses abattements, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    example
  ].join("\n");
}
function rulesSection(d2, level2, law, decisions) {
  if (level2 === 6) {
    return [
      "## R\xE8gle \xE0 appliquer",
      "",
      `Appliquez la l\xE9gislation fiscale fran\xE7aise en vigueur \xE0 la date ${d2.kind === "estate" ? "du d\xE9c\xE8s" : "de la donation"}.`
    ].join("\n");
  }
  const parts = [articlesSection(law, d2.kind)];
  if (decisions.length > 0) {
    parts.push(["## D\xE9cisions retenues par l'\xE9tude pour ce dossier", "", "L\xE0 o\xF9 les textes ne tranchent pas, appliquez ces d\xE9cisions :", "", ...decisions.map((x) => `- ${DECISION_FR[x]}`)].join("\n"));
  }
  return parts.join("\n\n");
}
function notaryPromptParts(d2, level2, law, decisions, levyIds) {
  const estate = d2.kind === "estate";
  const task = estate ? `Calculez, pour chaque b\xE9n\xE9ficiaire de la succession, la part taxable et les droits de succession dus${levyIds.length > 0 ? ", et, pour chaque b\xE9n\xE9ficiaire de capitaux d'assurance-vie relevant de l'art. 990 I, le pr\xE9l\xE8vement d\xFB" : ""}.` : "Calculez, pour chaque donataire, la part taxable et les droits de donation dus.";
  const how = level2 === 5 ? "Appliquez les articles du Code g\xE9n\xE9ral des imp\xF4ts reproduits plus bas, avec leurs montants." : `Appliquez la l\xE9gislation fiscale fran\xE7aise en vigueur \xE0 la date ${estate ? "du d\xE9c\xE8s" : "de la donation"}.`;
  const intro = `Vous \xEAtes fiscaliste dans une \xE9tude notariale. Voici le dossier tel que l'\xE9tude l'a re\xE7u : \xE9tat civil des int\xE9ress\xE9s, ${estate ? "inventaire de l'actif, relev\xE9s des assureurs" : "biens donn\xE9s"}, copies des actes ant\xE9rieurs. ${task} ${how}`;
  const dossier = estate ? estateDossier(d2) : giftDossier(d2);
  return { dossier: `${intro}

${dossier}`, rules: rulesSection(d2, level2, law, decisions), format: formatSection(d2, law, levyIds) };
}

// src/cgi-task.ts
var CGI_ONLY_RULES = rulesOf("cgi").filter((r) => !RULE_INFO[r].ruleSets.includes("seed"));
var MIN_CGI_RULES = {
  5: { estate: 3, gift: 2 },
  6: { estate: 3, gift: 1 }
};
function ruleApplies(d2, r, rule) {
  const bens = r.beneficiaries;
  const taxed = (b) => !b.exempt;
  const cashExemption = () => bens.some((b) => b.exemption790G !== null && b.exemption790G.amount.n > 0n);
  switch (rule) {
    case "funeralCap":
      return r.kind === "estate" && !r.estate.funeralDeducted.equals(r.dossier.funeralCosts);
    case "funeralFlat":
      return r.kind === "estate" && d2.ruleSet === "cgi" && (r.dossier.funeralCosts.compare(r.law.funeralDeduction) < 0 || r.estate.assets.compare(r.law.funeralDeduction) < 0);
    case "exemption790G":
      return cashExemption();
    case "ageConditions790G":
      return bens.some((b) => b.exemption790G !== null && (b.exemption790G.reason === "donorAge" || b.exemption790G.reason === "doneeAge"));
    case "gift790G":
      return cashExemption() || d2.priorGifts.some((g) => g.cash790G);
    case "nephew790G":
      return d2.kind === "gift" && !d2.person.hasDescendants && bens.some((b) => b.relationship === "nephew" && b.exemption790G !== null);
    case "recall":
    case "allowancesUsed":
      return bens.some((b) => b.recall.recalled.length > 0);
    case "lowerBands":
      return bens.some((b) => b.scaleStart.n > 0n);
    case "representation":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "representation"));
    case "usufruct669":
      return d2.kind === "estate" ? d2.spouseUsufruct !== null : d2.gifts.some((g) => g.reservedUsufruct);
    case "disabilityAllowance":
      return bens.some((b) => taxed(b) && b.allowance.items.some((i) => i.source === "disability"));
    case "defaultAllowanceAlone":
      return d2.kind === "estate" && d2.ruleSet === "cgi" && bens.some((b) => taxed(b) && b.allowance.items.length === 1 && b.allowance.items[0].source === "disability");
    case "spouseExemption":
      return bens.some((b) => b.exemption?.reason === "spouse");
    case "smallEstate":
      return r.kind === "estate" && r.estate.smallEstate !== null;
    case "siblingExemption":
      return bens.some((b) => b.exemption?.reason === "sibling");
    case "mainResidence764bis":
      return r.kind === "estate" && r.estate.grossEstate.mainResidence !== null && r.estate.grossEstate.mainResidence.reductionPercent > 0;
    case "furniture764":
      return d2.kind === "estate" && d2.furniture?.valuation === "flat";
    case "levy990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.levy > 0);
    case "levyExemption990I":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.exempt990I && b.lifeInsurance.capital990I.compare(r.law.lifeInsurance.allowance990I) > 0);
    case "premiums757B":
      return bens.some((b) => b.lifeInsurance !== null && b.lifeInsurance.excess757B.n > 0n);
    case "allowance757BShared":
      return bens.filter((b) => b.lifeInsurance !== null && !b.lifeInsurance.exempt757B && b.lifeInsurance.premiums757B.n > 0n).length >= 2;
    case "housing790ABis":
      return d2.priorGifts.some((g) => g.housing790ABis) || bens.some((b) => b.housing790ABis !== null && b.housing790ABis.amount.n > 0n);
  }
}
function rulesThatMatter(d2, r, rules) {
  return rules.filter((rule) => ruleApplies(d2, r, rule) && !sameAnswer(compute(d2, { ignore: [rule] }).answer, r.answer));
}
function difficultyOf(d2, r, presentation, known = { rules: [], checked: [] }) {
  const rest = rulesOf(d2.ruleSet).filter((x) => !known.checked.includes(x));
  const matter = /* @__PURE__ */ new Set([...known.rules, ...rulesThatMatter(d2, r, rest)]);
  let bands = 0;
  let recalled = 0;
  for (const b of r.beneficiaries) {
    bands += b.bands.length + (b.lifeInsurance?.bands990I.length ?? 0);
    recalled += b.recall.recalled.length;
  }
  return {
    rules: rulesOf(d2.ruleSet).filter((x) => matter.has(x)),
    steps: { bands, recalled, contracts: d2.kind === "estate" ? d2.lifeInsurance.length : 0, beneficiaries: d2.beneficiaries.length },
    presentation
  };
}
function seedAnswer(input) {
  try {
    return compute(readDossier(seedCounterpart(input))).answer;
  } catch (e) {
    if (isDossierError(e)) return null;
    throw e;
  }
}
function residueHeirTaxed(d2, a) {
  return d2.kind === "estate" && d2.residue.some((s2) => a.beneficiaires[s2.beneficiary].part_taxable > 0);
}
function datesOk(d2) {
  const people = [d2.subject.birth, ...d2.beneficiaries.map((b) => b.birth), ...d2.kind === "estate" ? d2.predeceased.map((p) => p.birth) : []];
  if (people.some((b) => sameMonthDay(b, d2.date))) return false;
  const dates = [d2.date, ...people, ...d2.priorGifts.map((g) => g.date), ...d2.kind === "estate" ? d2.predeceased.map((p) => p.death) : []];
  for (const c of d2.cgi.contracts) dates.push(c.subscribedOn);
  for (const c of d2.cgi.civil.values()) if (c.livesWithSince) dates.push(c.livesWithSince);
  return daysOk(dates);
}
var rulesNumberCache = /* @__PURE__ */ new Map();
function rulesNumbers(rules) {
  let set = rulesNumberCache.get(rules);
  if (!set) {
    if (rulesNumberCache.size > 64) rulesNumberCache.clear();
    rulesNumberCache.set(rules, set = numbersIn(rules));
  }
  return set;
}
function examineCgi(d2, level2, g) {
  if (!datesOk(d2)) return "dates";
  if (implausibleParenthood(d2.parents) !== null) return "family";
  if (exemptPriorOverCeiling(d2.priorGifts) !== null) return "ceiling790G";
  if (d2.kind === "gift" && d2.gifts.some((x) => x.reservedUsufruct) && ageOn8(d2.subject.birth, d2.date) === OPEN_ROW_AGE) return "usufructuary91";
  const input = toCgiDossier(d2);
  const dossier = readDossier(input);
  const result = compute(dossier);
  const answer = result.answer;
  if (answer.total_droits <= 0) return "noTax";
  if (g.zeroButOne(dossier, answer)) return "zeroButOne";
  if (g.residueShortcut(dossier, answer)) return "residueShortcut";
  const min = MIN_CGI_RULES[level2][d2.kind];
  const applicable = CGI_ONLY_RULES.filter((rule) => ruleApplies(dossier, result, rule));
  if (applicable.length < min) return "cgiRules";
  const cgiRules = rulesThatMatter(dossier, result, applicable);
  if (cgiRules.length < min) return "cgiRules";
  const levyIds = Object.entries(answer.beneficiaires).filter(([, l]) => l.prelevement_990I !== void 0).map(([id]) => id);
  if (levyIds.length === 0) {
    const seed = seedAnswer(input);
    if (seed !== null && sameAnswer(seed, answer)) return "seedRules";
  }
  const decisions = decisionsOf(result);
  if (level2 === 6 && decisions.length > 0) return "decision";
  if (level2 === 6 && unconfirmedOf(result).length > 0) return "unconfirmed";
  if (!residueHeirTaxed(dossier, answer) && g.residueInsensitive(dossier, input, answer)) return "residueInsensitive";
  const parts = notaryPromptParts(d2, level2, result.law, decisions, levyIds);
  const amounts = answerAmounts(answer);
  const inRules = rulesNumbers(parts.rules);
  for (const x of amounts) if (inRules.has(x)) return "amountInPrompt";
  if (holdsAny(parts.dossier, amounts) || holdsAny(parts.format, amounts)) return "amountInPrompt";
  const difficulty = difficultyOf(dossier, result, level2 === 5 ? "articles" : "none", { rules: cgiRules, checked: CGI_ONLY_RULES });
  return { dossier: input, answer, prompt: g.joinPrompt(parts), difficulty };
}
function drawCgi(rng, level2, variant) {
  return variant.endsWith("-estate") ? cgiEstate(rng, level2) : cgiGift(rng, level2);
}

// src/rules-text.ts
import {
  ALLOWANCES as ALLOWANCES2,
  CASH_GIFT_790G as CASH_GIFT_790G5,
  DISABILITY_ALLOWANCE as DISABILITY_ALLOWANCE2,
  FUNERAL_COSTS_CAP as FUNERAL_COSTS_CAP2,
  RECALL_PERIOD as RECALL_PERIOD2,
  REPRESENTED_CHILD_ALLOWANCE,
  SCALES as SCALES2,
  USUFRUCT_669 as USUFRUCT_6692,
  usufructPercent as usufructPercent4
} from "@succ/rules";
import { RELATIONSHIP_FR as RELATIONSHIP_FR2 } from "@succ/engine";
function bandsWorking(name, amountEuros, start3 = 0) {
  const parts = bandParts(name, amountEuros, start3);
  const text = parts.map((b) => {
    const base = b.from === 0 ? num(b.to) : `(${num(b.to)} \u2212 ${num(b.from)})`;
    return `${base} \xD7 ${percent(b.ratePercent)} = ${num(b.cents / 100, true)}`;
  }).join(" ; ");
  return { text, cents: parts.reduce((s2, b) => s2 + b.cents, 0) };
}
function halfCentAmount(name, from) {
  for (let x = from; x < from + 1e3; x++) if (scaleCents(name, x) % 100 === 50) return x;
  return from;
}
function ruleRounding() {
  const exact = 4567850;
  const taxable = roundCents(exact);
  const ex1 = bandsWorking("directLine", taxable);
  const x2 = halfCentAmount("directLine", SCALES2.directLine.bands[0].upTo + 1);
  const ex2 = bandsWorking("directLine", x2);
  return [
    "Arrondis. Tout se calcule exactement, sans arrondi interm\xE9diaire, sauf deux arrondis \xE0 l'euro le plus proche (0,50 \u20AC exactement s'arrondit \xE0 l'euro sup\xE9rieur) : (a) la part taxable de chaque b\xE9n\xE9ficiaire, calcul\xE9e en une seule fois ; (b) ses droits, somme des tranches du bar\xE8me appliqu\xE9 \xE0 la part taxable arrondie, sans arrondir chaque tranche. Le total des droits est la somme des droits arrondis.",
    `   Exemple fictif 1 : part taxable exacte ${eurosCents(exact)}, arrondie \xE0 ${euros(taxable)} ; en ligne directe : ${ex1.text} ; total ${eurosCents(ex1.cents)}, droits ${euros(roundCents(ex1.cents))}.`,
    `   Exemple fictif 2 : part taxable ${euros(x2)} : ${ex2.text} ; total ${eurosCents(ex2.cents)}, droits ${euros(roundCents(ex2.cents))}.`
  ].join("\n");
}
function ruleValueEstate(level2) {
  const cap = FUNERAL_COSTS_CAP2.value;
  const assets = 31e4;
  const debts = 22400;
  const funeral = 4180;
  const deducted = Math.min(funeral, cap);
  const net = assets - debts - deducted;
  const bequest = 12e3;
  const residue = net - bequest;
  if (level2 === 1) {
    return [
      `Actif net. Actif net de succession = total de l'actif \u2212 total du passif \u2212 frais fun\xE9raires, ceux-ci n'\xE9tant d\xE9ductibles que dans la limite de ${euros(cap)} (l'exc\xE9dent n'est pas d\xE9duit). L'enfant unique recueille la totalit\xE9 de la succession : la valeur qu'il re\xE7oit est l'actif net.`,
      `   Exemple fictif : actif ${euros(assets)}, passif ${euros(debts)}, frais fun\xE9raires ${euros(funeral)} (d\xE9duits pour ${euros(deducted)}) : actif net ${euros(net)}.`
    ].join("\n");
  }
  const lines = [
    `Actif net et valeur re\xE7ue. Actif net de succession = total de l'actif \u2212 total du passif \u2212 frais fun\xE9raires, ceux-ci n'\xE9tant d\xE9ductibles que dans la limite de ${euros(cap)} (l'exc\xE9dent n'est pas d\xE9duit). Les legs particuliers (sommes d'argent) sont pr\xE9lev\xE9s d'abord sur l'actif net ; le surplus (actif net \u2212 total des legs particuliers) est d\xE9volu selon les quotes-parts fix\xE9es par testament. Valeur re\xE7ue par un b\xE9n\xE9ficiaire = ses legs particuliers + sa quote-part \xD7 surplus.`,
    `   Exemple fictif : actif ${euros(assets)}, passif ${euros(debts)}, frais fun\xE9raires ${euros(funeral)} (d\xE9duits pour ${euros(deducted)}) : actif net ${euros(net)} ; legs particulier de ${euros(bequest)} : surplus ${euros(residue)} ; quote-part 1/4 : ${eurosCents(residue * 25)}.`
  ];
  if (level2 === 4) {
    const age = 76;
    const bare = 100 - usufructPercent4(age);
    lines.push(
      `   Usufruit du conjoint : lorsque le conjoint survivant est usufruitier de la totalit\xE9 du surplus, les h\xE9ritiers du surplus n'en re\xE7oivent que la nue-propri\xE9t\xE9. Leur valeur re\xE7ue = legs particuliers + quote-part \xD7 surplus \xD7 pourcentage de nue-propri\xE9t\xE9 (r\xE8gle @669@, selon l'\xE2ge du conjoint au jour du d\xE9c\xE8s). Les legs particuliers sont re\xE7us en pleine propri\xE9t\xE9. L'usufruit du conjoint est exon\xE9r\xE9 comme le reste de sa part.`,
      `   Exemple fictif : surplus ${euros(residue)}, conjoint usufruitier de ${age} ans (nue-propri\xE9t\xE9 ${percent(bare)}), quote-part 1/2 : ${euros(residue)} \xD7 1/2 \xD7 ${percent(bare)} = ${eurosCents(residue * bare / 2)}.`
    );
  }
  return lines.join("\n");
}
function ruleValueGift(level2) {
  const value = 25e4;
  const third = Math.floor(value * 100 / 3);
  const lines = [
    `Valeur re\xE7ue. Valeur re\xE7ue par un donataire = somme, pour chaque bien donn\xE9 qui lui est attribu\xE9, de la valeur du bien \xD7 la fraction qui lui est attribu\xE9e (\xAB totalit\xE9 \xBB = le bien entier).`,
    `   Exemple fictif : un appartement de ${euros(value)} attribu\xE9 pour 1/3 : ${num(value)} / 3 = ${eurosCents(third).replace(" \u20AC", "\u2026")} \u20AC (valeur exacte, qui ne s'arrondit qu'au stade de la part taxable).`
  ];
  if (level2 === 4) {
    const age = 67;
    const bare = 100 - usufructPercent4(age);
    lines.push(
      `   R\xE9serve d'usufruit : pour un bien donn\xE9 en nue-propri\xE9t\xE9, le donateur s'en r\xE9servant l'usufruit, la valeur re\xE7ue est la valeur en pleine propri\xE9t\xE9 \xD7 fraction attribu\xE9e \xD7 pourcentage de nue-propri\xE9t\xE9 (r\xE8gle @669@, selon l'\xE2ge du donateur au jour de la donation). Les sommes d'argent sont toujours donn\xE9es en pleine propri\xE9t\xE9.`,
      `   Exemple fictif : maison de ${euros(3e5)} en nue-propri\xE9t\xE9, donateur de ${age} ans (nue-propri\xE9t\xE9 ${percent(bare)}), attribu\xE9e pour 1/2 : ${euros(3e5)} \xD7 1/2 \xD7 ${percent(bare)} = ${euros(3e5 / 2 * bare / 100)}.`
    );
  }
  return lines.join("\n");
}
function ruleAge() {
  const age = CASH_GIFT_790G5.donorAgeBelow.value;
  const birth = { y: LAW_DATE.y - age, m: 6, d: 10 };
  const dayBefore = { y: LAW_DATE.y, m: 6, d: 9 };
  const day = { y: LAW_DATE.y, m: 6, d: 10 };
  return `\xC2ges. Les \xE2ges s'entendent en ann\xE9es r\xE9volues au jour du fait g\xE9n\xE9rateur (jour du d\xE9c\xE8s, ou jour de la donation), en comparant le jour et le mois de naissance \xE0 ceux de ce jour. Exemple fictif : une personne n\xE9e le ${dateFr(birth)} a ${age - 1} ans le ${dateFr(dayBefore)} et ${age} ans \xE0 partir du ${dateFr(day)}.`;
}
function rule669() {
  const rows = [];
  let lower = 0;
  for (const row of USUFRUCT_6692.rows) {
    const label = row.maxAge === null ? `${lower} ans et plus` : lower === 0 ? `jusqu'\xE0 ${row.maxAge} ans` : `de ${lower} \xE0 ${row.maxAge} ans`;
    rows.push(`   | ${label} | ${percent(row.usufructPercent)} | ${percent(100 - row.usufructPercent)} |`);
    if (row.maxAge !== null) lower = row.maxAge + 1;
  }
  const age = 64;
  const bare = 100 - usufructPercent4(age);
  return [
    `Usufruit et nue-propri\xE9t\xE9 (art. 669). La valeur de l'usufruit d\xE9pend de l'\xE2ge de l'usufruitier au jour du fait g\xE9n\xE9rateur (r\xE8gle @AGE@) ; la nue-propri\xE9t\xE9 vaut le compl\xE9ment \xE0 100 % :`,
    "   | \xC2ge de l'usufruitier | Usufruit | Nue-propri\xE9t\xE9 |",
    "   | --- | --- | --- |",
    ...rows,
    `   Exemple fictif : usufruitier de ${age} ans : usufruit ${percent(100 - bare)}, nue-propri\xE9t\xE9 ${percent(bare)} ; la nue-propri\xE9t\xE9 d'un bien de ${euros(2e5)} vaut ${euros(2e5 * bare / 100)}.`
  ].join("\n");
}
function allowanceList(kind, rels) {
  return rels.map((r) => `${RELATIONSHIP_FR2[r]} ${euros(ALLOWANCES2[kind][r].value)}`).join(" ; ");
}
function ruleAllowances(level2, kind) {
  const disability = `Un b\xE9n\xE9ficiaire handicap\xE9 (colonne \xAB Handicap \xBB \xE0 oui) b\xE9n\xE9ficie en plus d'un abattement de ${euros(DISABILITY_ALLOWANCE2.value)}, qui s'ajoute \xE0 son abattement personnel.`;
  if (kind === "estate") {
    if (level2 === 1) {
      return `Abattement. L'enfant b\xE9n\xE9ficie d'un abattement de ${euros(ALLOWANCES2.estate.child.value)} sur la valeur qu'il re\xE7oit. Part taxable = valeur re\xE7ue \u2212 abattement (au moins 0).`;
    }
    const lines = [
      `Abattements et exon\xE9ration (succession). Abattement personnel sur la valeur re\xE7ue par chaque b\xE9n\xE9ficiaire : ${allowanceList("estate", ["child", "grandchild", "sibling", "nephew", "unrelated"])}. ${disability} Le conjoint survivant et le partenaire de PACS sont exon\xE9r\xE9s : part taxable 0 \u20AC, droits 0 \u20AC. Part taxable = valeur re\xE7ue \u2212 abattement (au moins 0).`
    ];
    if (level2 >= 3) {
      const share = REPRESENTED_CHILD_ALLOWANCE.value;
      lines.push(
        `   Repr\xE9sentation : les petits-enfants qui viennent \xE0 la succession par repr\xE9sentation d'un enfant pr\xE9d\xE9c\xE9d\xE9 se partagent \xE0 parts \xE9gales l'abattement de ${euros(share)} de cet enfant, au lieu de l'abattement de petit-enfant. Exemple fictif : deux repr\xE9sentants, ${euros(share / 2)} chacun ; trois repr\xE9sentants, ${euros(share)} / 3 chacun (valeur exacte, non arrondie). Un petit-enfant qui re\xE7oit seulement un legs, sans repr\xE9senter personne, garde l'abattement de petit-enfant.`
      );
    }
    return lines.join("\n");
  }
  if (level2 === 1) {
    return `Abattement. L'enfant donataire b\xE9n\xE9ficie d'un abattement de ${euros(ALLOWANCES2.gift.child.value)} sur la valeur qu'il re\xE7oit. Part taxable = valeur re\xE7ue \u2212 abattement (au moins 0).`;
  }
  return `Abattements (donation). Abattement personnel sur la valeur re\xE7ue par chaque donataire : ${allowanceList("gift", ["child", "grandchild", "greatgrandchild"])}. ${disability} Part taxable = valeur re\xE7ue \u2212 exon\xE9ration de la r\xE8gle ${RULE_NUMBER_790G} \u2212 abattement restant (r\xE8gle ${RULE_NUMBER_RECALL}), au moins 0.`;
}
var RULE_NUMBER_790G = "@790G@";
var RULE_NUMBER_RECALL = "@RECALL@";
var RULE_NUMBER_669 = "@669@";
var RULE_NUMBER_AGE = "@AGE@";
function rule790G() {
  const ceiling = CASH_GIFT_790G5.ceiling.value;
  const donorBelow = CASH_GIFT_790G5.donorAgeBelow.value;
  const doneeMin = CASH_GIFT_790G5.doneeMinimumAge.value;
  const period = CASH_GIFT_790G5.period.value;
  const cash = 5e4;
  const prior = 1e4;
  const ex = Math.min(cash, ceiling - prior);
  return [
    `Don familial de sommes d'argent (art. 790 G). Une somme d'argent donn\xE9e en pleine propri\xE9t\xE9 par un donateur \xE2g\xE9 de moins de ${donorBelow} ans \xE0 son enfant, petit-enfant ou arri\xE8re-petit-enfant \xE2g\xE9 d'au moins ${doneeMin} ans au jour du don (\xE2ges de la r\xE8gle ${RULE_NUMBER_AGE}) est exon\xE9r\xE9e dans la limite de ${euros(ceiling)} par donateur et par donataire. Ce plafond se reconstitue tous les ${period} ans : exon\xE9ration = la plus petite des deux valeurs entre la somme d'argent re\xE7ue et ${euros(ceiling)} \u2212 total des dons familiaux de sommes d'argent d\xE9j\xE0 exon\xE9r\xE9s du m\xEAme donateur au m\xEAme donataire dans les ${period} ans pr\xE9c\xE9dant la donation (m\xEAme r\xE8gle de date que le rappel). Seules les sommes d'argent en b\xE9n\xE9ficient, jamais les autres biens. Si l'une des conditions d'\xE2ge manque, la somme est tax\xE9e comme un bien ordinaire. L'exon\xE9ration se d\xE9duit de la valeur re\xE7ue avant l'abattement restant.`,
    `   Exemple fictif : une grand-m\xE8re de 72 ans donne ${euros(cash)} \xE0 son petit-fils de 25 ans, \xE0 qui elle avait d\xE9j\xE0 fait un don familial exon\xE9r\xE9 de ${euros(prior)} six ans plus t\xF4t : exon\xE9ration = min(${num(cash)} ; ${num(ceiling)} \u2212 ${num(prior)}) = ${euros(ex)}. Si elle avait eu ${donorBelow} ans, ou lui ${doneeMin - 1} ans, au jour du don : aucune exon\xE9ration.`
  ].join("\n");
}
function ruleRecall(kind) {
  const period = RECALL_PERIOD2.value;
  const act = { y: LAW_DATE.y, m: 5, d: 14 };
  const exact = { y: act.y - period, m: act.m, d: act.d };
  const dayAfter = { y: act.y - period, m: act.m, d: act.d + 1 };
  const A = ALLOWANCES2[kind].child.value;
  const S = A + 9e3;
  const U = Math.min(A, S);
  const T = S - U;
  const received = 5e4;
  const taxable = Math.max(0, received - (A - U));
  const upper = bandParts("directLine", T + taxable);
  const lower = bandParts("directLine", T);
  const sumOf = (parts) => parts.reduce((x, p) => x + p.cents, 0);
  const written = (parts) => parts.map((p) => num(p.cents / 100, true)).join(" + ");
  const tax = sumOf(upper) - sumOf(lower);
  const S2 = 4e4;
  const taxable2 = Math.max(0, 15e4 - (A - S2));
  const tax2 = scaleCents("directLine", taxable2);
  const who = kind === "estate" ? "le d\xE9funt" : "le donateur";
  const event = kind === "estate" ? "le jour du d\xE9c\xE8s" : "le jour de la donation";
  const example = kind === "estate" ? `pour un d\xE9c\xE8s survenu le ${dateFr(act)}` : `pour une donation du ${dateFr(act)}`;
  return [
    `Rappel fiscal des donations ant\xE9rieures (art. 784). Les donations ant\xE9rieures consenties par ${who} au m\xEAme b\xE9n\xE9ficiaire et enregistr\xE9es moins de ${period} ans avant le fait g\xE9n\xE9rateur (${event}) sont rappel\xE9es ; une donation enregistr\xE9e exactement ${period} ans avant (m\xEAme jour, m\xEAme mois) ne l'est pas, ni une plus ancienne. Exemple fictif : ${example}, une donation enregistr\xE9e le ${dateFr(exact)} n'est pas rappel\xE9e, une donation enregistr\xE9e le ${dateFr(dayAfter)} l'est. Les dons familiaux de sommes d'argent exon\xE9r\xE9s (art. 790 G) ne sont jamais rappel\xE9s. Les abattements et bar\xE8mes actuels s'appliquent, quelle que soit la date des donations.`,
    `   Avec S = total des donations rappel\xE9es et A = abattement total du b\xE9n\xE9ficiaire${kind === "estate" ? " (r\xE8gle des abattements)" : ""} : abattement d\xE9j\xE0 utilis\xE9 U = min(A, S) ; abattement restant = A \u2212 U ; part d\xE9j\xE0 tax\xE9e T = S \u2212 U. Part taxable = valeur re\xE7ue${kind === "gift" ? ` \u2212 exon\xE9ration de la r\xE8gle ${RULE_NUMBER_790G}` : ""} \u2212 abattement restant (au moins 0). Droits = bar\xE8me(T + part taxable) \u2212 bar\xE8me(T) : les tranches inf\xE9rieures du bar\xE8me d\xE9j\xE0 utilis\xE9es par les donations rappel\xE9es ne servent pas une seconde fois.`,
    `   Exemple fictif 1 : un enfant a re\xE7u ${euros(S)} il y a six ans (rappel\xE9s) et re\xE7oit ${euros(received)}. A = ${euros(A)}, S = ${euros(S)}, U = ${euros(U)}, abattement restant ${euros(A - U)}, T = ${euros(T)}. Part taxable = ${euros(taxable)}. bar\xE8me(${num(T + taxable)}) = ${written(upper)} = ${eurosCents(sumOf(upper))} ; bar\xE8me(${num(T)}) = ${written(lower)} = ${eurosCents(sumOf(lower))} ; droits = ${num(sumOf(upper) / 100, true)} \u2212 ${num(sumOf(lower) / 100, true)} = ${eurosCents(tax)}, soit ${euros(roundCents(tax))}.`,
    `   Exemple fictif 2 : un enfant a re\xE7u ${euros(S2)} il y a dix ans et re\xE7oit ${euros(15e4)} : abattement restant ${euros(A - S2)}, T = 0 \u20AC, part taxable ${euros(taxable2)}, droits = bar\xE8me(${num(taxable2)}) = ${eurosCents(tax2)}, soit ${euros(roundCents(tax2))}.`
  ].join("\n");
}
function scaleRows(name) {
  const rows = [];
  let lower = 0;
  for (const b of SCALES2[name].bands) {
    const label = b.upTo === null ? lower === 0 ? "toute la part taxable" : `au-del\xE0 de ${euros(lower)}` : lower === 0 ? `jusqu'\xE0 ${euros(b.upTo)}` : `de ${euros(lower)} \xE0 ${euros(b.upTo)}`;
    rows.push(`   | ${label} | ${percent(b.ratePercent)} |`);
    if (b.upTo !== null) lower = b.upTo;
  }
  return rows;
}
function ruleScales(level2, kind) {
  const lines = [
    `Bar\xE8mes (art. 777). Chaque tranche est tax\xE9e \xE0 son taux sur la partie de la part taxable comprise dans la tranche, et les montants des tranches s'additionnent.`,
    `   Ligne directe (enfants, petits-enfants${kind === "gift" ? ", arri\xE8re-petits-enfants" : ""}) :`,
    "   | Part taxable | Taux |",
    "   | --- | --- |",
    ...scaleRows("directLine")
  ];
  if (kind === "estate" && level2 >= 2) {
    const sib = 3e4;
    const w = bandsWorking("sibling", sib);
    lines.push(
      "   Fr\xE8res et s\u0153urs :",
      "   | Part taxable | Taux |",
      "   | --- | --- |",
      ...scaleRows("sibling"),
      `   Neveux et ni\xE8ces : ${percent(SCALES2.nephew.bands[0].ratePercent)} sur toute la part taxable. Personnes sans lien de parent\xE9 : ${percent(SCALES2.unrelated.bands[0].ratePercent)} sur toute la part taxable.`,
      `   Exemple fictif : part taxable de ${euros(sib)} pour une s\u0153ur : ${w.text} ; total ${eurosCents(w.cents)}, droits ${euros(roundCents(w.cents))}.`
    );
  }
  return lines.join("\n");
}
function simplifications(level2, kind) {
  const prior = level2 >= 3 ? "pas d'autre donation ant\xE9rieure que celles list\xE9es" : "pas de donation ant\xE9rieure";
  if (kind === "gift") {
    return `Simplifications propres \xE0 cet exercice : les biens sont retenus pour la valeur indiqu\xE9e ; la r\xE9partition entre donataires est donn\xE9e et ne se recalcule pas ; pas de don exon\xE9r\xE9 au titre de l'art. 790 A bis (dons affect\xE9s \xE0 un logement) ; ${prior}.`;
  }
  const cap = euros(FUNERAL_COSTS_CAP2.value);
  const parts = [
    level2 === 1 ? "la d\xE9volution est donn\xE9e et ne se recalcule pas" : "la d\xE9volution (legs et quotes-parts) est donn\xE9e et ne se recalcule pas ; les legs particuliers sont des sommes d'argent prises sur l'actif net",
    `les frais fun\xE9raires sont d\xE9duits pour le montant de leur facture, dans la limite de ${cap} (l'art. 775 accorde en r\xE9alit\xE9 une d\xE9duction forfaitaire de ${cap}, sans justificatif)`,
    "pas d'assurance-vie, pas de forfait mobilier, pas d'abattement sur la r\xE9sidence principale",
    "pas de don exon\xE9r\xE9 au titre de l'art. 790 A bis (dons affect\xE9s \xE0 un logement)",
    "les neveux et ni\xE8ces h\xE9ritent de leur chef",
    prior,
    `l'abattement par d\xE9faut de ${euros(ALLOWANCES2.estate.unrelated.value)} se cumule avec l'abattement en faveur des personnes handicap\xE9es`
  ];
  return `Simplifications propres \xE0 cet exercice : ${parts.join(" ; ")}.`;
}
function ruleIds(level2, kind) {
  const ids = ["rounding", "value"];
  if (level2 === 4 || level2 === 3 && kind === "gift") ids.push("age");
  if (level2 === 4) ids.push("669");
  ids.push("allowances");
  if (level2 >= 3 && kind === "gift") ids.push("790G");
  if (level2 >= 3) ids.push("recall");
  ids.push("scales");
  return ids;
}
var cache2 = /* @__PURE__ */ new Map();
function rulesSection2(level2, kind) {
  const key = `${level2}-${kind}`;
  const hit = cache2.get(key);
  if (hit !== void 0) return hit;
  const ids = ruleIds(level2, kind);
  const text = (id) => {
    switch (id) {
      case "rounding":
        return ruleRounding();
      case "value":
        return kind === "estate" ? ruleValueEstate(level2) : ruleValueGift(level2);
      case "age":
        return ruleAge();
      case "669":
        return rule669();
      case "allowances":
        return ruleAllowances(level2, kind);
      case "790G":
        return rule790G();
      case "recall":
        return ruleRecall(kind);
      case "scales":
        return ruleScales(level2, kind);
    }
  };
  const numberOf = (id) => String(ids.indexOf(id) + 1);
  let body = ids.map((id, i) => `${i + 1}. ${text(id)}`).join("\n\n");
  body = body.replaceAll(RULE_NUMBER_790G, numberOf("790G")).replaceAll(RULE_NUMBER_RECALL, numberOf("recall")).replaceAll(RULE_NUMBER_669, numberOf("669")).replaceAll(RULE_NUMBER_AGE, numberOf("age"));
  const section = `## R\xE8gles \xE0 appliquer (elles pr\xE9valent sur toute autre connaissance)

${simplifications(level2, kind)}

${body}`;
  cache2.set(key, section);
  return section;
}

// src/prompt.ts
function table2(head, rows) {
  return [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}
function relationCell2(b, subjectFemale) {
  const rel = relationshipFr(b.relationship, b.person.female);
  if (!b.represents) return rel;
  const dead = b.represents.person;
  return `${rel}, venant par repr\xE9sentation de ${gendered(dead.female, "son p\xE8re", "sa m\xE8re")} ${nameOf(dead)}, ${gendered(dead.female, "fils pr\xE9d\xE9c\xE9d\xE9", "fille pr\xE9d\xE9c\xE9d\xE9e")} ${gendered(subjectFemale, "du d\xE9funt", "de la d\xE9funte")}`;
}
function beneficiaryTable2(d2, kind) {
  const f = d2.subject.female;
  const link = kind === "estate" ? `Lien avec ${gendered(f, "le d\xE9funt", "la d\xE9funte")}` : `Lien avec ${gendered(f, "le donateur", "la donatrice")}`;
  const rows = d2.beneficiaries.map((b) => [b.id, nameOf(b.person), relationCell2(b, f), dateFr(b.birth), b.disabled ? "oui" : "non"]);
  return table2(["ID", "Nom", link, "Date de naissance", "Handicap"], rows);
}
function priorGiftsSection2(d2, kind) {
  const f = d2.subject.female;
  const who = kind === "estate" ? gendered(f, "le d\xE9funt", "la d\xE9funte") : gendered(f, "le donateur", "la donatrice");
  const title = `## Donations ant\xE9rieures consenties par ${who}`;
  if (d2.priorGifts.length === 0) return `${title}

Aucune donation ant\xE9rieure.`;
  const nature = (g) => g.cash790G ? `don familial de sommes d'argent exon\xE9r\xE9 (art. 790 G), enregistr\xE9 le ${dateFr(g.date)}` : `donation ordinaire, enregistr\xE9e le ${dateFr(g.date)}`;
  const rows = d2.priorGifts.map((g) => [g.beneficiary, nature(g), eurosCents(g.cents)]);
  return `${title}

${table2(["B\xE9n\xE9ficiaire", "Nature et date", "Valeur"], rows)}`;
}
function estateDossier2(d2, level2) {
  const f = d2.subject.female;
  const name = nameOf(d2.subject);
  const lines = [
    `## Dossier : succession ${deName(name)}`,
    "",
    `- ${gendered(f, "D\xE9funt", "D\xE9funte")} : ${name}, ${gendered(f, "n\xE9", "n\xE9e")} le ${dateFr(d2.subject.birth)}, ${gendered(f, "d\xE9c\xE9d\xE9", "d\xE9c\xE9d\xE9e")} le ${dateFr(d2.date)}.`,
    `- Situation familiale : ${d2.situation}.`
  ];
  for (const p of d2.predeceased) {
    const heirs = d2.beneficiaries.filter((b) => b.represents === p).map((b) => b.id);
    lines.push(
      `- ${gendered(p.person.female, "Fils pr\xE9d\xE9c\xE9d\xE9", "Fille pr\xE9d\xE9c\xE9d\xE9e")} : ${nameOf(p.person)}, ${gendered(p.person.female, "n\xE9", "n\xE9e")} le ${dateFr(p.birth)}, ${gendered(p.person.female, "d\xE9c\xE9d\xE9", "d\xE9c\xE9d\xE9e")} le ${dateFr(p.death)}, ${gendered(p.person.female, "repr\xE9sent\xE9", "repr\xE9sent\xE9e")} par ${heirs.length === 1 ? "son enfant" : "ses enfants"} ${listFr(heirs)}.`
    );
  }
  if (d2.spouseUsufruct) {
    const sf = d2.beneficiaries.find((b) => b.id === d2.spouseUsufruct).person.female;
    lines.push(
      `- ${gendered(sf, "Le conjoint survivant", "La conjointe survivante")} ${d2.spouseUsufruct} est ${gendered(sf, "usufruitier", "usufruiti\xE8re")} de la totalit\xE9 du surplus ; les h\xE9ritiers du surplus n'en re\xE7oivent que la nue-propri\xE9t\xE9, selon leurs quotes-parts.`
    );
  }
  lines.push("", "### Actif de succession", "", table2(["Bien", "Valeur"], d2.assets.map((a) => [a.label, eurosCents(a.cents)])));
  lines.push("", "### Passif", "", d2.debts.length === 0 ? "Aucune dette." : table2(["Dette", "Montant"], d2.debts.map((a) => [a.label, eurosCents(a.cents)])));
  lines.push("", "### Frais fun\xE9raires", "", `${d2.funeral.label} : ${eurosCents(d2.funeral.cents)}.`);
  if (level2 >= 2) {
    lines.push(
      "",
      "### Legs particuliers (sommes d'argent)",
      "",
      d2.bequests.length === 0 ? "Aucun legs particulier." : table2(["L\xE9gataire", "Montant"], d2.bequests.map((q) => [q.beneficiary, eurosCents(q.cents)]))
    );
  }
  if (level2 === 1) {
    const child = d2.beneficiaries.find((b) => b.id === d2.residue[0].beneficiary);
    lines.push("", "### D\xE9volution", "", `${child.id}, ${gendered(child.person.female, "son fils unique", "sa fille unique")}, recueille la totalit\xE9 de la succession.`);
  } else {
    const shareHead = d2.spouseUsufruct ? "Quote-part du surplus (en nue-propri\xE9t\xE9)" : "Quote-part du surplus";
    lines.push("", "### D\xE9volution du surplus (quotes-parts fix\xE9es par testament)", "", table2(["B\xE9n\xE9ficiaire", shareHead], d2.residue.map((s2) => [s2.beneficiary, shareFr(s2.num, s2.den)])));
  }
  lines.push("", "## B\xE9n\xE9ficiaires", "", beneficiaryTable2(d2, "estate"));
  if (level2 >= 3) lines.push("", priorGiftsSection2(d2, "estate"));
  return lines.join("\n");
}
function giftDossier2(d2, level2) {
  const f = d2.subject.female;
  const name = nameOf(d2.subject);
  const natureOf = (g) => g.cash ? "somme d'argent, en pleine propri\xE9t\xE9" : g.reservedUsufruct ? `nue-propri\xE9t\xE9, ${gendered(f, "le donateur", "la donatrice")} se r\xE9servant l'usufruit` : "bien en pleine propri\xE9t\xE9";
  const rows = d2.gifts.map((g) => [g.label, eurosCents(g.cents), natureOf(g), g.to.map((t3) => `${t3.beneficiary} : ${shareFr(t3.num, t3.den)}`).join(" ; ")]);
  const lines = [
    `## Dossier : donation ${deName(name)}`,
    "",
    `- ${gendered(f, "Donateur", "Donatrice")} : ${name}, ${gendered(f, "n\xE9", "n\xE9e")} le ${dateFr(d2.subject.birth)}.`,
    `- Date de l'acte de donation : ${dateFr(d2.date)}.`,
    "",
    "### Biens donn\xE9s",
    "",
    table2(["Bien", "Valeur en pleine propri\xE9t\xE9", "Nature", "Attribution"], rows),
    "",
    "## Donataires",
    "",
    beneficiaryTable2(d2, "gift")
  ];
  if (level2 >= 3) lines.push("", priorGiftsSection2(d2, "gift"));
  return lines.join("\n");
}
function formatSection2(ids) {
  const exampleTaxable = 149270;
  const exampleTax = roundCents(scaleCents("directLine", exampleTaxable));
  return [
    "## Format de la r\xE9ponse",
    "",
    `Terminez votre r\xE9ponse par un unique bloc <droits>\u2026</droits> (la balise <droits> une seule fois dans toute la r\xE9ponse, rien apr\xE8s le bloc) contenant un objet JSON : "beneficiaires" avec, pour ${ids.length === 1 ? "" : "chacun de "}${listFr(ids)} (ni plus ni moins), exactement les cl\xE9s "part_taxable" et "droits", en euros entiers arrondis ; puis "total_droits", la somme des droits. Nombres entiers, sans espace ni symbole. Un b\xE9n\xE9ficiaire exon\xE9r\xE9, ou dont la part est enti\xE8rement couverte par son abattement, figure avec 0 et 0. Exemple de forme (identifiants et montants fictifs) :`,
    `<droits>{"beneficiaires": {"B1": {"part_taxable": 0, "droits": 0}, "B2": {"part_taxable": ${exampleTaxable}, "droits": ${exampleTax}}}, "total_droits": ${exampleTax}}</droits>`
  ].join("\n");
}
function promptParts(d2, level2) {
  const year = LAW_DATE.y;
  const intro = d2.kind === "estate" ? `Vous \xEAtes fiscaliste dans une \xE9tude notariale. Calculez, pour chaque b\xE9n\xE9ficiaire de la succession d\xE9crite ci-dessous, la part taxable et les droits de succession dus. Appliquez uniquement les r\xE8gles num\xE9rot\xE9es de cet \xE9nonc\xE9 (montants en vigueur en ${year}) : elles pr\xE9valent sur toute autre connaissance.` : `Vous \xEAtes fiscaliste dans une \xE9tude notariale. Calculez, pour chaque donataire de la donation d\xE9crite ci-dessous, la part taxable et les droits de donation dus. Appliquez uniquement les r\xE8gles num\xE9rot\xE9es de cet \xE9nonc\xE9 (montants en vigueur en ${year}) : elles pr\xE9valent sur toute autre connaissance.`;
  const dossier = d2.kind === "estate" ? estateDossier2(d2, level2) : giftDossier2(d2, level2);
  return { dossier: `${intro}

${dossier}`, rules: rulesSection2(level2, d2.kind), format: formatSection2(d2.beneficiaries.map((b) => b.id)) };
}
function joinPrompt(p) {
  return `${p.dossier}

${p.rules}

${p.format}`;
}

// src/random.ts
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
var MASK64 = (1n << 64n) - 1n;
var GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;
function splitmix64(x) {
  let z = x + GOLDEN_GAMMA & MASK64;
  z = (z ^ z >> 30n) * 0xbf58476d1ce4e5b9n & MASK64;
  z = (z ^ z >> 27n) * 0x94d049bb133111ebn & MASK64;
  return z ^ z >> 31n;
}
function assertInteger(name, value, min = Number.MIN_SAFE_INTEGER) {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a safe integer${min === 0 ? " \u2265 0" : ""}, got ${value}`);
  }
}
function taskState(seed, index, stream = 0) {
  let h = splitmix64(splitmix64(BigInt.asUintN(64, BigInt(seed))) ^ BigInt(index));
  if (stream !== 0) h = splitmix64(h ^ splitmix64(BigInt(stream)));
  const a = splitmix64(h);
  const b = splitmix64(h + GOLDEN_GAMMA & MASK64);
  const words = [
    Number(a >> 32n) | 0,
    Number(a & 0xffffffffn) | 0,
    Number(b >> 32n) | 0,
    Number(b & 0xffffffffn) | 0
  ];
  if (words.every((w) => w === 0)) words[0] = 1;
  return words;
}
var Rng = class {
  gen;
  /** `stream` 0 is the dossier's; another number gives an independent source for the same task. */
  constructor(seed, index, stream = 0) {
    this.gen = xoroshiro128plusFromState(taskState(seed, index, stream));
  }
  /** A whole number in [lo, hi]. */
  int(lo, hi) {
    return uniformInt(this.gen, lo, hi);
  }
  /** True with probability `percent` / 100 (integers only: same result on every machine). */
  chance(percent2) {
    return this.int(0, 99) < percent2;
  }
  pick(items) {
    return items[this.int(0, items.length - 1)];
  }
  /** Picks by whole-number weights. */
  weighted(items) {
    const total = items.reduce((s2, [, w]) => s2 + w, 0);
    let r = this.int(0, total - 1);
    for (const [item, w] of items) {
      if (r < w) return item;
      r -= w;
    }
    throw new Error("unreachable: weights exhausted");
  }
  /** `count` distinct items, in a random order. */
  sample(items, count) {
    const copy = items.slice();
    for (let i = 0; i < count; i++) {
      const j = this.int(i, copy.length - 1);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, count);
  }
  /**
   * A whole number between lo and hi (lo ≥ 1) spread over orders of magnitude: a doubling
   * segment [lo·2^k, lo·2^(k+1)) picked uniformly, then a uniform value inside it. Integer
   * arithmetic only (no Math.exp), so the same on every JavaScript engine.
   */
  spread(lo, hi) {
    const segments = [];
    for (let a2 = lo; a2 <= hi; a2 *= 2) segments.push([a2, Math.min(hi, a2 * 2 - 1)]);
    const [a, b] = this.pick(segments);
    return this.int(a, b);
  }
};

// src/task.ts
var GENERATOR_VERSION = "0.2.0";
var FIRST_SIX_SHAPES = ["default", "eightBeneficiaries", "withBequest", "790GMatters", "recallAndRepresentation", "default"];
function draw(rng, variant, shape) {
  switch (variant) {
    case "only-child-estate":
      return onlyChildEstate(rng);
    case "gift-full-ownership":
      return giftFullOwnership(rng);
    case "spouse-children":
      return spouseChildren(rng, shape === "withBequest" ? 1 : 0);
    case "children-legatees":
      return childrenLegatees(rng);
    case "siblings-legatees":
      return siblingsLegatees(rng);
    case "gift-790g":
      return gift790G(rng, shape === "790GMatters");
    case "estate-recall":
      return estateRecall(rng, shape === "recallAndRepresentation");
    case "bare-ownership-gift":
      return bareOwnershipGift(rng);
    case "spouse-usufruct-estate":
      return spouseUsufructEstate(rng, shape === "eightBeneficiaries" ? 8 : void 0);
  }
}
function zeroButOne(dossier, answer) {
  if (dossier.beneficiaries.length < 2) return false;
  return dossier.beneficiaries.filter((b) => answer.beneficiaires[b.id].droits > 0).length < 2;
}
function residueHeirs(dossier) {
  if (dossier.kind !== "estate") return [];
  return dossier.residue.map((s2) => s2.beneficiary).filter((id) => ALLOWANCES3.estate[dossier.beneficiaries.find((b) => b.id === id).relationship] !== null);
}
function residueShortcut(dossier, answer) {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  return answer.total_droits > 0 && !residueHeirs(dossier).some((id) => answer.beneficiaires[id].part_taxable > 0 && answer.beneficiaires[id].droits > 0);
}
function grownEstate(input) {
  const cents = (v) => Math.round(Number(v ?? 0) * 100);
  const assets = (input.assets ?? []).reduce((s2, a) => s2 + cents(a.value), 0);
  const debts = (input.debts ?? []).reduce((s2, a) => s2 + cents(a.value), 0);
  const net = assets - debts - Math.min(cents(input.funeralCosts), FUNERAL_COSTS_CAP3.value * 100);
  return { ...input, assets: [...input.assets ?? [], { label: "Actif suppl\xE9mentaire", value: Math.ceil(net / 10) / 100 }] };
}
function residueInsensitive(dossier, input, answer) {
  if (dossier.kind !== "estate" || dossier.residue.length === 0) return false;
  const grown = compute2(readDossier2(grownEstate(input))).answer;
  return residueHeirs(dossier).every((id) => {
    const a = answer.beneficiaires[id];
    const b = grown.beneficiaires[id];
    return a.part_taxable === b.part_taxable && a.droits === b.droits;
  });
}
function ruleMatters(dossier, answer, rule) {
  return !sameAnswer2(compute2(dossier, { ignore: [rule] }).answer, answer);
}
function levelRulesMatter(dossier, answer, level2, shape = "default") {
  const m = (rule) => ruleMatters(dossier, answer, rule);
  if (level2 === 3) {
    if (dossier.kind === "gift") {
      if (shape === "790GMatters") return m("exemption790G");
      const donorAge = ageOn9(dossier.person.birthDate, dossier.date);
      return m("exemption790G") || donorAge >= CASH_GIFT_790G6.donorAgeBelow.value && m("ageConditions790G");
    }
    if (shape === "recallAndRepresentation") return m("recall") && m("representation");
    return m("recall") || m("representation") || m("gift790G");
  }
  if (level2 === 4) {
    if (dossier.kind === "gift") return m("usufruct669") && m("exemption790G") && m("recall");
    return dossier.bequests.length > 0 && m("usufruct669") && m("recall") && (m("representation") || m("gift790G"));
  }
  return true;
}
function datesOk2(d2) {
  const people = [d2.subject.birth, ...d2.beneficiaries.map((b) => b.birth), ...d2.kind === "estate" ? d2.predeceased.map((p) => p.birth) : []];
  if (people.some((b) => sameMonthDay(b, d2.date))) return false;
  const all = [d2.date, ...people, ...d2.priorGifts.map((g) => g.date), ...d2.kind === "estate" ? d2.predeceased.map((p) => p.death) : []];
  return all.every((x) => x.d <= MAX_DAY);
}
function usufructuaryAge2(d2) {
  if (d2.kind === "estate") {
    if (d2.spouseUsufruct === null) return null;
    return ageOn9(d2.beneficiaries.find((b) => b.id === d2.spouseUsufruct).birth, d2.date);
  }
  return d2.gifts.some((g) => g.reservedUsufruct) ? ageOn9(d2.subject.birth, d2.date) : null;
}
var rulesNumberCache2 = /* @__PURE__ */ new Map();
function rulesNumbers2(rules) {
  let set = rulesNumberCache2.get(rules);
  if (!set) rulesNumberCache2.set(rules, set = numbersIn(rules));
  return set;
}
function examine(d2, level2, shape = "default") {
  if (!datesOk2(d2)) return "dates";
  if (implausibleParenthood(d2.parents) !== null) return "family";
  if (exemptPriorOverCeiling(d2.priorGifts) !== null) return "ceiling790G";
  if (usufructuaryAge2(d2) === OPEN_ROW_AGE) return "usufructuary91";
  const input = toDossier(d2);
  const dossier = readDossier2(input);
  const answer = compute2(dossier).answer;
  if (answer.total_droits <= 0) return "noTax";
  if (zeroButOne(dossier, answer)) return "zeroButOne";
  if (residueShortcut(dossier, answer)) return "residueShortcut";
  if (!levelRulesMatter(dossier, answer, level2, shape)) return "levelRule";
  if (residueInsensitive(dossier, input, answer)) return "residueInsensitive";
  const parts = promptParts(d2, level2);
  if (leakedAmounts(`${parts.dossier}
${parts.format}`, answer, rulesNumbers2(parts.rules)).length > 0) return "amountInPrompt";
  return { dossier: input, answer, prompt: joinPrompt(parts) };
}
var MAX_DRAWS = 2e3;
var redrawCounts = /* @__PURE__ */ new Map();
var LEVEL_OPTIONS = [0, 1, 2, 3, 4, 5, 6];
var LEVEL_ERROR = "level must be 0 (the mix of levels 1 to 4) or 1 to 6";
var SHARED = { zeroButOne, residueShortcut, residueInsensitive, joinPrompt };
function seedInfo(dossier, seed, index) {
  const info = { dossier, seed, index, generatorVersion: GENERATOR_VERSION };
  let difficulty;
  Object.defineProperty(info, "difficulty", {
    enumerable: false,
    get() {
      if (difficulty === void 0) {
        const d2 = readDossier2(dossier);
        difficulty = difficultyOf(d2, compute2(d2), "steps");
      }
      return difficulty;
    }
  });
  return info;
}
function generateTask(seed, index, level2 = 0) {
  assertInteger("seed", seed);
  assertInteger("index", index, 0);
  if (!LEVEL_OPTIONS.includes(level2)) throw new RangeError(`${LEVEL_ERROR}, got ${level2}`);
  const lvl = level2 === 0 ? mixLevel(index) : level2;
  const rng = new Rng(seed, index);
  if (isCgiLevel(lvl)) return cgiTask(rng, seed, index, lvl);
  const pinned = level2 === 0 && index < FIRST_SIX.length;
  const variant = pinned ? FIRST_SIX[index] : rng.weighted(VARIANT_WEIGHTS[lvl]);
  const shape = pinned ? FIRST_SIX_SHAPES[index] : "default";
  for (let i = 0; i < MAX_DRAWS; i++) {
    const result = examine(draw(rng, variant, shape), lvl, shape);
    if (typeof result === "string") {
      redrawCounts.set(result, (redrawCounts.get(result) ?? 0) + 1);
      continue;
    }
    return {
      id: `succession-${lvl}-${index}`,
      level: lvl,
      variant,
      prompt: result.prompt,
      answer: result.answer,
      info: seedInfo(result.dossier, seed, index)
    };
  }
  throw new Error(`generator: no valid ${variant} dossier after ${MAX_DRAWS} draws (seed ${seed}, task ${index})`);
}
function cgiTask(rng, seed, index, level2) {
  const variant = rng.weighted(VARIANT_WEIGHTS[level2]);
  for (let i = 0; i < MAX_DRAWS; i++) {
    const result = examineCgi(drawCgi(rng, level2, variant), level2, SHARED);
    if (typeof result === "string") {
      redrawCounts.set(result, (redrawCounts.get(result) ?? 0) + 1);
      continue;
    }
    return {
      id: `succession-${level2}-${index}`,
      level: level2,
      variant,
      prompt: result.prompt,
      answer: result.answer,
      info: { dossier: result.dossier, seed, index, generatorVersion: GENERATOR_VERSION, difficulty: result.difficulty }
    };
  }
  throw new Error(`generator: no valid ${variant} dossier after ${MAX_DRAWS} draws (seed ${seed}, task ${index})`);
}

// scratch/dbg4.ts
import * as E from "@succ/engine";
var level = Number(process.argv[2]);
var n = Number(process.argv[3] ?? 2e3);
for (let i = 0; i < 300; i++) generateTask(2, i, level);
redrawCounts.clear();
var t0 = performance.now();
for (let i = 0; i < n; i++) generateTask(1, i, level);
var s = (performance.now() - t0) / 1e3;
console.log(`level ${level}: ${n} in ${s.toFixed(2)}s = ${Math.round(n / s)}/s`);
console.log([...redrawCounts.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / n).toFixed(2)}`).join(", "));
var t = generateTask(1, 5, level);
var d = E.readDossier(t.info.dossier);
var t1 = performance.now();
for (let i = 0; i < 2e4; i++) E.compute(d);
console.log("compute \xB5s", ((performance.now() - t1) / 20).toFixed(1));
var t2 = performance.now();
for (let i = 0; i < 2e4; i++) E.readDossier(t.info.dossier);
console.log("read \xB5s", ((performance.now() - t2) / 20).toFixed(1));
//# sourceMappingURL=dbg4.js.map