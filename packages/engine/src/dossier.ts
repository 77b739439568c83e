import Fraction from "fraction.js";
import { CIVIL_RELATIONSHIPS, RELATIONSHIPS, type Relationship, type Sex } from "@succ/rules";
import { compareDates, parseDate, type CivilDate } from "./dates.js";
import { DossierError, type DossierIssue } from "./errors.js";
import { add, equal, lt, ONE, positive, ratio, ZERO } from "./exact.js";
import { Fields } from "./fields.js";
import { intern, JsonNumber, parseJsonExact } from "./json.js";
import type { RuleFamily } from "./family.js";
import { checkCivilFile } from "./civil/checks.js";
import { formsSouche } from "./civil/heirs.js";
import { listOf } from "./lists.js";
import { readCivilAsset, readCivilGift, readFamilyFile, type CivilAsset, type CivilFile, type CivilGift, type Ownership } from "./civil/family.js";

/**
 * The two rule sets: `seed`, the simplified rules written in the prompts of levels 1-4 (the
 * default); `cgi`, the Code général des impôts in force on the date of the act.
 */
export const RULE_SETS = ["seed", "cgi"] as const;
export type RuleSet = (typeof RULE_SETS)[number];

/** An amount as the dossier JSON may hold it: a number with at most two decimals, or a decimal string. */
export type AmountInput = number | string;

/** The person's sex, optional: only for the agreement of French words in the calculation sheet. */
export type { Sex };

export interface BeneficiaryInput {
  id: string;
  name: string;
  relationship: Relationship;
  birthDate: string;
  sex?: Sex;
  disabled?: boolean;
  /** Estates only: the predeceased child whom this grandchild represents. */
  represents?: string | null;
  /** `cgi`, estates: a protected adult (art. 764 bis). */
  protectedAdult?: boolean;
  /** `cgi`, estates, siblings (art. 796-0 ter). */
  maritalStatus?: MaritalStatus;
  /** `cgi`, estates, siblings: lived with the deceased for the five years before the death (art. 796-0 ter). */
  livedWithDeceased5Years?: boolean;
}

export const MARITAL_STATUSES = ["single", "married", "pacs", "widowed", "divorced", "separated"] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

export interface PriorGiftInput {
  beneficiary: string;
  date: string;
  value: AmountInput;
  cash790G?: boolean;
  /** `cgi`: personal allowance (art. 779, 790 B, 790 D, 790 E, 790 F) the gift used, as in its deed. */
  allowanceUsed?: AmountInput;
  /** `cgi`: disability allowance (art. 779 II) the gift used, as in its deed (default 0). */
  disabilityAllowanceUsed?: AmountInput;
  /** `cgi`: whether the gift was registered (default true); an unregistered one bars art. 796-0. */
  registered?: boolean;
  /** `cgi`: a cash gift made under art. 790 A bis (housing), whose exempt part is not recalled. */
  housing790ABis?: boolean;
}

export interface GiftInput {
  label: string;
  value: AmountInput;
  cash?: boolean;
  reservedUsufruct?: boolean;
  /** `cgi`: cash given for a home under art. 790 A bis. */
  housing790ABis?: boolean;
  to: { beneficiary: string; fraction: string }[];
}

/** `cgi`, estates: an asset; one at most is the main residence (art. 764 bis). */
export interface AssetInput {
  label: string;
  value: AmountInput;
  mainResidence?: boolean;
  /** Beneficiary ids who live there as their main residence on the day of death. */
  occupiedBy?: string[];
  /** A child of the spouse or partner who is a minor, a protected adult or an adult unable to work through an infirmity (art. 779 II) lives there. */
  occupiedBySpouseChild?: boolean;
}

/** `cgi`, estates: the furniture (meubles meublants, art. 764 I). */
/**
 * `flat`: the heirs declare no value above the minimum of art. 764 I 3° (5 % of the other assets);
 * `declared`: their estimate, never below that minimum; `inventory` or `sale`: that value.
 */
export type FurnitureInput = { valuation: "flat" } | { valuation: "declared" | "inventory" | "sale"; value: AmountInput };

/** `cgi`, estates: a life-insurance contract on the deceased's life (art. 990 I and 757 B). */
export interface LifeInsuranceInput {
  label: string;
  subscribedOn: string;
  beneficiaries: { beneficiary: string; fraction: string }[];
  /** Sums due for premiums paid before the insured's 70th birthday and from 1998-10-13 (art. 990 I). */
  capitalBefore70?: AmountInput;
  /**
   * Sums due for premiums paid before 1998-10-13 (and before 70): exempt from the levy and from
   * death duties. Required for a contract subscribed before that day (0 when there were none),
   * refused above 0 on a later one.
   */
  capitalBefore1998?: AmountInput;
  /** Premiums paid after the 70th birthday (art. 757 B). */
  premiumsAfter70?: AmountInput;
  /** Sums due for them, when known (the base of art. 757 B is the lower of the two). */
  capitalAfter70?: AmountInput;
}

/** The dossier JSON (docs/dossier.md), as a generator writes it or a user sends it. */
export interface DossierInput {
  kind: "estate" | "gift";
  /** The rule set (default "seed"). */
  law?: RuleSet;
  date: string;
  /** `hasDescendants` (`cgi` only, default true): whether the deceased or the donor has descendants. */
  person: { name: string; birthDate: string; sex?: Sex; hasDescendants?: boolean };
  beneficiaries: BeneficiaryInput[];
  assets?: AssetInput[];
  debts?: { label: string; value: AmountInput }[];
  furniture?: FurnitureInput;
  lifeInsurance?: LifeInsuranceInput[];
  funeralCosts?: AmountInput;
  bequests?: { beneficiary: string; amount: AmountInput }[];
  residue?: { beneficiary: string; share: string }[];
  spouseUsufruct?: string | null;
  gifts?: GiftInput[];
  priorGifts?: PriorGiftInput[];
}

/** A validated beneficiary. */
export interface Beneficiary {
  id: string;
  name: string;
  relationship: Relationship;
  birthDate: CivilDate;
  /** `null` when the dossier does not say. */
  sex: Sex | null;
  disabled: boolean;
  represents: string | null;
  protectedAdult: boolean;
  maritalStatus: MaritalStatus | null;
  livedWithDeceased5Years: boolean;
  /** The true-or-false fields of a beneficiary that rule families added (`ReadOptions.families`), by name. */
  flags: Readonly<Record<string, boolean>>;
}

export interface PriorGift {
  beneficiary: string;
  date: CivilDate;
  value: Fraction;
  cash790G: boolean;
  /** As stated in the deed (`cgi`); `null` when the engine must replay it. */
  allowanceUsed: Fraction | null;
  disabilityAllowanceUsed: Fraction | null;
  registered: boolean;
  housing790ABis: boolean;
  /** Position in the dossier's list, to name it in explanations. */
  index: number;
}

export interface Gift {
  label: string;
  value: Fraction;
  cash: boolean;
  reservedUsufruct: boolean;
  housing790ABis: boolean;
  to: { beneficiary: string; fraction: Fraction }[];
}

