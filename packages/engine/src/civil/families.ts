import { LAW_SERIES } from "@succ/rules";
import type { DossierField, Switch } from "../family.js";
import type { RuleSet } from "../dossier.js";

/**
 * The civil devolution's rule families (computed mode, an estate with `family` under `cgi`), in
 * the shape of the tax families of `families/`: each declares its articles (of the Code civil),
 * its rule sets, its step, the dossier fields it reads and their checks, its counterfactual
 * switches (none yet) and the module that holds its computation and its lines of the sheet's
 * « Dévolution successorale » (`civil/sheet.ts`, one sub-section each). They run in this order,
 * upstream of every tax family, which then taxes what they give (`civil/tax.ts`).
 */

export const CIVIL_STEPS = ["liquidation", "heirs", "reserve", "spouse"] as const;
export type CivilStep = (typeof CIVIL_STEPS)[number];

export interface CivilFamily {
  readonly name: string;
  /** Articles of the Code civil; the fractions it reads are dated in `LAW_SERIES.civil`. */
  readonly articles: readonly string[];
  readonly ruleSets: readonly RuleSet[];
  readonly step: CivilStep;
  readonly fields: readonly DossierField[];
  readonly switches: Readonly<Record<string, Switch>>;
  /** The module of `civil/` that computes it. */
  readonly module: string;
}

const C = LAW_SERIES.civil;
const CGI: readonly RuleSet[] = ["cgi"];

export const CIVIL_FAMILIES: readonly CivilFamily[] = [
  {
    name: "liquidation du régime matrimonial",
    articles: ["1400", "1405", "1441", C.communityHalf.reference.article, "1485", "1524", "1526", "1527", "1536"],
    ruleSets: CGI,
    step: "liquidation",
    fields: [
      { path: "marriage.regime", ruleSets: CGI, checks: ["communaute_legale, communaute_universelle or separation_de_biens", "required with a spouse, refused without"] },
      { path: "marriage.attributionIntegrale", ruleSets: CGI, checks: ["communities only", "every child common (art. 1527 al. 2)"] },
      { path: "marriage.recompense", ruleSets: CGI, checks: ["communities only", "not with attributionIntegrale", "at most the net common mass"] },
      { path: "assets[].ownership", ruleSets: CGI, checks: ["own or common", "required under a community", "common only under a community"] },
      { path: "debts[].ownership", ruleSets: CGI, checks: ["own or common", "required under a community", "common only under a community"] },
    ],
    switches: {},
    module: "civil/liquidation.ts",
  },
  {
    name: "héritiers : ordres, degrés, représentation, fente",
    articles: ["731", "732", "734", "735", C.parentHalf.reference.article, "737", C.parentQuarter.reference.article, C.parentWithOtherBranch.reference.article, "744", C.collateralMaxDegree.reference.article, "746", C.branchHalf.reference.article, "748", "749", "750", "751", "752", "752-2", "753", "754", "805"],
    ruleSets: CGI,
    step: "heirs",
    fields: [
      { path: "family", ruleSets: CGI, checks: ["estates under cgi only", "no residue, spouseUsufruct or represents with it", "an heir or a universal legatee (art. 768)"] },
      { path: "family.spouse", ruleSets: CGI, checks: ["a beneficiary of relationship spouse", "names every spouse beneficiary", "not with a partner"] },
      { path: "family.partner", ruleSets: CGI, checks: ["a beneficiary of relationship pacs"] },
      { path: "family.children", ruleSets: CGI, checks: ["complete", "nodes down to great-grandchildren", "common with a spouse only, then required"] },
      { path: "family.father", ruleSets: CGI, checks: ["required", "no descendants"] },
      { path: "family.mother", ruleSets: CGI, checks: ["required", "no descendants"] },
      { path: "family.siblings", ruleSets: CGI, checks: ["complete", "blood germain, consanguin or uterin", "nodes down to nephews"] },
      { path: "family.ascendants", ruleSets: CGI, checks: ["living, accepting members", "branch and degree 2 or more", "required when no spouse and no heir of the first two orders"] },
      { path: "family.collaterals", ruleSets: CGI, checks: ["living, accepting members", "branch and degree 3 to 6 (art. 745)", "required when ascendants is empty there"] },
    ],
    switches: {},
    module: "civil/heirs.ts",
  },
  {
    name: "réserve héréditaire, quotité disponible et réduction des legs",
    articles: ["912", C.disposableShare.reference.article, "913-1", C.disposableShareWithSpouse.reference.article, "916", "919-2", "920", "922", "924", "926", "1003", "1009", "1010", "1014"],
    ruleSets: CGI,
    step: "reserve",
    fields: [
      { path: "will.universalLegatee", ruleSets: CGI, checks: ["a beneficiary", "not the spouse", "not one who takes in another's place"] },
      { path: "will.fractionalLegacies", ruleSets: CGI, checks: ["fractions summing to at most 1", "not to the spouse", "not to one who takes in another's place"] },
      { path: "will.disposableShareTo", ruleSets: CGI, checks: ["stands alone", "not the spouse"] },
      { path: "priorGifts[].outsideShare", ruleSets: CGI, checks: ["true on a gift to an heir (art. 843)"] },
      { path: "priorGifts[].valueAtDeath", ruleSets: CGI, checks: ["an amount", "the gifts within the disposable share (art. 923)"] },
    ],
    switches: {},
    module: "civil/devolution.ts",
  },
  {
    name: "droits du conjoint survivant",
    articles: [C.spouseQuarter.reference.article, C.spouseWithBothParents.reference.article, "757-2", C.familyPropertyToSiblings.reference.article, "758-5", "870", "1094", C.spouseLiberalityQuarter.reference.article],
    ruleSets: CGI,
    step: "spouse",
    fields: [
      { path: "marriage.spouseOption", ruleSets: CGI, checks: ["required with descendants, refused without", "legal_usufruct with every child common", "ddv_* with exactly one liberality and no other legacy or gift"] },
      { path: "marriage.donationEntreEpoux", ruleSets: CGI, checks: ["true or false", "without descendants: no other legacy or gift"] },
      { path: "will.spouseLargestDisposable", ruleSets: CGI, checks: ["a spouse", "without descendants: no other legacy or gift"] },
      { path: "assets[].receivedFrom", ruleSets: CGI, checks: ["father or mother, gift or succession", "no gift from a living parent (art. 738-2)", "own under the community of acquests", "no legacy beside it, one parent only (art. 757-3)"] },
    ],
    switches: {},
    module: "civil/devolution.ts",
  },
];
