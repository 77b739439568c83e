/**
 * A test-only reader of the prompts of levels 5 and 6 (the notary's file), sharing no code with
 * the generator: it rebuilds the dossier (`info.dossier`, `"law": "cgi"`) from the prompt text
 * alone and, for level 5, the law the articles state, amount by amount. It starts from the law of
 * the act's date only for the shape of the object, then overwrites every amount it reads, so that
 * a wrong amount in a prompt changes the answer it finds. Strict, like prompt-reader.ts: a line,
 * cell or section it does not understand throws a `PromptReadError`.
 */
import type { AssetInput, BeneficiaryInput, DossierInput, GiftInput, LifeInsuranceInput, MaritalStatus, PriorGiftInput } from "@succ/engine";
import { lawOn, type Band, type Law, type LawSource, type UsufructRow } from "@succ/rules";
import {
  agree,
  amountsIn,
  isEmptyStatement,
  parseAmount,
  parseDate,
  parseFraction,
  parseRelationship,
  proseOf,
  PromptReadError,
  sexOfWord,
  tableOf,
  tablesOf,
  type Section,
  type Sex,
} from "./prompt-reader.js";

/** Completed years from `birth` to `on` (YYYY-MM-DD; the files of levels 5-6 have no day above 28). */
function ageOn(birth: string, on: string): number {
  return Number(on.slice(0, 4)) - Number(birth.slice(0, 4)) - (on.slice(5) < birth.slice(5) ? 1 : 0);
}

function fail(message: string): never {
  throw new PromptReadError(message);
}

type Kind =
  | "dossier"
  | "beneficiaries"
  | "assets"
  | "furniture"
  | "debts"
  | "funeral"
  | "insurance"
  | "bequests"
  | "residue"
  | "gifts"
  | "prior"
  | "law"
  | "rule"
  | "decisions"
  | "format";