export interface Asset {
  label: string;
  value: Fraction;
  mainResidence: boolean;
  occupiedBy: string[];
  occupiedBySpouseChild: boolean;
}

export interface LifeInsuranceContract {
  label: string;
  subscribedOn: CivilDate;
  beneficiaries: { beneficiary: string; fraction: Fraction }[];
  capitalBefore70: Fraction;
  /** `null` when the dossier does not state it (the checks require it on a contract subscribed before 1998-10-13). */
  capitalBefore1998: Fraction | null;
  premiumsAfter70: Fraction;
  capitalAfter70: Fraction | null;
  index: number;
}

interface DossierBase {
  ruleSet: RuleSet;
  date: CivilDate;
  person: { name: string; birthDate: CivilDate; sex: Sex | null; hasDescendants: boolean };
  beneficiaries: Beneficiary[];
  priorGifts: PriorGift[];
}

export interface EstateDossier extends DossierBase {
  kind: "estate";
  assets: Asset[];
  /** `null`: no furniture in the estate. */
  furniture: { valuation: "flat" | "declared" | "inventory" | "sale"; value: Fraction | null } | null;
  lifeInsurance: LifeInsuranceContract[];
  debts: { label: string; value: Fraction }[];
  funeralCosts: Fraction;
  bequests: { beneficiary: string; amount: Fraction }[];
  residue: { beneficiary: string; share: Fraction }[];
  spouseUsufruct: string | null;
  /** Computed mode (a dossier with `family`): the civil file the engine derives the devolution from. Absent otherwise. */
  civil?: CivilFile;
}

export interface GiftDossier extends DossierBase {
  kind: "gift";
  gifts: Gift[];
}

/** A dossier checked and read into exact values. */
export type Dossier = EstateDossier | GiftDossier;

/** Above this, an amount is surely a mistake (and a JSON number would no longer be exact). */
const MAX_AMOUNT = 1_000_000_000_000n;

const PLAIN_DECIMAL = /^(\d{1,16})(?:\.(\d{1,2}))?$/;
const ANY_DECIMAL = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const FRACTION = /^(\d{1,12})(?:\/(\d{1,12}))?$/;
export const ID = /^[A-Za-z0-9_-]{1,32}$/;

/** Whether `s` is an id, as {@link ID} tests it: 1 to 32 letters, digits, _ or - (by character code: every beneficiary is checked). */
function isId(s: string): boolean {
  if (s.length === 0 || s.length > 32) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45)) return false;
  }
  return true;
}

/**
 * The numerator and denominator of a fraction's text, as {@link FRACTION} reads them (1 to 12
 * digits, and "/" with 1 to 12 digits; exact as doubles), or null when it does not match.
 */
function fractionParts(t: string): { n: number; d: number } | null {
  let i = 0;
  let n = 0;
  for (; i < t.length && i < 13; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    n = n * 10 + c;
  }
  if (i === 0 || i > 12) return null;
  if (i === t.length) return { n, d: 1 };
  if (t.charCodeAt(i) !== 47) return null;
  const from = ++i;
  let d = 0;
  for (; i < t.length; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return null;
    d = d * 10 + c;
  }
  const digits = i - from;
  return digits >= 1 && digits <= 12 ? { n, d } : null;
}

/** A field of a beneficiary that only an estate under `cgi` reads (protectedAdult, maritalStatus, livedWithDeceased5Years): refused elsewhere. */
function cgiEstateOnly(c: Reading, v: unknown, p: string, key: string): void {
  c.cgiOnly(v, p, key);
  if (v !== undefined && c.kind !== "estate") c.r.fail(at(p, key), "only read in an estate");
}

const COMMON_KEYS = ["kind", "law", "date", "person", "beneficiaries", "priorGifts"];
/** The fields of computed mode, refused without `family` (each checked by its name where it is read). */
const CIVIL_ROOT = ["marriage", "will"];
const ESTATE_KEYS = new Fields([...COMMON_KEYS, "assets", "debts", "funeralCosts", "bequests", "residue", "spouseUsufruct", "furniture", "lifeInsurance", "family", ...CIVIL_ROOT]);
/** The fields of computed mode of an asset and of a prior gift (each checked by its name in readAsset and readPriorGift). */
const CIVIL_ASSET = ["ownership", "receivedFrom"];
const CIVIL_GIFT = ["outsideShare", "valueAtDeath"];
const COMPUTED_ONLY = "only read in computed mode, with \"family\" (docs/dossier.md)";
/** An estate's fields that a gift may not have (refused with a message of their own; checked by name in readGift). */
const ESTATE_ONLY = ["furniture", "lifeInsurance"];
const GIFT_KEYS = new Fields([...COMMON_KEYS, "gifts", ...ESTATE_ONLY, "family"]);
const PERSON_KEYS = new Fields(["name", "birthDate", "sex", "hasDescendants"]);
const BENEFICIARY_KEYS = new Fields(["id", "name", "relationship", "birthDate", "sex", "disabled", "represents", "protectedAdult", "maritalStatus", "livedWithDeceased5Years"]);
const PRIOR_GIFT_KEYS = new Fields(["beneficiary", "date", "value", "cash790G", "allowanceUsed", "disabilityAllowanceUsed", "registered", "housing790ABis", ...CIVIL_GIFT]);
const ASSET_KEYS = new Fields(["label", "value", "mainResidence", "occupiedBy", "occupiedBySpouseChild", ...CIVIL_ASSET]);
const DEBT_KEYS = new Fields(["label", "value", "ownership"]);
const FURNITURE_KEYS = new Fields(["valuation", "value"]);
const CONTRACT_KEYS = new Fields(["label", "subscribedOn", "beneficiaries", "capitalBefore70", "capitalBefore1998", "premiumsAfter70", "capitalAfter70"]);
/** Fields that only the `cgi` rules read: a `seed` dossier that sets one is refused (it would have no effect). */
const CGI_ONLY = "only read under the \"cgi\" rules (add \"law\": \"cgi\")";
const BEQUEST_KEYS = new Fields(["beneficiary", "amount"]);
const SHARE_KEYS = new Fields(["beneficiary", "share"]);
const GIFT_ITEM_KEYS = new Fields(["label", "value", "cash", "reservedUsufruct", "housing790ABis", "to"]);
/** A beneficiary and the fraction it receives (of a gift, of a contract). */
const SHARE_KEYS_OF = new Fields(["beneficiary", "fraction"]);
/**
 * The relationships by their text (a Map: a hash, not a comparison with each): the program's own
 * string, and whether it is one of the civil devolution only (one lookup for both).
 */
const RELATIONSHIP_OF: ReadonlyMap<string, { relationship: Relationship; civil: boolean }> = new Map(
  RELATIONSHIPS.map((r) => [r, { relationship: r, civil: (CIVIL_RELATIONSHIPS as readonly string[]).includes(r) }]),
);
/** Whole euros up to this are read straight from a JavaScript number (exact, far below 2^53). */
const MAX_WHOLE_EUROS = Number(MAX_AMOUNT);

