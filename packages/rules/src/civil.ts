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
 * The Légifrance link of each Code civil article read here, in the shape of the CGI's `ARTICLES`:
 * its LEGIARTI id where the project confirmed it (`codes/article_lc/…`, the version in force over
 * 2017 on), confirmed by the article's text on a stored copy of the LEGI database; otherwise the
 * code itself (`legiarti: null`).
 * - 736: LEGIARTI000006430967, « ses père et mère lui succèdent, chacun pour moitié »
 *   (https://publish.calenco.com/LEGI/LEGITEXT000006070721/LEGIARTI000006430967.html).
 * - 1094-1: LEGIARTI000006435800, the version « Entrée en vigueur le 1 janvier 2007 », « soit d'un
 *   quart de ses biens en propriété et des trois autres quarts en usufruit »
 *   (https://www.doctrine.fr/l/texts/codes/LEGITEXT000006070721/articles/LEGIARTI000006435798?version=LEGIARTI000006435800).
 * - The others: no stored page was found that carries the id of the version in force with its
 *   text, so they keep the link to the code (read on 2026-12-01).
 */
export const CIVIL_ARTICLES = {
  "736": { legiarti: "LEGIARTI000006430967", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000006430967" },
  "738": { legiarti: null, link: CIVIL_CODE_URL },
  "738-1": { legiarti: null, link: CIVIL_CODE_URL },
  "745": { legiarti: null, link: CIVIL_CODE_URL },
  "747": { legiarti: null, link: CIVIL_CODE_URL },
  "757": { legiarti: null, link: CIVIL_CODE_URL },
  "757-1": { legiarti: null, link: CIVIL_CODE_URL },
  "757-3": { legiarti: null, link: CIVIL_CODE_URL },
  "913": { legiarti: null, link: CIVIL_CODE_URL },
  "914-1": { legiarti: null, link: CIVIL_CODE_URL },
  "1094-1": { legiarti: "LEGIARTI000006435800", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000006435800" },
  "1475": { legiarti: null, link: CIVIL_CODE_URL },
} as const satisfies Record<string, { legiarti: string | null; link: string }>;

export type CivilArticleKey = keyof typeof CIVIL_ARTICLES;

/**
 * A Code civil reference: the article and its Légifrance link (`CIVIL_ARTICLES`); the official
 * source is the consolidated code itself (no explanatory page is cited for these fractions).
 */
function civ(article: CivilArticleKey): Reference {
  return { article, legifrance: CIVIL_ARTICLES[article].link, official: CIVIL_CODE_URL, code: "civil" };
}

/** The disposable share of art. 913 by the number of children (souches) counted. */
export interface DisposableShareRow {
  /** Up to and including this many children; `null`: any number above the previous row. */
  readonly maxChildren: number | null;
  readonly share: string;
}

/** The disposable share of art. 913 ("1/2", "1/3", "1/4") for `children` souches (at least 1), from the table of a day. */
export function disposableShareFor(rows: readonly DisposableShareRow[], children: number): string {
  const row = rows.find((r) => r.maxChildren === null || children <= r.maxChildren);
  if (row === undefined) throw new RangeError(`rules: no disposable share for ${children} children`);
  return row.share;
}

export const CIVIL = {
  /** Art. 1475 and 1485: the net community is shared by halves; each spouse bears half of its debts. */
  communityHalf: series("part de chaque époux dans la communauté dissoute", "fraction", civ("1475"), [period("1/2", "1966-02-01", null, CIVIL_ENACTED.L1965)]),
  /** Art. 738: each parent's quarter when brothers or sisters (or their descendants) come too. */
  parentQuarter: series("part de chacun des père et mère en concours avec des frères et sœurs", "fraction", civ("738"), [period("1/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 736: each parent's half when there is no brother or sister. */
  parentHalf: series("part de chacun des père et mère sans frère ni sœur", "fraction", civ("736"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /**
   * Art. 738-1: a sole parent's part when ascendants of the other branch come. The article was
   * created by the law of 23 June 2006, not by that of 2001: it is absent from the code consolidated
   * on 2002-07-01 and first appears in the version of 2007-01-01 (« Modifié par Loi n°2006-728 du
   * 23 juin 2006 ... en vigueur le 1er janvier 2007 »,
   * https://github.com/steeve/france.code-civil/commit/2b9fe001da4f62d120e6d17e995a2c41db04a30e);
   * the law entered into force on 1 January 2007 (its art. 47, I,
   * https://www.avocats-viguier.com/actualite/reforme-du-droit-successoral-de-20061).
   */
  parentWithOtherBranch: series("part du père ou de la mère survivant en concours avec les ascendants de l'autre branche", "fraction", civ("738-1"), [period("1/2", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 747 and 749: each branch's half in the 3rd and 4th orders (fente). */
  branchHalf: series("part de chaque branche, paternelle et maternelle (fente)", "fraction", civ("747"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 745: no collateral of the 4th order inherits beyond this degree. */
  collateralMaxDegree: series("degré au-delà duquel les collatéraux ordinaires ne succèdent pas", "degree", civ("745"), [period(6, "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /**
   * Art. 913: the disposable share with descendants, by the number of children (souches). The
   * paragraph added from 2021-11-01 (the « prélèvement compensatoire », law of 24 August 2021)
   * leaves the fractions as they are (https://archeo-lex.fr/codes/code_civil/2021-11-01/modifications).
   */
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
  /**
   * Art. 914-1: without descendants, the spouse's reserve is a quarter: the disposable share is the
   * rest. The article dates from the law of 2001 (in force 2002-07-01), whose wording reserved the
   * quarter only « à défaut de descendant et d'ascendant »; the engine reads the wording of the law
   * of 2006, « si, à défaut de descendant, le défunt laisse un conjoint survivant, non divorcé »,
   * in force from 2007-01-01, the day the ascendants' reserve of art. 914 ended (« Sortie de
   * vigueur le 1 janvier 2007 »,
   * https://www.doctrine.fr/l/texts/codes/LEGITEXT000006070721/articles/LEGIARTI000006433712;
   * the change of wording:
   * https://github.com/steeve/france.code-civil/commit/2b9fe001da4f62d120e6d17e995a2c41db04a30e).
   */
  disposableShareWithSpouse: series("quotité disponible sans descendant, en présence du conjoint survivant", "fraction", civ("914-1"), [period("3/4", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 757: the spouse's quarter in full ownership, with descendants. */
  spouseQuarter: series("part du conjoint en propriété en présence de descendants", "fraction", civ("757"), [period("1/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 757-1: the spouse's part with both parents. */
  spouseWithBothParents: series("part du conjoint en concours avec les père et mère", "fraction", civ("757-1"), [period("1/2", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /** Art. 757-1 al. 2: the spouse's part with one parent (the predeceased parent's quarter accrues to the spouse). */
  spouseWithOneParent: series("part du conjoint en concours avec le père ou la mère", "fraction", civ("757-1"), [period("3/4", "2002-07-01", null, CIVIL_ENACTED.L2001)]),
  /**
   * Art. 757-3: the part of family property that goes to the siblings descending from the parent it
   * came from. The article dates from the law of 2001 (in force 2002-07-01: the property « que le
   * défunt avait reçus d'eux »); the engine and its contract read the wording of the law of 2006,
   * property « reçus de ses ascendants par succession ou donation », in force from 2007-01-01 (the
   * half is the same in both;
   * https://github.com/steeve/france.code-civil/commit/2b9fe001da4f62d120e6d17e995a2c41db04a30e).
   */
  familyPropertyToSiblings: series("part des biens de famille dévolue aux frères et sœurs (droit de retour légal)", "fraction", civ("757-3"), [period("1/2", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
  /** Art. 1094-1: the quarter in full ownership of the second option (the rest in usufruct). */
  spouseLiberalityQuarter: series("quart en propriété de la libéralité entre époux (le reste en usufruit)", "fraction", civ("1094-1"), [period("1/4", "2007-01-01", null, CIVIL_ENACTED.L2006)]),
} as const;
