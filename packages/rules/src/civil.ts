import { period, series } from "./series.js";
import type { Reference } from "./types.js";

/**
 * The Code civil's fractions of the civil devolution (who inherits what, the reserve, the
 * spouse's rights and the halves of a community), as dated data beside the tax values. The
 * rules are those of the laws of 3 December 2001 (in force 2002-07-01) and of 23 June 2006 (in
 * force 2007-01-01), unchanged since over the engine's window. A fraction is written "n/d".
 */

/** The Code civil on Légifrance (consolidated text). */
export const CIVIL_CODE_URL = "https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006070721/";

/** The texts that wrote the articles read here. */
export const CIVIL_ENACTED = {
  L1965: "loi n° 65-570 du 13 juillet 1965 portant réforme des régimes matrimoniaux (en vigueur le 1er février 1966)",
  L2001: "loi n° 2001-1135 du 3 décembre 2001 relative aux droits du conjoint survivant et des enfants adultérins (en vigueur le 1er juillet 2002)",
  L2006: "loi n° 2006-728 du 23 juin 2006 portant réforme des successions et des libéralités (en vigueur le 1er janvier 2007)",
} as const;

/**
 * A Code civil reference: the article (with its paragraph) and its Légifrance link; the official
 * source is the consolidated code itself (no explanatory page is cited for these fractions).
 */
function civ(article: string): Reference {
  return { article, legifrance: CIVIL_CODE_URL, official: CIVIL_CODE_URL, code: "civil" };
}

/** The disposable share of art. 913 by the number of children (souches) counted. */
export interface DisposableShareRow {
  /** Up to and including this many children; `null`: any number above the previous row. */
  readonly maxChildren: number | null;
  readonly share: string;
}

export const CIVIL = {
  /** Art. 1475 and 1485: the net community is shared by halves; each spouse bears half of its debts. */
  communityHalf: series("part de chaque époux dans la communauté dissoute", "fraction", civ("1475"), [period("1/2", "1966-02-01", null, CIVIL_ENACTED.L1965)]),
  /** Art. 738: each parent's quarter when brothers or sisters (or their descendants) come too. */
  parentQuarter: series("part de chacun des père et mère en concours avec des frères et sœurs", "fraction", civ("738"), [period("1/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 736: each parent's half when there is no brother or sister. */
  parentHalf: series("part de chacun des père et mère sans frère ni sœur", "fraction", civ("736"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 738-1: a sole parent's part when ascendants of the other branch come. */
  parentWithOtherBranch: series("part du père ou de la mère survivant en concours avec les ascendants de l'autre branche", "fraction", civ("738-1"), [period("1/2", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 747 and 749: each branch's half in the 3rd and 4th orders (fente). */
  branchHalf: series("part de chaque branche, paternelle et maternelle (fente)", "fraction", civ("747"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 745: no collateral of the 4th order inherits beyond this degree. */
  collateralMaxDegree: series("degré au-delà duquel les collatéraux ordinaires ne succèdent pas", "degree", civ("745"), [period(6, "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 913: the disposable share with descendants, by the number of children (souches). */
  disposableShare: series<readonly DisposableShareRow[]>("quotité disponible en présence de descendants", "table", civ("913"), [
    period(
      [
        { maxChildren: 1, share: "1/2" },
        { maxChildren: 2, share: "1/3" },
        { maxChildren: null, share: "1/4" },
      ],
      "2007-01-01",
      null,
      CIVIL_ENACTED.L2006,
    ),
  ]),
  /** Art. 914-1: without descendants, the spouse's reserve is a quarter: the disposable share is the rest. */
  disposableShareWithSpouse: series("quotité disponible sans descendant, en présence du conjoint survivant", "fraction", civ("914-1"), [period("3/4", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 757: the spouse's quarter in full ownership, with descendants. */
  spouseQuarter: series("part du conjoint en propriété en présence de descendants", "fraction", civ("757"), [period("1/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 757-1: the spouse's part with both parents. */
  spouseWithBothParents: series("part du conjoint en concours avec les père et mère", "fraction", civ("757-1"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 757-1 al. 2: the spouse's part with one parent (the predeceased parent's quarter accrues to the spouse). */
  spouseWithOneParent: series("part du conjoint en concours avec le père ou la mère", "fraction", civ("757-1"), [period("3/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 757-3: the part of family property that goes to the siblings descending from the parent it came from. */
  familyPropertyToSiblings: series("part des biens de famille dévolue aux frères et sœurs (droit de retour légal)", "fraction", civ("757-3"), [period("1/2", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 1094-1: the quarter in full ownership of the second option (the rest in usufruct). */
  spouseLiberalityQuarter: series("quart en propriété de la libéralité entre époux (le reste en usufruit)", "fraction", civ("1094-1"), [period("1/4", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
} as const;