export type Obj = Record<string, unknown>;

/** `path.key`, or `key` at the root; built only when a problem is reported. */
export function at(path: string, key: string | undefined): string {
  if (key === undefined) return path;
  return path ? `${path}.${key}` : key;
}

/** Whether `v` is what a dossier's object fields must be: an object, not a list nor a number of the exact JSON reader. */
function isObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

/**
 * Reads fields and records problems. Each reader takes the value, the path of its parent and
 * its key: the path text is only built when there is a problem to report (this runs for every
 * field of every dossier).
 */
export class Reader {
  readonly issues: DossierIssue[] = [];

  fail(path: string, message: string): undefined {
    this.issues.push({ path, message });
    return undefined;
  }

  object(v: unknown, path: string, fields: Fields): Obj | undefined {
    if (!isObject(v)) return this.fail(path, "not an object");
    const o = v;
    const last = fields.last;
    const names = fields.names;
    let i = 0;
    let missed = false;
    let unknown = false;
    for (const k in o) {
      // The key in the same place as in the last object of all known fields is known: no lookup.
      if (!missed && i < last.length && k === last[i]) {
        i++;
        continue;
      }
      missed = true;
      if (!names.has(k) && Object.prototype.hasOwnProperty.call(o, k)) {
        this.fail(at(path, k), "unknown field");
        unknown = true;
      }
    }
    // Kept only when it is not a prefix of the last (so a shape and the same with one more
    // optional field at the end both match the longer one).
    if (missed && !unknown) fields.last = Object.keys(o);
    return o;
  }

  list(v: unknown, path: string, optional: boolean): unknown[] | undefined {
    if (v === undefined && optional) return [];
    if (!Array.isArray(v)) return this.fail(path, v === undefined ? "missing" : "not a list");
    return v;
  }

  string(v: unknown, path: string, key?: string): string | undefined {
    if (typeof v !== "string") return this.fail(at(path, key), v === undefined ? "missing" : "not a string");
    // Empty once trimmed: only when it starts with a space or a non-ASCII character (most names start with a letter).
    const c = v.charCodeAt(0);
    if (!(c > 32 && c < 127) && v.trim() === "") return this.fail(at(path, key), "empty");
    return v;
  }

  bool(v: unknown, path: string, key: string, fallback: boolean): boolean | undefined {
    if (v === undefined) return fallback;
    if (typeof v !== "boolean") return this.fail(at(path, key), "not true or false");
    return v;
  }

  /** An optional sex, "F" or "M"; `null` when absent. */
  sex(v: unknown, path: string, key: string): Sex | null | undefined {
    if (v === undefined || v === null) return null;
    if (v !== "F" && v !== "M") return this.fail(at(path, key), `must be "F" or "M", got ${JSON.stringify(v)}`);
    return v === "F" ? "F" : "M";
  }

  date(v: unknown, path: string, key?: string): CivilDate | undefined {
    if (typeof v !== "string") return this.fail(at(path, key), v === undefined ? "missing" : "not a date (YYYY-MM-DD)");
    return parseDate(v) ?? this.fail(at(path, key), `not a date: "${v}"`);
  }

  /**
   * An amount in euros, exactly: a decimal string, a {@link JsonNumber} from the exact parser,
   * or a JavaScript number. A number is accepted only when its shortest decimal form is plain
   * (no exponent) with at most two decimals and at most 1e12; such a decimal has at most 15
   * significant digits, which a double always carries back to the same decimal text, so
   * reading `String(n)` gives the amount the JSON text held.
   */
  amount(v: unknown, path: string, key?: string): Fraction | undefined {
    // Fast path: a whole number of euros as a JavaScript number (what generators write).
    if (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= MAX_WHOLE_EUROS) return ratio(v, 1);
    let text: string;
    if (typeof v === "string") text = v.trim();
    else if (v instanceof JsonNumber) {
      text = v.text;
      // Fast path: whole euros written as a plain JSON integer of at most 12 digits.
      if (text.length >= 1 && text.length <= 12) {
        let euros = 0;
        let k = 0;
        for (; k < text.length; k++) {
          const c = text.charCodeAt(k) - 48;
          if (c < 0 || c > 9) break;
          euros = euros * 10 + c;
        }
        if (k === text.length && (text.length === 1 || text.charCodeAt(0) !== 48)) return ratio(euros, 1);
      }
    }
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return this.fail(at(path, key), "not a finite amount");
      text = String(v); // -0 took the whole-euro path above
    } else return this.fail(at(path, key), v === undefined ? "missing" : "not an amount");
    const m = PLAIN_DECIMAL.exec(text);
    if (!m) {
      if (ANY_DECIMAL.test(text)) {
        if (text.startsWith("-")) return this.fail(at(path, key), `negative amount: ${text}`);
        if (/\.\d{3,}$/.test(text)) return this.fail(at(path, key), `more than two decimals: ${text}`);
        return this.fail(at(path, key), `not a plain decimal amount: ${text}`);
      }
      return this.fail(at(path, key), `not an amount: "${text}"`);
    }
    // Up to 15 characters, the number of cents is an exact double (at most 10^14 once checked
    // against the maximum); longer texts go through BigInt.
    if (text.length <= 15) {
      const cents = Number(m[1]!) * 100 + (m[2] === undefined ? 0 : Number(m[2].length === 1 ? `${m[2]}0` : m[2]));
      if (cents > MAX_WHOLE_EUROS * 100) return this.fail(at(path, key), `amount above ${MAX_AMOUNT} €: ${text}`);
      // ratio reduces a whole number of euros to n/1 as well (no division of its own here, which
      // TurboFan compiled without feedback when no whole decimal text had come yet, and deopted at the first).
      return ratio(cents, 100);
    }
    const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
    if (cents > MAX_AMOUNT * 100n) return this.fail(at(path, key), `amount above ${MAX_AMOUNT} €: ${text}`);
    return new Fraction(cents, 100n);
  }

  /** A fraction in (0, 1] written as a string: "1/3", "1". */
  fraction(v: unknown, path: string, key: string): Fraction | undefined {
    if (typeof v !== "string") return this.fail(at(path, key), v === undefined ? "missing" : 'not a fraction string such as "1/3"');
    if (v === "1") return ONE;
    const m = fractionParts(v.trim());
    if (!m) return this.fail(at(path, key), `not a fraction: "${v}"`);
    // At most 12 digits each: exact as doubles.
    const { n, d } = m;
    if (d === 0) return this.fail(at(path, key), `zero denominator: "${v}"`);
    if (n === 0 || n > d) return this.fail(at(path, key), `must be above 0 and at most 1: "${v}"`);
    return ratio(n, d);
  }
}

/** An amount as dossiers and error messages write it: `406500.01`, `1200`. */
export function formatAmount(f: Fraction): string {
  return f.toString(2).replace(/\.00$/, "");
}

const NO_FLAGS: Readonly<Record<string, boolean>> = Object.freeze({});

