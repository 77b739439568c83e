import Fraction from "fraction.js";
import { CASH_GIFT_790G, FUNERAL_COSTS_CAP, RELATIONSHIPS, type Relationship } from "@succ/rules";
import { compareDates, parseDate, withinYearsBefore, type CivilDate } from "./dates.js";
import { DossierError, type DossierIssue } from "./errors.js";
import { JsonNumber, parseJsonExact } from "./json.js";

/** An amount as the dossier JSON may hold it: a number with at most two decimals, or a decimal string. */
export type AmountInput = number | string;

export interface BeneficiaryInput {
  id: string;
  name: string;
  relationship: Relationship;
  birthDate: string;
  disabled?: boolean;
  /** Estates only: the predeceased child whom this grandchild represents. */
  represents?: string | null;
}

export interface PriorGiftInput {
  beneficiary: string;
  date: string;
  value: AmountInput;
  cash790G?: boolean;
}

export interface GiftInput {
  label: string;
  value: AmountInput;
  cash?: boolean;
  reservedUsufruct?: boolean;
  to: { beneficiary: string; fraction: string }[];
}

/** The dossier JSON of spec §1, as a generator writes it or a user sends it. */
export interface DossierInput {
  kind: "estate" | "gift";
  date: string;
  person: { name: string; birthDate: string };
  beneficiaries: BeneficiaryInput[];
  assets?: { label: string; value: AmountInput }[];
  debts?: { label: string; value: AmountInput }[];
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
  disabled: boolean;
  represents: string | null;
}

export interface PriorGift {
  beneficiary: string;
  date: CivilDate;
  value: Fraction;
  cash790G: boolean;
  /** Position in the dossier's list, to name it in explanations. */
  index: number;
}

export interface Gift {
  label: string;
  value: Fraction;
  cash: boolean;
  reservedUsufruct: boolean;
  to: { beneficiary: string; fraction: Fraction }[];
}

interface DossierBase {
  date: CivilDate;
  person: { name: string; birthDate: CivilDate };
  beneficiaries: Beneficiary[];
  priorGifts: PriorGift[];
}

export interface EstateDossier extends DossierBase {
  kind: "estate";
  assets: { label: string; value: Fraction }[];
  debts: { label: string; value: Fraction }[];
  funeralCosts: Fraction;
  bequests: { beneficiary: string; amount: Fraction }[];
  residue: { beneficiary: string; share: Fraction }[];
  spouseUsufruct: string | null;
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
const ID = /^[A-Za-z0-9_-]{1,32}$/;

const COMMON_KEYS = ["kind", "date", "person", "beneficiaries", "priorGifts"];
const ESTATE_KEYS = new Set([...COMMON_KEYS, "assets", "debts", "funeralCosts", "bequests", "residue", "spouseUsufruct"]);
const GIFT_KEYS = new Set([...COMMON_KEYS, "gifts"]);

class Reader {
  readonly issues: DossierIssue[] = [];

  fail(path: string, message: string): undefined {
    this.issues.push({ path, message });
    return undefined;
  }

  object(v: unknown, path: string, keys: ReadonlySet<string>): Record<string, unknown> | undefined {
    if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof JsonNumber) {
      return this.fail(path, "not an object");
    }
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (!keys.has(k)) this.fail(path ? `${path}.${k}` : k, "unknown field");
    }
    return o;
  }

  list(v: unknown, path: string, optional: boolean): unknown[] | undefined {
    if (v === undefined && optional) return [];
    if (!Array.isArray(v)) return this.fail(path, v === undefined ? "missing" : "not a list");
    return v;
  }

  string(v: unknown, path: string): string | undefined {
    if (typeof v !== "string") return this.fail(path, v === undefined ? "missing" : "not a string");
    if (v.trim() === "") return this.fail(path, "empty");
    return v;
  }

  bool(v: unknown, path: string, fallback: boolean): boolean | undefined {
    if (v === undefined) return fallback;
    if (typeof v !== "boolean") return this.fail(path, "not true or false");
    return v;
  }

  date(v: unknown, path: string): CivilDate | undefined {
    if (typeof v !== "string") return this.fail(path, v === undefined ? "missing" : "not a date (YYYY-MM-DD)");
    return parseDate(v) ?? this.fail(path, `not a date: "${v}"`);
  }

  /**
   * An amount in euros, exactly: a decimal string, a {@link JsonNumber} from the exact parser,
   * or a JavaScript number. A number is accepted only when its shortest decimal form is plain
   * (no exponent) with at most two decimals and at most 1e12; such a decimal has at most 15
   * significant digits, which a double always carries back to the same decimal text, so
   * reading `String(n)` gives the amount the JSON text held.
   */
  amount(v: unknown, path: string): Fraction | undefined {
    let text: string;
    if (typeof v === "string") text = v.trim();
    else if (v instanceof JsonNumber) text = v.text;
    else if (typeof v === "number") {
      if (!Number.isFinite(v)) return this.fail(path, "not a finite amount");
      text = Object.is(v, -0) ? "0" : String(v);
    } else return this.fail(path, v === undefined ? "missing" : "not an amount");
    const m = PLAIN_DECIMAL.exec(text);
    if (!m) {
      if (ANY_DECIMAL.test(text)) {
        if (text.startsWith("-")) return this.fail(path, `negative amount: ${text}`);
        if (/\.\d{3,}$/.test(text)) return this.fail(path, `more than two decimals: ${text}`);
        return this.fail(path, `not a plain decimal amount: ${text}`);
      }
      return this.fail(path, `not an amount: "${text}"`);
    }
    const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
    if (cents > MAX_AMOUNT * 100n) return this.fail(path, `amount above ${MAX_AMOUNT} €: ${text}`);
    return new Fraction(cents, 100n);
  }

  /** A fraction in (0, 1] written as a string: "1/3", "1". */
  fraction(v: unknown, path: string): Fraction | undefined {
    if (typeof v !== "string") return this.fail(path, v === undefined ? "missing" : 'not a fraction string such as "1/3"');
    const m = FRACTION.exec(v.trim());
    if (!m) return this.fail(path, `not a fraction: "${v}"`);
    const n = BigInt(m[1]!);
    const d = BigInt(m[2] ?? "1");
    if (d === 0n) return this.fail(path, `zero denominator: "${v}"`);
    if (n === 0n || n > d) return this.fail(path, `must be above 0 and at most 1: "${v}"`);
    return new Fraction(n, d);
  }
}

