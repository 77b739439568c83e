import type { Relationship } from "@succ/rules";
import { Reader, type Beneficiary, type EstateDossier, type Obj } from "../dossier.js";
import { DossierError, type DossierIssue } from "../errors.js";
import { checkCivilFile } from "./checks.js";
import { readFamilyFile, readFileBesideFamily, type CivilFile, type FamilyContext } from "./family.js";
import { formsSouche } from "./heirs.js";
import { listOf } from "../lists.js";

/** What a caller of {@link rereadCivilFile} may say of the changed file beside it. */
export interface RereadOptions {
  /**
   * The beneficiaries whose `relationship` the file changes too (the representatives of a souche
   * counted as children or siblings of their own): in computed mode the reader checks nothing
   * else of a relationship outside the civil file.
   */
  relationships?: ReadonlyMap<string, Relationship>;
  /**
   * The file the dossier was read from: where the changed file's `family` is the very same value
   * (and no relationship changes), the dossier's family stands for it, and only `marriage` and
   * `will` are read again.
   */
  from?: Obj;
}

/**
 * A dossier of computed mode with its civil file read again from `root`: what `readDossier(root)`
 * returns when `root` differs from the dossier `d` was read from only in `family`, `marriage` and
 * `will` (a counterfactual of the devolution: another option of the spouse, another branch),
 * without reading the rest again. Throws the DossierError `readDossier(root)` throws for those
 * fields (their reading and the checks of the whole civil file, checks.ts).
 */
export function rereadCivilFile(d: EstateDossier, root: Obj, options: RereadOptions = {}): EstateDossier {
  const r = reread(d, root, options);
  if (Array.isArray(r)) throw new DossierError(r);
  return r as EstateDossier;
}

/**
 * {@link rereadCivilFile}, with `null` where it throws a DossierError: for the counterfactuals a
 * caller tries by the dozen (level 7's civil mistakes), to which a refusal is an answer, not a
 * failure, and for which an error and its stack would cost more than the reading.
 */
export function tryRereadCivilFile(d: EstateDossier, root: Obj, options: RereadOptions = {}): EstateDossier | null {
  const r = reread(d, root, options);
  return Array.isArray(r) ? null : (r as EstateDossier);
}

/** The last dossier read again and what the reader knows of its beneficiaries (a dossier's counterfactuals come one after another). */
let lastDossier: EstateDossier | null = null;
let lastContext: FamilyContext | null = null;

/** What the reader knows of the beneficiaries when it reaches the family: each id's relationship, the ids in order. */
function contextOf(beneficiaries: readonly Beneficiary[]): FamilyContext {
  return { ids: new Map(listOf(beneficiaries, (b) => [b.id, b.relationship] as const)), beneficiaryIds: listOf(beneficiaries, (b) => b.id) };
}

/** The dossier read again, or the issues of its refusal. */
function reread(d: EstateDossier, root: Obj, { relationships, from }: RereadOptions): EstateDossier | readonly DossierIssue[] {
  if (d.civil === undefined) throw new TypeError("rereadCivilFile: the dossier is not in computed mode (no family)");
  let beneficiaries = d.beneficiaries;
  let context: FamilyContext;
  const relationshipsChange = relationships !== undefined && relationships.size > 0;
  if (relationshipsChange) {
    beneficiaries = listOf(d.beneficiaries, (b) => {
      const rel = relationships.get(b.id);
      return rel === undefined || rel === b.relationship ? b : { ...b, relationship: rel };
    });
    context = contextOf(beneficiaries);
  } else {
    if (lastDossier !== d || lastContext === null) {
      lastContext = contextOf(beneficiaries);
      lastDossier = d;
    }
    context = lastContext;
  }
  const r = new Reader();
  const sameFamily = !relationshipsChange && from !== undefined && root.family === from.family;
  const file = sameFamily ? readFileBesideFamily(r, root, context, d.civil.family) : readFamilyFile(r, root, context);
  let out = d;
  if (file) {
    const civil: CivilFile = { ...file, assets: d.civil.assets, debts: d.civil.debts, gifts: d.civil.gifts };
    out = { ...d, person: { ...d.person, hasDescendants: civil.family.children.some(formsSouche) }, beneficiaries, civil };
    checkCivilFile(r, out, civil);
  }
  return r.issues.length > 0 ? r.issues : out;
}