/** A beneficiary flag declared by a family (`beneficiaries[].NAME`, `read: "flag"`). */
interface FlagField {
  name: string;
  ruleSets: readonly RuleSet[];
}

const NO_FLAG_FIELDS: FlagField[] = [];

/** The beneficiary flags declared by families. */
function flagFieldsOf(families: readonly RuleFamily[] | undefined): FlagField[] {
  // The engine's own families declare none (no list made for each dossier).
  if (families === undefined || families.length === 0) return NO_FLAG_FIELDS;
  const out: FlagField[] = [];
  for (const f of families) {
    for (const x of f.fields) {
      const m = /^beneficiaries\[\]\.([A-Za-z][A-Za-z0-9]*)$/.exec(x.path);
      if (x.read === "flag" && m) out.push({ name: m[1]!, ruleSets: x.ruleSets });
    }
  }
  return out;
}

export interface ReadOptions {
  /** The rule set of a dossier that has no `law` field (default "seed"). */
  defaultRuleSet?: RuleSet;
  /**
   * Rule families beyond the engine's own, whose declared fields the reader also accepts: a field
   * `beneficiaries[].NAME` declared with `read: "flag"` is read as true or false (default false)
   * into the beneficiary's `flags`, refused under a rule set the field does not list.
   */
  families?: readonly RuleFamily[];
}

/** A beneficiary and the fraction it receives (of a gift, of a contract). */
interface Share {
  beneficiary: string;
  fraction: Fraction;
}

/** A list of shares as {@link Reading.shares} reads it. */
interface SharesRead {
  shares: Share[];
  /** The sum of the fractions read. */
  total: Fraction;
  /** Whether every item was read (so that the sum can be checked). */
  whole: boolean;
}

/** Items whose paths {@link ItemPaths} keeps, per list (beyond, each is written when asked for). */
const KEPT_PATHS = 256;

/**
 * The paths of a list's items, `name[0]`, `name[1]`, …, each written once and kept: the reader
 * gives each item's path to every field it reads, and only a problem turns it into a message, so
 * that writing the paths anew for each item of each dossier made strings hardly ever read. `key`:
 * the lists the items hold (`gifts[0].to`), their paths kept the same way.
 */
class ItemPaths {
  private readonly paths: string[] = [];
  private readonly lists: ItemPaths[] = [];
  constructor(
    readonly name: string,
    private readonly key: string | null = null,
  ) {}

  /** `name[i]`. */
  at(i: number): string {
    if (i >= KEPT_PATHS) return `${this.name}[${i}]`;
    return (this.paths[i] ??= `${this.name}[${i}]`);
  }

  /** The paths of the list `key` of item i: `name[i].key[…]`. */
  list(i: number): ItemPaths {
    if (i >= KEPT_PATHS) return new ItemPaths(`${this.at(i)}.${this.key}`);
    return (this.lists[i] ??= new ItemPaths(`${this.at(i)}.${this.key}`));
  }
}

const BENEFICIARY_PATHS = new ItemPaths("beneficiaries");
const PRIOR_GIFT_PATHS = new ItemPaths("priorGifts");
const DEBT_PATHS = new ItemPaths("debts");
const ASSET_PATHS = new ItemPaths("assets");
const CONTRACT_PATHS = new ItemPaths("lifeInsurance", "beneficiaries");
const BEQUEST_PATHS = new ItemPaths("bequests");
const RESIDUE_PATHS = new ItemPaths("residue");
const GIFT_PATHS = new ItemPaths("gifts", "to");

/**
 * One dossier being read: the reader of its problems and what its sections need from each other
 * (the kind, the rule set, the act's date, the beneficiaries' ids). Each section is a function
 * of its own that V8 compiles when it runs hot and recompiles alone after a deopt (the one
 * function of 360 lines with closures made at each call that this replaces took about 270 ms of
 * TurboFan at each compile, and was recompiled whole 3-4 times in a generator run, after a new
 * shape of object at any one of its property reads); a section a workload never meets (the
 * furniture, the contracts of a `seed` run) is never compiled.
 */
class Reading {
  readonly r = new Reader();
  readonly kind: "estate" | "gift";
  readonly ruleSet: RuleSet;
  readonly cgi: boolean;
  /** Computed mode: the dossier gives the family and the engine derives the devolution. */
  readonly computed: boolean;
  /** The act's date, once read (undefined when it is wrong). */
  date: CivilDate | undefined = undefined;
  /** Relationship of each id seen (also of beneficiaries with other problems). */
  readonly ids = new Map<string, Relationship | undefined>();
  /** Spouses and PACS partners among the beneficiaries. */
  spouses = 0;
  /** Assets marked as the main residence. */
  residences = 0;
  /** Computed mode: the civil parts of the assets, debts and prior gifts, for the civil file; null otherwise. */
  readonly civilAssets: CivilAsset[] | null;
  readonly civilDebts: { ownership: Ownership | null }[] | null;
  readonly civilGifts: CivilGift[] | null;

  constructor(kind: "estate" | "gift", ruleSet: RuleSet, computed: boolean) {
    this.kind = kind;
    this.ruleSet = ruleSet;
    this.cgi = ruleSet === "cgi";
    this.computed = computed;
    this.civilAssets = computed ? [] : null;
    this.civilDebts = computed ? [] : null;
    this.civilGifts = computed ? [] : null;
  }

  /** A field that only the `cgi` rules read, set on a `seed` dossier. */
  cgiOnly(v: unknown, path: string, key?: string): void {
    if (v !== undefined && !this.cgi) this.r.fail(at(path, key), CGI_ONLY);
  }

  /** A beneficiary's id where the dossier refers to one: its own string (every reference to it is then the same string). */
  known(v: unknown, path: string, key?: string): string | undefined {
    const id = this.r.string(v, path, key);
    if (id === undefined) return undefined;
    if (!this.ids.has(id)) return this.r.fail(at(path, key), `unknown beneficiary "${id}"`);
    return intern(id);
  }

  /**
   * A list of `{beneficiary, fraction}` (a gift's donees, a contract's beneficiaries): each one
   * known and listed once.
   */
  shares(v: unknown, paths: ItemPaths): SharesRead {
    const r = this.r;
    const path = paths.name;
    const list = r.list(v, path, false) ?? [];
    if (Array.isArray(v) && list.length === 0) r.fail(path, "empty");
    const shares: Share[] = [];
    const seen = new Set<string>();
    let total = ZERO;
    for (let j = 0; j < list.length; j++) {
      const q = paths.at(j);
      const x = r.object(list[j], q, SHARE_KEYS_OF);
      if (!x) continue;
      const beneficiary = this.known(x.beneficiary, q, "beneficiary");
      if (beneficiary !== undefined && seen.has(beneficiary)) r.fail(`${q}.beneficiary`, `"${beneficiary}" is listed twice`);
      if (beneficiary !== undefined) seen.add(beneficiary);
      const fraction = r.fraction(x.fraction, q, "fraction");
      if (beneficiary !== undefined && fraction) {
        shares.push({ beneficiary, fraction });
        total = add(total, fraction);
      }
    }
    return { shares, total, whole: list.length > 0 && shares.length === list.length };
  }
}

