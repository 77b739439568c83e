import { formatDate, type DossierInput } from "@succ/engine";
import { amount, contractInput, fraction, listOf, nameOf, sexOf } from "../draft.js";
import type { Level7Draft, Member } from "./model.js";

/**
 * The dossier of a level-7 draft, in computed mode (the `family`, `marriage` and `will` fields of
 * the contract): nothing states who receives what; the engine derives it. Keys in the contract's
 * order. Its lists are pushed into array literals (listOf): one hidden class, empty or not.
 */

type Json = Record<string, unknown>;

/**
 * A node of `family`: `{ id }` for a living, accepting person, else its name, status and
 * descendants, with an id `P1`, `P2`, … in the order the file names them (children, then
 * brothers and sisters, each before its descendants); `key` (`common` or `blood`), when given,
 * after the status.
 */
function node(m: Member, ids: Map<Member, string>, key?: "common" | "blood", value?: unknown): Json {
  let out: Json;
  if (m.status === "alive") out = { id: m.id };
  else {
    let id = ids.get(m);
    if (id === undefined) ids.set(m, (id = `P${ids.size + 1}`));
    out = { id, name: nameOf(m.person), status: m.status };
  }
  if (key !== undefined) out[key] = value;
  if (m.status !== "alive" && m.descendants.length > 0) out.descendants = listOf(m.descendants, (x) => node(x, ids));
  return out;
}

function parentNode(m: Member): Json {
  return m.status === "alive" ? { id: m.id } : { status: m.status };
}

export function toCivilDossier(d: Level7Draft): DossierInput {
  const community = d.marriage !== null && d.marriage.regime !== "separation_de_biens";
  const beneficiaries = listOf(d.beneficiaries, (b) => ({
    id: b.id,
    name: nameOf(b.person),
    relationship: b.relationship,
    birthDate: formatDate(b.birth),
    sex: sexOf(b.person),
  }));
  // Ownership is written only with a surviving spouse.
  const married = d.marriage !== null;
  const assets = listOf(d.assets, (a) => {
    const out: Json = { label: a.label, value: amount(a.cents) };
    if (married) out.ownership = a.ownership;
    if (a.receivedFrom) out.receivedFrom = { parent: a.receivedFrom.parent, by: a.receivedFrom.by };
    return out;
  });
  const debts = listOf(d.debts, (x) => {
    const out: Json = { label: x.label, value: amount(x.cents) };
    if (married) out.ownership = x.ownership;
    return out;
  });
  const family: Json = {};
  if (d.spouse) family.spouse = d.spouse.id;
  if (d.partner) family.partner = d.partner.id;
  const ids = new Map<Member, string>();
  family.children = listOf(d.children, (m) => (d.spouse ? node(m, ids, "common", m.common === true) : node(m, ids)));
  family.father = parentNode(d.father);
  family.mother = parentNode(d.mother);
  family.siblings = listOf(d.siblings, (m) => node(m, ids, "blood", m.blood));
  if (d.ascendants.length > 0 || d.variant === "branches") family.ascendants = listOf(d.ascendants, (m) => ({ id: m.id, branch: m.branch, degree: m.degree }));
  if (d.collaterals.length > 0) family.collaterals = listOf(d.collaterals, (m) => ({ id: m.id, branch: m.branch, degree: m.degree }));
  const out: Json = {
    kind: "estate",
    law: "cgi",
    date: formatDate(d.date),
    person: { name: nameOf(d.subject), birthDate: formatDate(d.subject.birth), sex: sexOf(d.subject) },
    beneficiaries,
    assets,
    debts,
    funeralCosts: amount(d.funeralCents),
  };
  if (d.contracts.length > 0) {
    out.lifeInsurance = listOf(d.contracts, contractInput);
  }
  out.family = family;
  const m = d.marriage;
  if (m) {
    const marriage: Json = { regime: m.regime };
    if (community) marriage.attributionIntegrale = m.attributionIntegrale;
    if (m.recompense) marriage.recompense = { to: m.recompense.to, amount: amount(m.recompense.cents) };
    marriage.donationEntreEpoux = m.ddv !== null;
    if (m.option) marriage.spouseOption = m.option;
    out.marriage = marriage;
  }
  const w = d.will;
  if (w) {
    const will: Json = {};
    if (w.universalLegatee) will.universalLegatee = w.universalLegatee;
    if (w.fractional.length > 0) will.fractionalLegacies = listOf(w.fractional, (f) => ({ beneficiary: f.beneficiary, share: fraction(f) }));
    if (w.disposableShareTo) will.disposableShareTo = w.disposableShareTo;
    if (w.spouseLargestDisposable) will.spouseLargestDisposable = true;
    if (Object.keys(will).length > 0) out.will = will;
    if (w.bequests.length > 0) out.bequests = listOf(w.bequests, (q) => ({ beneficiary: q.beneficiary, amount: amount(q.cents) }));
  }
  if (d.gifts.length > 0) {
    out.priorGifts = listOf(d.gifts, (g) => {
      const x: Json = { beneficiary: g.beneficiary, date: formatDate(g.date), value: amount(g.cents), allowanceUsed: amount(g.allowanceUsed), outsideShare: true };
      if (g.atDeathCents !== g.cents) x.valueAtDeath = amount(g.atDeathCents);
      return x;
    });
  }
  return out as unknown as DossierInput;
}
