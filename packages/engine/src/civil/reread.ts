import { Reader, type EstateDossier, type Obj } from "../dossier.js";
import { DossierError } from "../errors.js";
import { checkCivilFile } from "./checks.js";
import { readFamilyFile, type CivilFile } from "./family.js";
import { formsSouche } from "./heirs.js";

/**
 * A dossier of computed mode with its civil file read again from `root`: what `readDossier(root)`
 * returns when `root` differs from the dossier `d` was read from only in `family`, `marriage` and
 * `will` (a counterfactual of the devolution: another option of the spouse, another branch),
 * without reading the rest again. Throws the DossierError `readDossier(root)` throws for those
 * fields (their reading and the checks of the whole civil file, checks.ts).
 */
export function rereadCivilFile(d: EstateDossier, root: Obj): EstateDossier {
  if (d.civil === undefined) throw new TypeError("rereadCivilFile: the dossier is not in computed mode (no family)");
  const r = new Reader();
  // What the reader knows of the beneficiaries when it reaches the family: each id's relationship.
  const ids = new Map(d.beneficiaries.map((b) => [b.id, b.relationship] as const));
  const file = readFamilyFile(r, root, { ids, beneficiaryIds: d.beneficiaries.map((b) => b.id) });
  let out = d;
  if (file) {
    const civil: CivilFile = { ...file, assets: d.civil.assets, debts: d.civil.debts, gifts: d.civil.gifts };
    out = { ...d, person: { ...d.person, hasDescendants: civil.family.children.some(formsSouche) }, civil };
    checkCivilFile(r, out, civil);
  }
  if (r.issues.length > 0) throw new DossierError(r.issues);
  return out;
}