/**
 * Checks the structure of a dossier and reads it into exact values. Accepts the object from
 * {@link parseDossierText}, from `JSON.parse`, or built in code. Throws a {@link DossierError}
 * listing every problem with its path. The checks that depend on the law of the act's date (the
 * net estate covers the bequests, the 790 G ceiling of prior gifts, the `cgi` date range) run
 * when the dossier is computed, with the law it is computed under.
 */
export function readDossier(input: unknown, options: ReadOptions = {}): Dossier {
  const flagFields = flagFieldsOf(options.families);
  const root = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Obj) : undefined;
  if (!root) throw new DossierError([{ path: "", message: "a dossier is a JSON object" }]);
  const kindIn = root.kind;
  if (kindIn !== "estate" && kindIn !== "gift") {
    throw new DossierError([{ path: "kind", message: `must be "estate" or "gift", got ${JSON.stringify(kindIn) ?? "nothing"}` }]);
  }
  // The words of the dossier that the computation compares and looks up by are taken as the
  // program's own strings (the same text): V8 compares those by identity and finds them in a
  // table at once, where a string read from the line is compared and hashed character by character.
  const kind = kindIn === "estate" ? "estate" : "gift";
  // The fields of the root, each read once (the sections take them as arguments).
  const law = root.law;
  const family = root.family;
  let ruleSet: RuleSet = options.defaultRuleSet ?? "seed";
  if (law === "seed" || law === "cgi") ruleSet = law === "cgi" ? "cgi" : "seed";
  const c = new Reading(kind, ruleSet, family !== undefined && family !== null);
  const r = c.r;
  r.object(root, "", kind === "estate" ? ESTATE_KEYS : GIFT_KEYS);
  if (law !== undefined && law !== "seed" && law !== "cgi") r.fail("law", `must be "seed" or "cgi", got ${JSON.stringify(law)}`);
  if (family !== undefined) {
    if (kind !== "estate") r.fail("family", "the civil devolution exists only in an estate, not a gift");
    else if (!c.cgi) r.fail("family", 'computed mode exists only under the real law: add "law": "cgi"');
  }
  // Each field of CIVIL_ROOT by its name, in that order (a loop over the names made a keyed load
  // of each from every root, megamorphic; likewise below for the other lists of fields).
  if (kind === "estate" && !c.computed) {
    if (root.marriage !== undefined) r.fail("marriage", COMPUTED_ONLY);
    if (root.will !== undefined) r.fail("will", COMPUTED_ONLY);
  }
  c.date = r.date(root.date, "date");
  const person = readPerson(c, root.person);
  const beneficiaries = readBeneficiaries(c, root.beneficiaries, flagFields);
  const priorGifts = readPriorGifts(c, root.priorGifts);
  const dossier = kind === "estate" ? readEstate(c, root, person, beneficiaries, priorGifts) : readGift(c, root, person, beneficiaries, priorGifts);
  if (r.issues.length > 0) throw new DossierError(r.issues);
  return dossier;
}

/** The deceased or the donor (`person`); undefined fields where there are problems (the dossier is then refused). */
function readPerson(c: Reading, v: unknown): EstateDossier["person"] {
  const r = c.r;
  const person = r.object(v, "person", PERSON_KEYS);
  const name = person ? r.string(person.name, "person", "name") : undefined;
  const birthDate = person ? r.date(person.birthDate, "person", "birthDate") : undefined;
  const sex = person ? r.sex(person.sex, "person", "sex") : null;
  if (person) c.cgiOnly(person.hasDescendants, "person.hasDescendants");
  const hasDescendants = person ? r.bool(person.hasDescendants, "person", "hasDescendants", true) : true;
  if (c.date && birthDate && compareDates(birthDate, c.date) >= 0) r.fail("person.birthDate", "not before the act date");
  return { name: name!, birthDate: birthDate!, sex: sex ?? null, hasDescendants: hasDescendants ?? true };
}

function readBeneficiaries(c: Reading, v: unknown, flagFields: FlagField[]): Beneficiary[] {
  const r = c.r;
  const keys = flagFields.length === 0 ? BENEFICIARY_KEYS : new Fields([...BENEFICIARY_KEYS.names, ...flagFields.map((f) => f.name)]);
  const beneficiaries: Beneficiary[] = [];
  const list = r.list(v, "beneficiaries", false) ?? [];
  if (Array.isArray(v) && list.length === 0) r.fail("beneficiaries", "empty");
  for (let i = 0; i < list.length; i++) {
    const b = readBeneficiary(c, list[i], BENEFICIARY_PATHS.at(i), keys, flagFields);
    if (b !== undefined) beneficiaries.push(b);
  }
  if (c.spouses > 1) r.fail("beneficiaries", "more than one spouse or PACS partner");
  return beneficiaries;
}