const sum = (xs: Iterable<Fraction>): Fraction => {
  let s = new Fraction(0);
  for (const x of xs) s = s.add(x);
  return s;
};

function formatAmount(f: Fraction): string {
  return f.toString(2).replace(/\.00$/, "");
}

/**
 * Checks a dossier (spec §1) and reads it into exact values. Accepts the object from
 * {@link parseDossierText}, from `JSON.parse`, or built in code. Throws a {@link DossierError}
 * listing every problem with its path.
 */
export function readDossier(input: unknown): Dossier {
  const r = new Reader();
  const root = typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : undefined;
  if (!root) throw new DossierError([{ path: "", message: "a dossier is a JSON object" }]);
  const kind = root.kind;
  if (kind !== "estate" && kind !== "gift") {
    throw new DossierError([{ path: "kind", message: `must be "estate" or "gift", got ${JSON.stringify(kind) ?? "nothing"}` }]);
  }
  r.object(root, "", kind === "estate" ? ESTATE_KEYS : GIFT_KEYS);
  const date = r.date(root.date, "date");

  const person = r.object(root.person, "person", new Set(["name", "birthDate"]));
  const personName = person ? r.string(person.name, "person.name") : undefined;
  const personBirth = person ? r.date(person.birthDate, "person.birthDate") : undefined;
  if (date && personBirth && compareDates(personBirth, date) >= 0) r.fail("person.birthDate", "not before the act date");

  const beneficiaries: Beneficiary[] = [];
  const ids = new Set<string>();
  const bList = r.list(root.beneficiaries, "beneficiaries", false) ?? [];
  if (Array.isArray(root.beneficiaries) && bList.length === 0) r.fail("beneficiaries", "empty");
  let spouses = 0;
  bList.forEach((raw, i) => {
    const p = `beneficiaries[${i}]`;
    const b = r.object(raw, p, new Set(["id", "name", "relationship", "birthDate", "disabled", "represents"]));
    if (!b) return;
    const id = r.string(b.id, `${p}.id`);
    if (id !== undefined && !ID.test(id)) r.fail(`${p}.id`, `not an id (letters, digits, _ or -, at most 32): "${id}"`);
    else if (id !== undefined && ids.has(id)) r.fail(`${p}.id`, `duplicate id "${id}"`);
    const name = r.string(b.name, `${p}.name`);
    const rel = b.relationship;
    if (!RELATIONSHIPS.includes(rel as Relationship)) {
      r.fail(`${p}.relationship`, `must be one of ${RELATIONSHIPS.join(", ")}, got ${JSON.stringify(rel) ?? "nothing"}`);
    }
    if (rel === "spouse" || rel === "pacs") spouses++;
    const birth = r.date(b.birthDate, `${p}.birthDate`);
    if (birth && date && compareDates(birth, date) >= 0) r.fail(`${p}.birthDate`, "not before the act date");
    const disabled = r.bool(b.disabled, `${p}.disabled`, false);
    let represents: string | null = null;
    if (b.represents !== undefined && b.represents !== null) {
      represents = r.string(b.represents, `${p}.represents`) ?? null;
      if (kind !== "estate") r.fail(`${p}.represents`, "representation only exists in estates");
      else if (rel !== "grandchild") r.fail(`${p}.represents`, "only a grandchild represents a predeceased child here");
    }
    if (id !== undefined) ids.add(id);
    if (id !== undefined && name !== undefined && birth && disabled !== undefined && RELATIONSHIPS.includes(rel as Relationship)) {
      beneficiaries.push({ id, name, relationship: rel as Relationship, birthDate: birth, disabled, represents });
    }
  });
  if (spouses > 1) r.fail("beneficiaries", "more than one spouse or PACS partner");

  const known = (v: unknown, path: string): string | undefined => {
    const id = r.string(v, path);
    if (id !== undefined && !ids.has(id)) return r.fail(path, `unknown beneficiary "${id}"`);
    return id;
  };

  const priorGifts: PriorGift[] = [];
  (r.list(root.priorGifts, "priorGifts", true) ?? []).forEach((raw, i) => {
    const p = `priorGifts[${i}]`;
    const g = r.object(raw, p, new Set(["beneficiary", "date", "value", "cash790G"]));
    if (!g) return;
    const beneficiary = known(g.beneficiary, `${p}.beneficiary`);
    const gDate = r.date(g.date, `${p}.date`);
    if (gDate && date && compareDates(gDate, date) >= 0) r.fail(`${p}.date`, "a prior gift must be dated before the act");
    const value = r.amount(g.value, `${p}.value`);
    if (value && value.equals(0)) r.fail(`${p}.value`, "a prior gift has a value above 0");
    const cash790G = r.bool(g.cash790G, `${p}.cash790G`, false);
    const rel = beneficiaries.find((b) => b.id === beneficiary)?.relationship;
    if (cash790G && rel && !(CASH_GIFT_790G.donees as readonly string[]).includes(rel)) {
      r.fail(`${p}.cash790G`, `art. 790 G does not cover a ${rel}`);
    }
    if (beneficiary !== undefined && gDate && value && cash790G !== undefined) {
      priorGifts.push({ beneficiary, date: gDate, value, cash790G, index: i });
    }
  });
  // Prior 790 G gifts of the current period cannot exceed the ceiling: the excess was not exempt.
  if (date) {
    const used = new Map<string, Fraction>();
    for (const g of priorGifts) {
      if (g.cash790G && withinYearsBefore(g.date, date, CASH_GIFT_790G.period.value)) {
        used.set(g.beneficiary, (used.get(g.beneficiary) ?? new Fraction(0)).add(g.value));
      }
    }
    for (const [id, total] of used) {
      if (total.gt(CASH_GIFT_790G.ceiling.value)) {
        r.fail("priorGifts", `790 G gifts to ${id} within 15 years total ${formatAmount(total)} €, above the ceiling of ${CASH_GIFT_790G.ceiling.value} €`);
      }
    }
  }

  const base = { date: date!, person: { name: personName!, birthDate: personBirth! }, beneficiaries, priorGifts };
  let dossier: Dossier;
  if (kind === "estate") {
    const items = (key: "assets" | "debts") =>
      (r.list(root[key], key, key === "debts") ?? []).flatMap((raw, i) => {
        const p = `${key}[${i}]`;
        const o = r.object(raw, p, new Set(["label", "value"]));
        if (!o) return [];
        const label = r.string(o.label, `${p}.label`);
        const value = r.amount(o.value, `${p}.value`);
        return label !== undefined && value ? [{ label, value }] : [];
      });
    const assets = items("assets");
    const debts = items("debts");
    const funeralCosts = root.funeralCosts === undefined ? new Fraction(0) : r.amount(root.funeralCosts, "funeralCosts");
    const bequests = (r.list(root.bequests, "bequests", true) ?? []).flatMap((raw, i) => {
      const p = `bequests[${i}]`;
      const o = r.object(raw, p, new Set(["beneficiary", "amount"]));
      if (!o) return [];
      const beneficiary = known(o.beneficiary, `${p}.beneficiary`);
      const amount = r.amount(o.amount, `${p}.amount`);
      if (amount && amount.equals(0)) r.fail(`${p}.amount`, "a bequest has an amount above 0");
      return beneficiary !== undefined && amount ? [{ beneficiary, amount }] : [];
    });
    const inResidue = new Set<string>();
    const residue = (r.list(root.residue, "residue", true) ?? []).flatMap((raw, i) => {
      const p = `residue[${i}]`;
      const o = r.object(raw, p, new Set(["beneficiary", "share"]));
      if (!o) return [];
      const beneficiary = known(o.beneficiary, `${p}.beneficiary`);
      if (beneficiary !== undefined && inResidue.has(beneficiary)) r.fail(`${p}.beneficiary`, `"${beneficiary}" already has a share`);
      if (beneficiary !== undefined) inResidue.add(beneficiary);
      const share = r.fraction(o.share, `${p}.share`);
      return beneficiary !== undefined && share ? [{ beneficiary, share }] : [];
    });
    let spouseUsufruct: string | null = null;
    if (root.spouseUsufruct !== undefined && root.spouseUsufruct !== null) {
      const id = known(root.spouseUsufruct, "spouseUsufruct");
      if (id !== undefined) {
        const rel = beneficiaries.find((b) => b.id === id)?.relationship;
        if (rel !== undefined && rel !== "spouse" && rel !== "pacs") r.fail("spouseUsufruct", `"${id}" is a ${rel}, not a spouse or PACS partner`);
        else if (inResidue.has(id)) r.fail("spouseUsufruct", `"${id}" takes the usufruct of the residue and cannot also hold a share of it`);
        else spouseUsufruct = id;
      }
    }
    if (r.issues.length === 0) {
      const shareSum = sum(residue.map((x) => x.share));
      // The net estate of spec §2: funeral costs count up to the cap of art. 775 only (checking
      // against the whole invoice would refuse valid bequests and accept an unshared residue).
      const funeralDeducted = funeralCosts!.gt(FUNERAL_COSTS_CAP.value) ? new Fraction(FUNERAL_COSTS_CAP.value) : funeralCosts!;
      const net = sum(assets.map((a) => a.value))
        .sub(sum(debts.map((d) => d.value)))
        .sub(funeralDeducted);
      const bequestSum = sum(bequests.map((b) => b.amount));
      if (net.lt(0)) r.fail("debts", "the debts and funeral costs exceed the assets");
      else if (bequestSum.gt(net)) r.fail("bequests", `bequests total ${formatAmount(bequestSum)} €, above the net estate`);
      const rest = net.sub(bequestSum);
      if (residue.length > 0 && !shareSum.equals(1)) r.fail("residue", `shares sum to ${shareSum.toFraction()}, not 1`);
      if (residue.length === 0 && rest.gt(0)) r.fail("residue", "no shares, but the net estate leaves a residue after the bequests");
      if (spouseUsufruct !== null && residue.length === 0) r.fail("spouseUsufruct", "there is no residue to take in usufruct");
    }
    dossier = { kind, ...base, assets, debts, funeralCosts: funeralCosts!, bequests, residue, spouseUsufruct };
  } else {
    const gList = r.list(root.gifts, "gifts", false) ?? [];
    if (Array.isArray(root.gifts) && gList.length === 0) r.fail("gifts", "empty");
    const gifts = gList.flatMap((raw, i) => {
      const p = `gifts[${i}]`;
      const o = r.object(raw, p, new Set(["label", "value", "cash", "reservedUsufruct", "to"]));
      if (!o) return [];
      const label = r.string(o.label, `${p}.label`);
      const value = r.amount(o.value, `${p}.value`);
      if (value && value.equals(0)) r.fail(`${p}.value`, "a gift has a value above 0");
      const cash = r.bool(o.cash, `${p}.cash`, false);
      const reservedUsufruct = r.bool(o.reservedUsufruct, `${p}.reservedUsufruct`, false);
      if (cash && reservedUsufruct) r.fail(`${p}.reservedUsufruct`, "a cash gift cannot be split into usufruct and bare ownership");
      const seen = new Set<string>();
      const toList = r.list(o.to, `${p}.to`, false) ?? [];
      if (Array.isArray(o.to) && toList.length === 0) r.fail(`${p}.to`, "empty");
      const to = toList.flatMap((t, j) => {
        const q = `${p}.to[${j}]`;
        const x = r.object(t, q, new Set(["beneficiary", "fraction"]));
        if (!x) return [];
        const beneficiary = known(x.beneficiary, `${q}.beneficiary`);
        if (beneficiary !== undefined && seen.has(beneficiary)) r.fail(`${q}.beneficiary`, `"${beneficiary}" is listed twice`);
        if (beneficiary !== undefined) seen.add(beneficiary);
        const fraction = r.fraction(x.fraction, `${q}.fraction`);
        return beneficiary !== undefined && fraction ? [{ beneficiary, fraction }] : [];
      });
      const total = sum(to.map((t) => t.fraction));
      if (total.gt(1)) r.fail(`${p}.to`, `fractions sum to ${total.toFraction()}, above 1`);
      return label !== undefined && value && cash !== undefined && reservedUsufruct !== undefined ? [{ label, value, cash, reservedUsufruct, to }] : [];
    });
    dossier = { kind, ...base, gifts };
  }
  if (r.issues.length > 0) throw new DossierError(r.issues);
  return dossier;
}

/** Reads a dossier from JSON text, exactly: numbers never pass through floating point. */
export function parseDossierText(text: string): Dossier {
  return readDossier(parseJsonExact(text));
}
