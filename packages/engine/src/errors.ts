/** One problem found in a dossier, with the path of the field at fault. */
export interface DossierIssue {
  /** JSON path such as `beneficiaries[2].birthDate`, or `residue` for a whole list. */
  path: string;
  message: string;
}

/**
 * A dossier that cannot be computed. `issues` lists every problem found (at least one); the
 * message joins them as `path: message` lines. The `name` and the `code` make the class
 * recognisable across packages and bundles without `instanceof`.
 */
export class DossierError extends Error {
  readonly code = "SUCC_INVALID_DOSSIER";
  readonly issues: readonly DossierIssue[];

  constructor(issues: readonly DossierIssue[]) {
    super(issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join("\n"));
    this.name = "DossierError";
    this.issues = issues;
  }
}

export function isDossierError(e: unknown): e is DossierError {
  return e instanceof DossierError || (e instanceof Error && (e as { code?: unknown }).code === "SUCC_INVALID_DOSSIER");
}