function readBeneficiary(c: Reading, v: unknown, p: string, keys: Fields, flagFields: FlagField[]): Beneficiary | undefined {
  const r = c.r;
  const ids = c.ids;
  const b = r.object(v, p, keys);
  if (!b) return undefined;
  const raw = r.string(b.id, p, "id");
  const id = raw === undefined ? undefined : intern(raw);
  // Looked up once: the Map changes only at the end of this function.
  const seen = id !== undefined && ids.has(id);
  if (id !== undefined && !isId(id)) r.fail(`${p}.id`, `not an id (letters, digits, _ or -, at most 32): "${id}"`);
  // As a key of the answer object, "__proto__" would set its prototype, not add a beneficiary.
  else if (id === "__proto__") r.fail(`${p}.id`, `reserved name, not an id: "${id}"`);
  else if (seen) r.fail(`${p}.id`, `duplicate id "${id}"`);
  const name = r.string(b.name, p, "name");
  const rel = b.relationship;
  const known = typeof rel === "string" ? RELATIONSHIP_OF.get(rel) : undefined;
  const relationship = known?.relationship;
  const relOk = known !== undefined;
  if (!relOk) {
    r.fail(`${p}.relationship`, `must be one of ${RELATIONSHIPS.join(", ")}, got ${JSON.stringify(rel) ?? "nothing"}`);
  }
  if (rel === "spouse" || rel === "pacs") c.spouses++;
  if (relOk && known.civil) {
    if (!c.cgi) r.fail(`${p}.relationship`, `"${String(rel)}" is ${CGI_ONLY}`);
    else if (c.kind !== "estate") r.fail(`${p}.relationship`, `"${String(rel)}" exists only in an estate`);
    else if (rel === "collateral" && !c.computed) r.fail(`${p}.relationship`, 'a collateral\'s rate depends on a degree that only "family" states (computed mode)');
  }
  const birth = r.date(b.birthDate, p, "birthDate");
  if (birth && c.date && compareDates(birth, c.date) >= 0) r.fail(`${p}.birthDate`, "not before the act date");
  const sex = r.sex(b.sex, p, "sex");
  const disabled = r.bool(b.disabled, p, "disabled", false);
  let represents: string | null = null;
  if (b.represents !== undefined && b.represents !== null) {
    const who = r.string(b.represents, p, "represents");
    represents = who === undefined ? null : intern(who);
    if (c.computed) r.fail(`${p}.represents`, "not allowed with family: the engine derives who represents whom");
    else if (c.kind !== "estate") r.fail(`${p}.represents`, "representation only exists in estates");
    else if (rel !== "grandchild") r.fail(`${p}.represents`, "only a grandchild represents a predeceased child here");
  }
  // Each field by its name (a loop over the names made keyed loads and an iterator for each beneficiary).
  cgiEstateOnly(c, b.protectedAdult, p, "protectedAdult");
  cgiEstateOnly(c, b.maritalStatus, p, "maritalStatus");
  cgiEstateOnly(c, b.livedWithDeceased5Years, p, "livedWithDeceased5Years");
  const protectedAdult = r.bool(b.protectedAdult, p, "protectedAdult", false);
  const livedWith = r.bool(b.livedWithDeceased5Years, p, "livedWithDeceased5Years", false);
  let maritalStatus: MaritalStatus | null = null;
  if (b.maritalStatus !== undefined) {
    if ((MARITAL_STATUSES as readonly unknown[]).includes(b.maritalStatus)) maritalStatus = b.maritalStatus as MaritalStatus;
    else r.fail(`${p}.maritalStatus`, `must be one of ${MARITAL_STATUSES.join(", ")}, got ${JSON.stringify(b.maritalStatus)}`);
  }
  if (id !== undefined && !seen) ids.set(id, relationship);
  if (id === undefined || name === undefined || !birth || sex === undefined || disabled === undefined || !relOk || protectedAdult === undefined || livedWith === undefined) return undefined;
  let flags: Record<string, boolean> = NO_FLAGS;
  for (const f of flagFields) {
    const x = b[f.name];
    if (x !== undefined && !f.ruleSets.includes(c.ruleSet)) r.fail(`${p}.${f.name}`, `only read under the ${f.ruleSets.map((s) => `"${s}"`).join(" or ")} rules`);
    const value = r.bool(x, p, f.name, false);
    if (value !== undefined) flags = { ...flags, [f.name]: value };
  }
  return { id, name, relationship: relationship!, birthDate: birth, sex, disabled, represents, protectedAdult, maritalStatus, livedWithDeceased5Years: livedWith, flags };
}

function readPriorGifts(c: Reading, v: unknown): PriorGift[] {
  const priorGifts: PriorGift[] = [];
  const list = c.r.list(v, "priorGifts", true) ?? [];
  for (let i = 0; i < list.length; i++) {
    const g = readPriorGift(c, list[i], i);
    if (g !== undefined) priorGifts.push(g);
  }
  return priorGifts;
}

function readPriorGift(c: Reading, v: unknown, index: number): PriorGift | undefined {
  const r = c.r;
  const p = PRIOR_GIFT_PATHS.at(index);
  const g = r.object(v, p, PRIOR_GIFT_KEYS);
  if (!g) return undefined;
  const beneficiary = c.known(g.beneficiary, p, "beneficiary");
  const date = r.date(g.date, p, "date");
  if (date && c.date && compareDates(date, c.date) >= 0) r.fail(`${p}.date`, "a prior gift must be dated before the act");
  const value = r.amount(g.value, p, "value");
  if (value && !positive(value)) r.fail(`${p}.value`, "a prior gift has a value above 0");
  const cash790G = r.bool(g.cash790G, p, "cash790G", false);
  c.cgiOnly(g.allowanceUsed, p, "allowanceUsed");
  c.cgiOnly(g.disabilityAllowanceUsed, p, "disabilityAllowanceUsed");
  c.cgiOnly(g.registered, p, "registered");
  c.cgiOnly(g.housing790ABis, p, "housing790ABis");
  const housing = r.bool(g.housing790ABis, p, "housing790ABis", false);
  if (housing && cash790G) r.fail(`${p}.housing790ABis`, "a prior gift is exempt under art. 790 A bis or under art. 790 G, not both: list each part as its own prior gift");
  const allowanceUsed = g.allowanceUsed === undefined ? null : (r.amount(g.allowanceUsed, p, "allowanceUsed") ?? null);
  const disabilityAllowanceUsed = g.disabilityAllowanceUsed === undefined ? null : (r.amount(g.disabilityAllowanceUsed, p, "disabilityAllowanceUsed") ?? null);
  const registered = r.bool(g.registered, p, "registered", true);
  // The first field of CIVIL_GIFT the gift has, by its name.
  const civilKey = g.outsideShare !== undefined ? "outsideShare" : g.valueAtDeath !== undefined ? "valueAtDeath" : null;
  if (civilKey !== null && !c.computed) r.fail(`${p}.${civilKey}`, COMPUTED_ONLY);
  const civilGift = c.computed ? readCivilGift(r, g, p) : null;
  if (cash790G && (allowanceUsed !== null || disabilityAllowanceUsed !== null)) {
    r.fail(`${p}.cash790G`, "an exempt 790 G gift uses no allowance: drop allowanceUsed and disabilityAllowanceUsed");
  }
  // lt of exact.ts, not fraction.js's gt: its argument parsing made a Fraction for each gift read.
  if (value && allowanceUsed && lt(value, add(allowanceUsed, disabilityAllowanceUsed ?? ZERO))) {
    r.fail(`${p}.allowanceUsed`, `the allowances used (${formatAmount(add(allowanceUsed, disabilityAllowanceUsed ?? ZERO))} €) exceed the gift's value (${formatAmount(value)} €)`);
  } else if (value && allowanceUsed === null && disabilityAllowanceUsed && lt(value, disabilityAllowanceUsed)) {
    r.fail(`${p}.disabilityAllowanceUsed`, "exceeds the gift's value");
  }
  if (beneficiary === undefined || !date || !value || cash790G === undefined || registered === undefined || housing === undefined) return undefined;
  if (civilGift) c.civilGifts!.push(civilGift);
  return { beneficiary, date, value, cash790G, allowanceUsed, disabilityAllowanceUsed, registered, housing790ABis: housing, index };
}

/** The sections of an estate, in the order of their problems, and the civil file of computed mode. */
function readEstate(c: Reading, root: Obj, person: EstateDossier["person"], beneficiaries: Beneficiary[], priorGifts: PriorGift[]): EstateDossier {
  const r = c.r;
  const debts = readDebts(c, root.debts);
  const assets = readAssets(c, root.assets);
  const furniture = root.furniture === undefined ? null : readFurniture(c, root.furniture);
  const lifeInsurance = readLifeInsurance(c, root.lifeInsurance);
  const funeralCosts = root.funeralCosts === undefined ? ZERO : r.amount(root.funeralCosts, "funeralCosts");
  const bequests = readBequests(c, root.bequests);
  const inResidue = new Set<string>();
  const residue = readResidue(c, root.residue, inResidue);
  const spouseUsufruct = readSpouseUsufruct(c, root.spouseUsufruct, residue, inResidue);
  // The fields of both kinds, in this order after `kind` (written out in each literal: an
  // object spread costs more than the fields it copies).
  const dossier: EstateDossier = { kind: "estate", ruleSet: c.ruleSet, date: c.date!, person, beneficiaries, priorGifts, assets, debts, furniture, lifeInsurance, funeralCosts: funeralCosts!, bequests, residue, spouseUsufruct };
  if (c.computed && c.cgi) readCivil(c, root, dossier);
  return dossier;
}