function kindOf(heading: string): Kind {
  const h = heading.toLowerCase();
  if (/^dossier\b/.test(h)) return "dossier";
  if (/^(bénéficiaires|donataires) et état civil$/.test(h)) return "beneficiaries";
  if (/^inventaire de l'actif/.test(h)) return "assets";
  if (/^meubles meublants/.test(h)) return "furniture";
  if (/^passif/.test(h)) return "debts";
  if (/^frais funéraires/.test(h)) return "funeral";
  if (/^assurance-vie/.test(h)) return "insurance";
  if (/^legs particuliers/.test(h)) return "bequests";
  if (/^dévolution du surplus/.test(h)) return "residue";
  if (/^biens donnés/.test(h)) return "gifts";
  if (/^donations antérieures/.test(h)) return "prior";
  if (/^droit applicable/.test(h)) return "law";
  if (/^règle à appliquer/.test(h)) return "rule";
  if (/^décisions retenues/.test(h)) return "decisions";
  if (/^format de la réponse/.test(h)) return "format";
  fail(`unknown section heading: ${JSON.stringify(heading)}`);
}

function sections(prompt: string): Map<Kind, Section> {
  const out = new Map<Kind, Section>();
  let current: Section | null = null;
  for (const line of prompt.split(/\r?\n/)) {
    const h = /^#{2,3}\s+(.+?)\s*$/.exec(line);
    if (h) {
      const kind = kindOf(h[1]!);
      if (out.has(kind)) fail(`section "${h[1]}" appears twice`);
      current = { heading: h[1]!, lines: [] };
      out.set(kind, current);
    } else if (current) current.lines.push(line);
  }
  return out;
}

function need(s: Map<Kind, Section>, k: Kind): Section {
  const x = s.get(k);
  if (!x) fail(`the prompt has no ${k} section`);
  return x;
}

const ID = /^B\d+$/;
function id(cell: string, where: string, known?: Set<string>): string {
  const x = cell.trim();
  if (!ID.test(x)) fail(`${where}: not a beneficiary id: ${JSON.stringify(cell)}`);
  if (known && !known.has(x)) fail(`${where}: ${x} is not a beneficiary`);
  return x;
}

/** "B1 : 1/2 ; B2 : 1/2" → shares. */
function attribution(cell: string, known: Set<string>, where: string): { beneficiary: string; fraction: string }[] {
  return cell
    .split(";")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map((part) => {
      const m = /^(B\d+)\s*:\s*(.+)$/.exec(part);
      if (!m) fail(`${where}: not understood: ${part}`);
      return { beneficiary: id(m[1]!, where, known), fraction: parseFraction(m[2]!) };
    });
}

/** Marital statuses as the file writes them, with the sex their form gives (none for "célibataire"). */
const STATUS: Record<string, [MaritalStatus, Sex | undefined]> = {
  célibataire: ["single", undefined],
  marié: ["married", "M"],
  mariée: ["married", "F"],
  "lié par un pacs": ["pacs", "M"],
  "liée par un pacs": ["pacs", "F"],
  veuf: ["widowed", "M"],
  veuve: ["widowed", "F"],
  divorcé: ["divorced", "M"],
  divorcée: ["divorced", "F"],
  "séparé de corps": ["separated", "M"],
  "séparée de corps": ["separated", "F"],
};

interface Civil {
  sex?: Sex;
  status: MaritalStatus | null;
  disabled: boolean;
  protectedAdult: boolean;
  livesWithSince: string | null | undefined;
  /** The infirmity worded as a minor's (annexe II, art. 294). */
  minorWording?: boolean;
}

/** The "État civil et situation" cell: "célibataire ; domiciliée avec le défunt depuis le 12/03/2001". */
function civil(cell: string, where: string): Civil {
  const out: Civil = { status: null, disabled: false, protectedAdult: false, livesWithSince: undefined };
  for (const fact of cell.split(";").map((x) => x.trim().toLowerCase())) {
    let m: RegExpExecArray | null;
    if ((m = /^(mineure?) non (émancipée?)$/.exec(fact))) out.sex = agree(sexOfWord(m[1]!, ["mineur"], ["mineure"]), sexOfWord(m[2]!, ["émancipé"], ["émancipée"]), where);
    else if ((m = /^(majeure?)$/.exec(fact))) out.sex = sexOfWord(m[1]!, ["majeur"], ["majeure"]);
    else if ((m = /^(mariée?) (?:au défunt|à la défunte)$/.exec(fact))) [out.status, out.sex] = ["married", sexOfWord(m[1]!, ["marié"], ["mariée"])];
    else if ((m = /^(liée?) (?:au défunt|à la défunte) par un pacs$/.exec(fact))) [out.status, out.sex] = ["pacs", sexOfWord(m[1]!, ["lié"], ["liée"])];
    else if (STATUS[fact] !== undefined) {
      out.status = STATUS[fact]![0];
      out.sex = agree(out.sex, STATUS[fact]![1], where);
    } else if ((m = /^(atteinte?) d'une infirmité qui (le|la) rend incapable de travailler dans des conditions normales de rentabilité$/.exec(fact))) {
      out.disabled = true;
      out.sex = agree(agree(out.sex, sexOfWord(m[1]!, ["atteint"], ["atteinte"]), where), sexOfWord(m[2]!, ["le"], ["la"]), where);
    } else if ((m = /^(atteinte?) d'une infirmité qui l'empêche d'acquérir une instruction ou une formation professionnelle d'un niveau normal$/.exec(fact))) {
      // A minor's infirmity, in the words of annexe II au CGI, art. 294.
      out.disabled = true;
      out.minorWording = true;
      out.sex = agree(out.sex, sexOfWord(m[1]!, ["atteint"], ["atteinte"]), where);
    } else if ((m = /^(majeur protégé|majeure protégée) \(tutelle\)$/.exec(fact))) {
      out.protectedAdult = true;
      out.sex = agree(out.sex, sexOfWord(m[1]!, ["majeur protégé"], ["majeure protégée"]), where);
    } else if ((m = /^(domiciliée?) avec (?:le défunt|la défunte) depuis le (\d{2}\/\d{2}\/\d{4})$/.exec(fact))) {
      out.livesWithSince = parseDate(m[2]!);
      out.sex = agree(out.sex, sexOfWord(m[1]!, ["domicilié"], ["domiciliée"]), where);
    } else if (/^domicile distinct de celui (du défunt|de la défunte)$/.test(fact)) out.livesWithSince = null;
    else fail(`${where}: civil-status fact not understood: ${JSON.stringify(fact)}`);
  }
  return out;
}

/** Whether `since` (YYYY-MM-DD) is on or before the day of death `years` years earlier. */
function yearsBefore(since: string, death: string, years: number): boolean {
  const [y, m, d] = death.split("-");
  return since <= `${String(Number(y) - years).padStart(4, "0")}-${m}-${d}`;
}

/** The kind of act and its date (YYYY-MM-DD) of a prompt of level 5 or 6: what {@link readArticlesLaw} needs first. */
export function readNotaryHead(prompt: string): { kind: "estate" | "gift"; date: string } {
  const head = need(sections(prompt), "dossier");
  const kind = /^dossier\s*:\s*succession\b/i.test(head.heading) ? "estate" : "gift";
  const re = kind === "estate" ? /^- Défunte? : .+, décédée? le (\d{2}\/\d{2}\/\d{4})\.$/ : /^- Date de l'acte de donation : (\d{2}\/\d{2}\/\d{4})\.$/;
  const dates = proseOf(head).map((l) => re.exec(l)).filter((m) => m !== null);
  if (dates.length !== 1) fail(`expected one date of the ${kind === "estate" ? "death" : "deed"}, found ${dates.length}`);
  return { kind, date: parseDate(dates[0]![1]!) };
}

/**
 * The dossier a prompt of level 5 or 6 describes. The years of common home that art. 796-0 ter
 * asks of a brother or sister are those of `law` when given (level 5: the law its articles
 * state, {@link readArticlesLaw}), else of the dated tables on the day of death (level 6).
 */
export function readNotaryPrompt(prompt: string, law?: Law): DossierInput {
  const s = sections(prompt);
  const head = need(s, "dossier");
  const title = /^dossier\s*:\s*(succession|donation)\b/i.exec(head.heading);
  if (!title) fail(`dossier heading names neither a succession nor a donation: ${head.heading}`);
  const kind = title[1]!.toLowerCase() === "succession" ? "estate" : "gift";
  const bullets = proseOf(head)
    .filter((l) => l.startsWith("- "))
    .map((l) => l.slice(2).trim());
  const person = bullets.map((b) => /^(Défunte?|Donat(?:eur|rice)) : (.+?), (née?) le (\d{2}\/\d{2}\/\d{4})(?:, (décédée?) le (\d{2}\/\d{2}\/\d{4}))?\.$/.exec(b)).filter((m) => m !== null);
  if (person.length !== 1) fail(`expected one line naming the deceased or donor, found ${person.length}`);
  const pm = person[0]!;
  if ((kind === "estate") !== pm[1]!.startsWith("Défunt")) fail(`"${pm[1]}" in a dossier of ${title[1]}`);
  let personSex = agree(sexOfWord(pm[1]!, ["Défunt", "Donateur"], ["Défunte", "Donatrice"]), sexOfWord(pm[3]!, ["né"], ["née"]), "the person's line");
  if (pm[5]) personSex = agree(personSex, sexOfWord(pm[5], ["décédé"], ["décédée"]), "the person's line");
  let date: string;
  let hasDescendants: boolean;
  if (kind === "estate") {
    if (!pm[6]) fail("no date of death");
    date = parseDate(pm[6]);
    const sit = bullets.map((b) => /^Situation familiale : (.+)\.$/.exec(b)).filter((m) => m !== null);
    if (sit.length !== 1) fail("expected one line of family situation");
    hasDescendants = !/\bsans descendant\b/.test(sit[0]![1]!);
  } else {
    const act = bullets.map((b) => /^Date de l'acte de donation : (\d{2}\/\d{2}\/\d{4})\.$/.exec(b)).filter((m) => m !== null);
    if (act.length !== 1) fail("expected one date of the deed");
    date = parseDate(act[0]![1]!);
    const desc = bullets.map((b) => /^Descendance : (le donateur|la donatrice) (a des descendants|n'a aucun descendant \(ni enfant, ni petit-enfant\))\.$/.exec(b)).filter((m) => m !== null);
    if (desc.length !== 1) fail("expected one line on the donor's descendants");
    personSex = agree(personSex, sexOfWord(desc[0]![1]!, ["le donateur"], ["la donatrice"]), "the line of descendants");
    hasDescendants = desc[0]![2] === "a des descendants";
  }

  // The representatives of predeceased children, as the lines name them.
  const represented = new Map<string, string>();
  for (const b of bullets) {
    const m = /^(?:Fils prédécédé|Fille prédécédée) : (.+?), née? le .+?, (?:représentée?) par (?:son enfant|ses enfants) (.+)\.$/.exec(b);
    if (!m) {
      if (/prédécéd/.test(b) && !/^Situation familiale/.test(b)) fail(`unread line: ${b}`);
      continue;
    }
    for (const x of m[2]!.split(/\s*(?:,|\bet\b)\s*/).filter((y) => y !== "")) represented.set(id(x, "predeceased child's line"), m[1]!.trim());
  }

  const bt = tableOf(need(s, "beneficiaries"), { id: /^ID$/, name: /^Nom$/, link: /^Lien\b/, birth: /naissance/, civil: /^État civil/ });
  const beneficiaries: BeneficiaryInput[] = [];
  const ids = new Set<string>();
  for (const r of bt.rows) {
    const bid = id(r[bt.col.id!]!, "beneficiary table");
    if (ids.has(bid)) fail(`${bid} twice`);
    ids.add(bid);
    const rel = parseRelationship(r[bt.col.link!]!);
    const c = civil(r[bt.col.civil!]!, `${bid}'s civil status`);
    const sex = agree(rel.sex, c.sex, `${bid}'s row`);
    if (rel.represents !== undefined && represented.get(bid) !== rel.represents) fail(`${bid}: the representation differs between the table and the lines`);
    const b: BeneficiaryInput = { id: bid, name: r[bt.col.name!]!, relationship: rel.relationship, birthDate: parseDate(r[bt.col.birth!]!) };
    if (sex !== undefined) b.sex = sex;
    b.disabled = c.disabled;
    // A minor's infirmity is worded as annexe II, art. 294 words it, an adult's as art. 779 II.
    if (c.disabled && (c.minorWording === true) !== (ageOn(b.birthDate, date) < (law ?? lawOn(date)).allowances.disabilityMinorBelow)) fail(`${bid}: the infirmity is worded for ${c.minorWording ? "a minor" : "an adult"}, not for this age`);
    if (rel.represents !== undefined) b.represents = rel.represents;
    if (c.protectedAdult) b.protectedAdult = true;
    if (kind === "estate" && c.status !== null) b.maritalStatus = c.status;
    if (kind === "estate" && rel.relationship === "sibling") {
      if (c.livesWithSince === undefined) fail(`${bid}: a brother or sister whose home the file does not give`);
      // Art. 796-0 ter: the years of common home; the tables of the act's date give how many.
      b.livedWithDeceased5Years = c.livesWithSince !== null && yearsBefore(c.livesWithSince, date, (law ?? lawOn(date)).exemptions.sibling.cohabitationYears);
    }
    beneficiaries.push(b);
  }
  for (const [x] of represented) if (!ids.has(x)) fail(`${x} represents a child but is not in the table`);
  // A married deceased, or one in a PACS, has its regime stated, with what the inventory holds; no one else.
  const regimes = bullets.filter((b) => /^Régime\b/.test(b));
  const partner = beneficiaries.find((b) => b.relationship === "spouse" || b.relationship === "pacs");
  if (kind === "estate" && partner !== undefined) {
    const own = "(?:du défunt|de la défunte)";
    const known =
      partner.relationship === "spouse"
        ? [new RegExp(`^Régime matrimonial : communauté légale réduite aux acquêts, à défaut de contrat de mariage\\. L'inventaire ci-dessous est établi après la liquidation de la communauté : il comprend les biens propres ${own} et sa moitié des biens communs, pour la valeur de sa part\\.$`), new RegExp(`^Régime matrimonial : séparation de biens \\(contrat de mariage reçu avant l'union\\)\\. L'inventaire ci-dessous comprend les biens personnels ${own} ; un bien indivis avec le conjoint y figure pour sa seule quote-part\\.$`)]
        : [new RegExp(`^Régime du PACS : séparation des patrimoines \\(régime légal\\)\\. L'inventaire ci-dessous comprend les biens personnels ${own} ; un bien indivis avec le partenaire y figure pour sa seule quote-part\\.$`)];
    if (regimes.length !== 1 || !known.some((r) => r.test(regimes[0]!))) fail(`a deceased with a ${partner.relationship} and no regime stated, or one not understood: ${regimes.join(" | ")}`);
  } else if (regimes.length > 0) fail(`a regime stated without a spouse or partner: ${regimes.join(" | ")}`);

  const prior: PriorGiftInput[] = [];
  const ps = need(s, "prior");
  if (!isEmptyStatement(ps)) {
    const pt = tableOf(ps, { who: /^Bénéficiaire/, date: /^Date/, nature: /^Nature/, value: /^Valeur/, applied: /^Abattements/ });
    for (const r of pt.rows) {
      const nature = r[pt.col.nature!]!;
      const cash790G = /^don familial de sommes d'argent exonéré \(art\. 790 G\)$/.test(nature);
      if (!cash790G && nature !== "donation (acte notarié)") fail(`prior gift of unknown nature: ${nature}`);
      const g: PriorGiftInput = { beneficiary: id(r[pt.col.who!]!, "prior gifts", ids), date: parseDate(r[pt.col.date!]!), value: parseAmount(r[pt.col.value!]!), cash790G };
      const applied = r[pt.col.applied!]!;
      if (cash790G) {
        if (applied !== "aucun (don exonéré)") fail(`an exempt gift with allowances: ${applied}`);
      } else {
        const m = /^(.+?) \(abattement personnel\)(?: et (.+?) \(abattement des personnes handicapées\))?$/.exec(applied);
        if (!m) fail(`allowances of a deed not understood: ${applied}`);
        g.allowanceUsed = parseAmount(m[1]!);
        if (m[2] !== undefined) g.disabilityAllowanceUsed = parseAmount(m[2]);
      }
      prior.push(g);
    }
  }

  const personOut = { name: pm[2]!.trim(), birthDate: parseDate(pm[4]!), ...(personSex ? { sex: personSex } : {}), hasDescendants };
  if (kind === "gift") {
    const gt = tableOf(need(s, "gifts"), { label: /^Bien/, value: /^Valeur/, nature: /^Nature/, to: /^Attribution/ });
    const gifts: GiftInput[] = gt.rows.map((r) => {
      const label = r[gt.col.label!]!;
      const nature = r[gt.col.nature!]!;
      const housing = /\(art\. 790 A bis\)$/.test(nature);
      const cash = /^somme d'argent, en pleine propriété/.test(nature);
      const bare = /^nue-propriété, (le donateur|la donatrice) se réservant l'usufruit$/.exec(nature);
      if (!cash && !bare && nature !== "bien en pleine propriété") fail(`${label}: nature not understood: ${nature}`);
      if (bare) personSex = agree(personSex, sexOfWord(bare[1]!, ["le donateur"], ["la donatrice"]), `the nature of ${label}`);
      const g: GiftInput = { label, value: parseAmount(r[gt.col.value!]!), cash, reservedUsufruct: bare !== null, to: attribution(r[gt.col.to!]!, ids, label) };
      if (housing) g.housing790ABis = true;
      return g;
    });
    for (const k of ["assets", "furniture", "debts", "funeral", "insurance", "bequests", "residue"] as const) if (s.has(k)) fail(`a donation with a ${k} section`);
    return { kind, law: "cgi", date, person: personOut, beneficiaries, gifts, priorGifts: prior };
  }

  const at = tableOf(need(s, "assets"), { label: /^Bien/, value: /^Valeur/, note: /^Observations/ });
  const assets: AssetInput[] = at.rows.map((r) => {
    const a: AssetInput = { label: r[at.col.label!]!, value: parseAmount(r[at.col.value!]!) };
    const note = r[at.col.note!]!;
    if (note === "—") return a;
    const m = /^résidence principale (?:du défunt|de la défunte) ; au jour du décès, également résidence principale de (.+)$/.exec(note);
    if (!m) fail(`asset note not understood: ${note}`);
    a.mainResidence = true;
    a.occupiedBy = m[1]!.split(/\s*(?:,|\bet\b)\s*/).filter((x) => x !== "").map((x) => id(x, "main residence", ids));
    return a;
  });
  const furnitureText = proseOf(need(s, "furniture")).join(" ");
  let furniture: DossierInput["furniture"];
  let m: RegExpExecArray | null;
  if (furnitureText === "Aucun meuble meublant dans la succession : les héritiers en apportent la preuve.") furniture = undefined;
  else if ((m = /^Ni vente publique ni inventaire du mobilier ; dans la déclaration, les héritiers estiment les meubles meublants à (.+)\.$/.exec(furnitureText))) furniture = { valuation: "declared", value: parseAmount(m[1]!) };
  else if (/^Ni vente publique ni inventaire du mobilier ; les héritiers n'en déclarent pas une valeur supérieure au minimum légal\.$/.test(furnitureText)) furniture = { valuation: "flat" };
  else if ((m = /^Inventaire notarié du mobilier dressé .*? : (.+)\.$/.exec(furnitureText))) furniture = { valuation: "inventory", value: parseAmount(m[1]!) };
  else if ((m = /^Mobilier vendu aux enchères publiques .*?, pour (.+)\.$/.exec(furnitureText))) furniture = { valuation: "sale", value: parseAmount(m[1]!) };
  else fail(`furniture not understood: ${furnitureText}`);

  const ds = need(s, "debts");
  let debts: { label: string; value: string }[] = [];
  if (!isEmptyStatement(ds)) {
    const dt = tableOf(ds, { label: /^Dette/, value: /^Montant/ });
    debts = dt.rows.map((r) => ({ label: r[dt.col.label!]!, value: parseAmount(r[dt.col.value!]!) }));
  }
  const funeral = proseOf(need(s, "funeral"));
  if (funeral.length !== 1 || amountsIn(funeral[0]!).length !== 1) fail(`funeral costs not understood: ${funeral.join(" ")}`);
  const funeralCosts = amountsIn(funeral[0]!)[0]!;

  const is = need(s, "insurance");
  const lifeInsurance: LifeInsuranceInput[] = [];
  if (!(tablesOf(is).length === 0 && proseOf(is).join(" ") === "Aucun contrat d'assurance-vie.")) {
    const it = tableOf(is, {
      label: /^Contrat$/,
      on: /^Souscrit/,
      to: /^Bénéficiaires/,
      early: /^Capitaux dus au titre des primes versées avant \d+ ans et avant le \d{2}\/\d{2}\/\d{4}$/,
      before: /^Capitaux dus au titre des primes versées avant \d+ ans à compter du \d{2}\/\d{2}\/\d{4}$/,
      premiums: /^Primes versées après \d+ ans$/,
      after: /^Capitaux dus au titre de ces primes$/,
    });
    // The insurers split the sums at the age of art. 757 B and 990 I: the one the law states.
    const header = tablesOf(is)[0]!.header;
    const ages = new Set([/avant (\d+) ans et avant/.exec(header[it.col.early!]!)![1], /avant (\d+) ans à compter/.exec(header[it.col.before!]!)![1], /après (\d+) ans$/.exec(header[it.col.premiums!]!)![1]].map(Number));
    // And at the day from which art. 990 I taxes the premiums, the same in both columns.
    const days = new Set([/avant le (\S+)$/.exec(header[it.col.early!]!)![1], /à compter du (\S+)$/.exec(header[it.col.before!]!)![1]]);
    if (days.size !== 1) fail(`the insurers' statements split the premiums at two days: ${[...days].join(", ")}`);
    const split = parseDate([...days][0]!);
    const limit = (law ?? lawOn(date)).lifeInsurance.insuredAgeLimit;
    if (ages.size !== 1 || !ages.has(limit)) fail(`the insurers' statements split the premiums at ${[...ages].join(" and ")} years, the law at ${limit}`);
    const amount = (cell: string): string => (cell === "néant" ? "0" : parseAmount(cell));
    for (const r of it.rows) {
      const subscribedOn = parseDate(r[it.col.on!]!);
      const early = r[it.col.early!]!;
      // "sans objet" for a contract subscribed from the day of art. 990 I; an amount or "néant" before it.
      if ((early === "sans objet (contrat souscrit depuis)") !== (subscribedOn >= split)) fail(`${r[it.col.label!]}: the capital before ${split} does not fit a contract subscribed on ${subscribedOn}`);
      lifeInsurance.push({
        label: r[it.col.label!]!,
        subscribedOn,
        beneficiaries: attribution(r[it.col.to!]!, ids, r[it.col.label!]!),
        capitalBefore70: amount(r[it.col.before!]!),
        ...(subscribedOn >= split ? {} : { capitalBefore1998: amount(early) }),
        premiumsAfter70: amount(r[it.col.premiums!]!),
        capitalAfter70: amount(r[it.col.after!]!),
      });
    }
  }
  const bs = need(s, "bequests");
  let bequests: { beneficiary: string; amount: string }[] = [];
  if (!isEmptyStatement(bs)) {
    const lt = tableOf(bs, { who: /^Légataire/, amount: /^Montant/ });
    bequests = lt.rows.map((r) => ({ beneficiary: id(r[lt.col.who!]!, "bequests", ids), amount: parseAmount(r[lt.col.amount!]!) }));
  }
  const rt = tableOf(need(s, "residue"), { who: /^Bénéficiaire/, share: /^Quote-part/ });
  const residue = rt.rows.map((r) => ({ beneficiary: id(r[rt.col.who!]!, "residue", ids), share: parseFraction(r[rt.col.share!]!) }));
  const out: DossierInput = { kind, law: "cgi", date, person: personOut, beneficiaries, assets, debts };
  if (furniture) out.furniture = furniture;
  if (lifeInsurance.length > 0) out.lifeInsurance = lifeInsurance;
  return { ...out, funeralCosts, bequests, residue, spouseUsufruct: null, priorGifts: prior };
}

// ---------------------------------------------------------------------------------------------
// The law the articles of a level-5 prompt state

const EUROS = "(\\d{1,3}(?: \\d{3})*(?:,\\d{1,2})? €)";

function euros(text: string): number {
  return Number(parseAmount(text));
}

function percent(text: string): number {
  const m = /^(\d+(?:,\d+)?) %$/.exec(text.trim());
  if (!m) fail(`not a rate: ${text}`);
  return Number(m[1]!.replace(",", "."));
}

/** "5 % jusqu'à 8 072 € ; 10 % de 8 072 € à 12 109 € ; … ; 45 % au-delà de 1 805 677 €". */
function bands(text: string): Band[] {
  return text.split(" ; ").map((part) => {
    const p = part.trim().replace(/ de part taxable$/, "");
    let m: RegExpExecArray | null;
    if ((m = new RegExp(`^(\\S+ %) jusqu'à ${EUROS}$`).exec(p))) return { upTo: euros(m[2]!), ratePercent: percent(m[1]!) };
    if ((m = new RegExp(`^(\\S+ %) de ${EUROS} à ${EUROS}$`).exec(p))) return { upTo: euros(m[3]!), ratePercent: percent(m[1]!) };
    if ((m = new RegExp(`^(\\S+ %) au-delà de ${EUROS}$`).exec(p))) return { upTo: null, ratePercent: percent(m[1]!) };
    if ((m = /^(\S+ %) sur toute la part taxable$/.exec(p))) return { upTo: null, ratePercent: percent(m[1]!) };
    fail(`band not understood: ${part}`);
  });
}

/** The one match of a pattern in the articles, or an error naming what is missing. */
function one(text: string, re: RegExp, what: string): RegExpExecArray {
  const all = [...text.matchAll(new RegExp(re.source, `${re.flags.replace("g", "")}g`))];
  if (all.length !== 1) fail(`articles: ${what} found ${all.length} times`);
  return all[0]! as RegExpExecArray;
}

/** A writable copy of a law (the shape), whose amounts the reader then overwrites. */
function copy<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T;
}

/**
 * The law that the articles of a level-5 prompt state: the shape of the law of the act's date,
 * every amount of it that the articles hold overwritten by what they say.
 */
export function readArticlesLaw(prompt: string, date: string, kind: "estate" | "gift"): Law {
  const s = sections(prompt);
  const text = proseOf(need(s, "law")).join("\n");
  const law = copy(lawOn(date)) as unknown as Record<string, any>;
  const a = law.allowances;
  const E = EUROS;
  if (kind === "estate") {
    law.funeralDeduction = euros(one(text, new RegExp(`Art\\. 775 .*?montant forfaitaire de ${E}`), "art. 775")[1]!);
    law.furnitureFlatRate = percent(one(text, /inférieure à (\S+ %) de l'ensemble des autres biens/, "art. 764 I")[1]!);
    law.mainResidence.reductionPercent = percent(one(text, /résidence principale du défunt est réduite de (\S+ %)/, "art. 764 bis")[1]!);
    law.mainResidence.minorBelow = Number(one(text, /enfants mineurs \(moins de (\d+) ans\)/, "minors of art. 764 bis")[1]);
    a.personal.estate.child = euros(one(text, new RegExp(`abattement de ${E} s'applique sur la part de chacun des enfants`), "art. 779 I")[1]!);
    a.personal.estate.sibling = euros(one(text, new RegExp(`abattement de ${E} s'applique sur la part de chacun des frères ou sœurs`), "art. 779 IV")[1]!);
    a.personal.estate.nephew = euros(one(text, new RegExp(`abattement de ${E} s'applique sur la part de chacun des neveux et nièces`), "art. 779 V")[1]!);
    a.default = euros(one(text, new RegExp(`un abattement de ${E} est opéré sur chaque part successorale`), "art. 788 IV")[1]!);
    law.exemptions.sibling.olderThan = Number(one(text, /âgé de plus de (\d+) ans ou atteint/, "art. 796-0 ter, age")[1]);
    law.exemptions.sibling.cohabitationYears = Number(one(text, /pendant les (\d+) années ayant précédé le décès/, "art. 796-0 ter, years")[1]);
    law.exemptions.smallEstate.directLineBelow = euros(one(text, new RegExp(`actif brut successoral est inférieur à ${E}, pourvu`), "art. 800 I, first")[1]!);
    law.exemptions.smallEstate.everyoneBelow = euros(one(text, new RegExp(`lorsqu'il est inférieur à ${E}, les personnes autres que celles-ci`), "art. 800 I, second")[1]!);
    const li = law.lifeInsurance;
    li.insuredAgeLimit = Number(one(text, /Art\. 757 B \(primes versées après (\d+) ans\)/, "art. 757 B, age")[1]);
    li.allowance757B = euros(one(text, new RegExp(`fraction des primes qui excède ${E}`), "art. 757 B")[1]!);
    const from = one(text, /Les contrats souscrits avant le (\d{2}\/\d{2}\/\d{4}) relèvent/, "art. 757 B, contracts")[1]!;
    li.contractsFrom = parseDate(from);
    const split = one(text, /avant son \d+e anniversaire et à compter du (\d{2}\/\d{2}\/\d{4}), sont soumises/, "art. 990 I, day")[1]!;
    if (one(text, /primes versées avant le (\d{2}\/\d{2}\/\d{4}) ne supportent ni le prélèvement/, "art. 990 I, earlier premiums")[1] !== split) fail("art. 990 I: two days for the premiums");
    li.premiumsFrom990I = parseDate(split);
    const levy = one(text, new RegExp(`diminué d'un abattement de ${E} : (.+?)\\. En sont exonérés`), "art. 990 I");
    li.allowance990I = euros(levy[1]!);
    li.scale990I = bands(levy[2]!);
  } else {
    const g = (what: string): number => euros(one(text, new RegExp(`${E} pour ${what}`), `allowance ${what}`)[1]!);
    a.personal.gift.child = g("chaque enfant");
    a.personal.gift.grandchild = g("chaque petit-enfant");
    a.personal.gift.greatgrandchild = g("chaque arrière-petit-enfant");
    a.personal.gift.spouse = g("le conjoint");
    a.personal.gift.pacs = a.personal.gift.spouse;
    a.personal.gift.sibling = g("chaque frère ou sœur");
    a.personal.gift.nephew = g("chaque neveu ou nièce");
    const c = one(text, new RegExp(`exonérés dans la limite de ${E} tous les (\\d+) ans par donateur et par donataire`), "art. 790 G");
    law.cashGift790G.ceiling = euros(c[1]!);
    law.cashGift790G.renewalYears = Number(c[2]);
    law.cashGift790G.donorAgeBelow = Number(one(text, /le donateur ait moins de (\d+) ans au jour du don/, "art. 790 G, donor")[1]);
    law.cashGift790G.doneeMinimumAge = Number(one(text, /le donataire ait au moins (\d+) ans/, "art. 790 G, donee")[1]);
    const h = one(text, new RegExp(`exonérés dans la limite de ${E} par donateur et par donataire \\(et de ${E} par donataire`), "art. 790 A bis");
    law.housingGift790ABis.ceiling = euros(h[1]!);
    law.housingGift790ABis.ceilingPerDonee = euros(h[2]!);
    const rows = one(text, /selon l'âge de l'usufruitier au jour de la transmission : (.+)\.$/m, "art. 669")[1]!;
    law.usufruct669 = rows.split(" ; ").map((row): UsufructRow => {
      const m = /^(.+?) : usufruit (\S+ %), nue-propriété (\S+ %)$/.exec(row);
      if (!m) fail(`art. 669 row not understood: ${row}`);
      if (percent(m[2]!) + percent(m[3]!) !== 100) fail(`art. 669: ${row} does not sum to 100 %`);
      const age = m[1]!;
      let x: RegExpExecArray | null;
      if ((x = /^moins de (\d+) ans révolus$/.exec(age))) return { maxAge: Number(x[1]) - 1, usufructPercent: percent(m[2]!) };
      if ((x = /^de \d+ à (\d+) ans révolus$/.exec(age))) return { maxAge: Number(x[1]), usufructPercent: percent(m[2]!) };
      if (/^\d+ ans révolus et plus$/.test(age)) return { maxAge: null, usufructPercent: percent(m[2]!) };
      fail(`art. 669 age not understood: ${age}`);
    });
    law.scales.spouse = bands(one(text, /Tableau II, entre époux et entre partenaires liés par un PACS : (.+)\.$/m, "tableau II")[1]!);
  }
  a.disability = euros(one(text, new RegExp(`abattement de ${E} s'applique sur la part de tout héritier, légataire ou donataire incapable`), "art. 779 II")[1]!);
  law.recallYears = Number(one(text, /depuis moins de (\d+) ans \(une donation passée exactement/, "art. 784")[1]);
  law.scales.directLine = bands(one(text, /Tableau I, ligne directe \(enfants, petits-enfants, arrière-petits-enfants\) : (.+)\.$/m, "tableau I")[1]!);
  const t3 = one(text, /Tableau III : entre frères et sœurs, (.+?) ; entre parents jusqu'au 4e degré inclusivement \(neveux et nièces\), (.+?) ; entre parents au-delà du 4e degré et entre personnes non parentes, (.+)\.$/m, "tableau III");
  law.scales.sibling = bands(t3[1]!);
  law.scales.nephew = bands(t3[2]!);
  law.scales.unrelated = bands(t3[3]!);
  return law as unknown as Law;
}

/** The window of art. 790 A bis that the articles of a level-5 gift state ("consentis … du 15/02/2025 au 31/12/2026"), or null. */
export function readHousingWindow(prompt: string): { from: string; to: string } | null {
  const text = proseOf(need(sections(prompt), "law")).join("\n");
  if (!/Art\. 790 A bis/.test(text) || /Ce régime ne s'applique pas aux dons consentis à la date de l'acte/.test(text)) return null;
  const m = one(text, /consentis en pleine propriété du (\d{2}\/\d{2}\/\d{4}) au (\d{2}\/\d{2}\/\d{4})/, "art. 790 A bis, window");
  return { from: parseDate(m[1]!), to: parseDate(m[2]!) };
}

/**
 * The law of a level-5 prompt as a source for the engine: the law its articles state on every
 * date, except that the housing regime of art. 790 A bis applies only within the window they
 * give (a gift's regime is that of its own day).
 */
export function articlesSource(law: Law, window: { from: string; to: string } | null): LawSource {
  const none = { ...law, housingGift790ABis: { ceiling: null, ceilingPerDonee: null, donees: null, doneesWithoutDescendants: null } } as Law;
  return { on: (day) => (window !== null && window.from <= day && day <= window.to ? law : none) };
}