function readDebts(c: Reading, v: unknown): EstateDossier["debts"] {
  const r = c.r;
  const debts: EstateDossier["debts"] = [];
  const list = r.list(v, "debts", true) ?? [];
  for (let i = 0; i < list.length; i++) {
    const p = DEBT_PATHS.at(i);
    const o = r.object(list[i], p, DEBT_KEYS);
    if (!o) continue;
    const label = r.string(o.label, p, "label");
    const value = r.amount(o.value, p, "value");
    let ownership: Ownership | null = null;
    if (o.ownership !== undefined) {
      if (!c.computed) r.fail(`${p}.ownership`, COMPUTED_ONLY);
      else if (o.ownership === "own" || o.ownership === "common") ownership = o.ownership;
      else r.fail(`${p}.ownership`, `must be "own" or "common", got ${JSON.stringify(o.ownership)}`);
    }
    if (label !== undefined && value) {
      debts.push({ label, value });
      if (c.civilDebts) c.civilDebts.push({ ownership });
    }
  }
  return debts;
}

function readAssets(c: Reading, v: unknown): Asset[] {
  const assets: Asset[] = [];
  const list = c.r.list(v, "assets", false) ?? [];
  for (let i = 0; i < list.length; i++) {
    const a = readAsset(c, list[i], ASSET_PATHS.at(i));
    if (a !== undefined) assets.push(a);
  }
  if (c.residences > 1) c.r.fail("assets", `${c.residences} assets are marked as the main residence; there is one at most`);
  return assets;
}

function readAsset(c: Reading, v: unknown, p: string): Asset | undefined {
  const r = c.r;
  const o = r.object(v, p, ASSET_KEYS);
  if (!o) return undefined;
  const label = r.string(o.label, p, "label");
  const value = r.amount(o.value, p, "value");
  c.cgiOnly(o.mainResidence, p, "mainResidence");
  c.cgiOnly(o.occupiedBy, p, "occupiedBy");
  c.cgiOnly(o.occupiedBySpouseChild, p, "occupiedBySpouseChild");
  const mainResidence = r.bool(o.mainResidence, p, "mainResidence", false);
  const occupiedBySpouseChild = r.bool(o.occupiedBySpouseChild, p, "occupiedBySpouseChild", false);
  if (mainResidence) c.residences++;
  const occupiedBy: string[] = [];
  if (o.occupiedBy !== undefined) {
    const list = r.list(o.occupiedBy, `${p}.occupiedBy`, false) ?? [];
    list.forEach((x, j) => {
      const id = c.known(x, `${p}.occupiedBy[${j}]`);
      if (id !== undefined) occupiedBy.push(id);
    });
  }
  if (!mainResidence && (occupiedBy.length > 0 || occupiedBySpouseChild)) r.fail(`${p}.occupiedBy`, "only the main residence (\"mainResidence\": true) has occupants that count (art. 764 bis)");
  // The first field of CIVIL_ASSET the asset has, by its name.
  const civilKey = o.ownership !== undefined ? "ownership" : o.receivedFrom !== undefined ? "receivedFrom" : null;
  if (civilKey !== null && !c.computed) r.fail(`${p}.${civilKey}`, COMPUTED_ONLY);
  const civilAsset = c.computed ? readCivilAsset(r, o, p) : null;
  if (label === undefined || !value || mainResidence === undefined || occupiedBySpouseChild === undefined) return undefined;
  if (civilAsset) c.civilAssets!.push(civilAsset);
  return { label, value, mainResidence, occupiedBy, occupiedBySpouseChild };
}

/** `furniture`, present (cgi only). */
function readFurniture(c: Reading, v: unknown): EstateDossier["furniture"] {
  const r = c.r;
  c.cgiOnly(v, "furniture");
  const o = r.object(v, "furniture", FURNITURE_KEYS);
  if (!o) return null;
  const valuation = o.valuation;
  if (valuation === "flat") {
    if (o.value !== undefined) r.fail("furniture.value", 'a flat valuation has no value: it is 5 % of the other assets (use "declared", "inventory" or "sale" to give one)');
    return { valuation, value: null };
  }
  if (valuation === "declared" || valuation === "inventory" || valuation === "sale") {
    const value = r.amount(o.value, "furniture", "value");
    return value ? { valuation, value } : null;
  }
  r.fail("furniture.valuation", `must be "flat", "declared", "inventory" or "sale", got ${JSON.stringify(valuation) ?? "nothing"}`);
  return null;
}

function readLifeInsurance(c: Reading, v: unknown): LifeInsuranceContract[] {
  const contracts: LifeInsuranceContract[] = [];
  if (v !== undefined) c.cgiOnly(v, "lifeInsurance");
  const list = c.r.list(v, "lifeInsurance", true) ?? [];
  for (let i = 0; i < list.length; i++) {
    const x = readContract(c, list[i], i);
    if (x !== undefined) contracts.push(x);
  }
  return contracts;
}

/** One of the contract's optional sums: 0 when absent. */
function contractSum(r: Reader, o: Obj, p: string, key: "capitalBefore70" | "premiumsAfter70" | "capitalAfter70"): Fraction | undefined {
  return o[key] === undefined ? ZERO : r.amount(o[key], p, key);
}

function readContract(c: Reading, v: unknown, index: number): LifeInsuranceContract | undefined {
  const r = c.r;
  const p = CONTRACT_PATHS.at(index);
  const o = r.object(v, p, CONTRACT_KEYS);
  if (!o) return undefined;
  const label = r.string(o.label, p, "label");
  const subscribedOn = r.date(o.subscribedOn, p, "subscribedOn");
  if (subscribedOn && c.date && compareDates(subscribedOn, c.date) >= 0) r.fail(`${p}.subscribedOn`, "not before the date of death");
  const capitalBefore70 = contractSum(r, o, p, "capitalBefore70");
  const premiumsAfter70 = contractSum(r, o, p, "premiumsAfter70");
  const capitalAfter70 = o.capitalAfter70 === undefined ? null : contractSum(r, o, p, "capitalAfter70");
  const capitalBefore1998 = o.capitalBefore1998 === undefined ? null : r.amount(o.capitalBefore1998, p, "capitalBefore1998");
  const { shares, total, whole } = c.shares(o.beneficiaries, CONTRACT_PATHS.list(index));
  if (whole && !equal(total, ONE)) r.fail(`${p}.beneficiaries`, `fractions sum to ${total.toFraction()}, not 1`);
  if (label === undefined || !subscribedOn || !capitalBefore70 || !premiumsAfter70 || capitalAfter70 === undefined || capitalBefore1998 === undefined) return undefined;
  return { label, subscribedOn, beneficiaries: shares, capitalBefore70, capitalBefore1998, premiumsAfter70, capitalAfter70, index };
}

function readBequests(c: Reading, v: unknown): EstateDossier["bequests"] {
  const r = c.r;
  const bequests: EstateDossier["bequests"] = [];
  const list = r.list(v, "bequests", true) ?? [];
  for (let i = 0; i < list.length; i++) {
    const p = BEQUEST_PATHS.at(i);
    const o = r.object(list[i], p, BEQUEST_KEYS);
    if (!o) continue;
    const beneficiary = c.known(o.beneficiary, p, "beneficiary");
    const amount = r.amount(o.amount, p, "amount");
    if (amount && !positive(amount)) r.fail(`${p}.amount`, "a bequest has an amount above 0");
    if (beneficiary !== undefined && amount) bequests.push({ beneficiary, amount });
  }
  return bequests;
}

/** The residue's shares; their beneficiaries (also those of shares with other problems) added to `inResidue`. */
function readResidue(c: Reading, v: unknown, inResidue: Set<string>): EstateDossier["residue"] {
  const r = c.r;
  const residue: EstateDossier["residue"] = [];
  const list = r.list(v, "residue", true) ?? [];
  for (let i = 0; i < list.length; i++) {
    const p = RESIDUE_PATHS.at(i);
    const o = r.object(list[i], p, SHARE_KEYS);
    if (!o) continue;
    const beneficiary = c.known(o.beneficiary, p, "beneficiary");
    if (beneficiary !== undefined && inResidue.has(beneficiary)) r.fail(`${p}.beneficiary`, `"${beneficiary}" already has a share`);
    if (beneficiary !== undefined) inResidue.add(beneficiary);
    const share = r.fraction(o.share, p, "share");
    if (beneficiary !== undefined && share) residue.push({ beneficiary, share });
  }
  if (residue.length > 0) {
    let shareSum = ZERO;
    for (let i = 0; i < residue.length; i++) shareSum = add(shareSum, residue[i]!.share);
    if (!equal(shareSum, ONE)) r.fail("residue", `shares sum to ${shareSum.toFraction()}, not 1`);
  }
  return residue;
}

function readSpouseUsufruct(c: Reading, v: unknown, residue: EstateDossier["residue"], inResidue: ReadonlySet<string>): string | null {
  if (v === undefined || v === null || c.computed) return null;
  const r = c.r;
  const id = c.known(v, "spouseUsufruct");
  if (id === undefined) return null;
  const rel = c.ids.get(id);
  if (rel !== undefined && rel !== "spouse" && rel !== "pacs") r.fail("spouseUsufruct", `"${id}" is a ${rel}, not a spouse or PACS partner`);
  else if (inResidue.has(id)) r.fail("spouseUsufruct", `"${id}" takes the usufruct of the residue and cannot also hold a share of it`);
  else if (residue.length === 0) r.fail("spouseUsufruct", "there is no residue to take in usufruct");
  else return id;
  return null;
}

/** Computed mode under `cgi`: the fields the engine computes refused, and the civil file read and checked (when the rest has no problem). */
function readCivil(c: Reading, root: Obj, dossier: EstateDossier): void {
  const r = c.r;
  if (root.residue !== undefined) r.fail("residue", "not allowed with family: the engine computes the devolution");
  if (root.spouseUsufruct !== undefined) r.fail("spouseUsufruct", "not allowed with family: the engine computes the spouse's rights");
  const person = root.person;
  if (isObject(person) && person.hasDescendants !== undefined) r.fail("person.hasDescendants", "not allowed with family: the engine reads it from family.children");
  if (r.issues.length > 0) return;
  const file = readFamilyFile(r, root, { ids: c.ids, beneficiaryIds: listOf(dossier.beneficiaries, (b) => b.id) });
  if (!file) return;
  const civil: CivilFile = { ...file, assets: c.civilAssets!, debts: c.civilDebts!, gifts: c.civilGifts! };
  checkCivilFile(r, dossier, civil);
  dossier.civil = civil;
  dossier.person.hasDescendants = civil.family.children.some(formsSouche);
}

function readGift(c: Reading, root: Obj, person: GiftDossier["person"], beneficiaries: Beneficiary[], priorGifts: PriorGift[]): GiftDossier {
  const r = c.r;
  // Each field of ESTATE_ONLY by its name, in that order.
  if (root.furniture !== undefined) r.fail("furniture", "only an estate has this field, not a gift");
  if (root.lifeInsurance !== undefined) r.fail("lifeInsurance", "only an estate has this field, not a gift");
  const v = root.gifts;
  const list = r.list(v, "gifts", false) ?? [];
  if (Array.isArray(v) && list.length === 0) r.fail("gifts", "empty");
  const gifts: Gift[] = [];
  for (let i = 0; i < list.length; i++) {
    const g = readGiftItem(c, list[i], i);
    if (g !== undefined) gifts.push(g);
  }
  return { kind: "gift", ruleSet: c.ruleSet, date: c.date!, person, beneficiaries, priorGifts, gifts };
}

function readGiftItem(c: Reading, v: unknown, index: number): Gift | undefined {
  const r = c.r;
  const p = GIFT_PATHS.at(index);
  const o = r.object(v, p, GIFT_ITEM_KEYS);
  if (!o) return undefined;
  const label = r.string(o.label, p, "label");
  const value = r.amount(o.value, p, "value");
  if (value && !positive(value)) r.fail(`${p}.value`, "a gift has a value above 0");
  const cash = r.bool(o.cash, p, "cash", false);
  const reservedUsufruct = r.bool(o.reservedUsufruct, p, "reservedUsufruct", false);
  if (cash && reservedUsufruct) r.fail(`${p}.reservedUsufruct`, "a cash gift cannot be split into usufruct and bare ownership");
  c.cgiOnly(o.housing790ABis, p, "housing790ABis");
  const housing790ABis = r.bool(o.housing790ABis, p, "housing790ABis", false);
  if (housing790ABis && !cash) r.fail(`${p}.housing790ABis`, "art. 790 A bis exempts cash (\"cash\": true), not other assets");
  const { shares: to, total } = c.shares(o.to, GIFT_PATHS.list(index));
  if (lt(ONE, total)) r.fail(`${p}.to`, `fractions sum to ${total.toFraction()}, above 1`);
  if (label === undefined || !value || cash === undefined || reservedUsufruct === undefined || housing790ABis === undefined) return undefined;
  return { label, value, cash, reservedUsufruct, housing790ABis, to };
}

/** Reads a dossier from JSON text, exactly: numbers never pass through floating point. */
export function parseDossierText(text: string, options?: ReadOptions): Dossier {
  return readDossier(parseJsonExact(text), options);
}
