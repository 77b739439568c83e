import type { Reference } from "./types.js";

/**
 * The articles of the Code général des impôts this project applies, each with its Légifrance
 * link, and the official explanatory sources read for them.
 */

/** The Code général des impôts on Légifrance (consolidated text). */
export const CGI_URL = "https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577/";

/**
 * The Légifrance link of each article: its LEGIARTI id where the project found it
 * (`codes/article_lc/…`, which opens the version in force and lists the others); otherwise the
 * Journal officiel article of the law that wrote the article's text (`jorf/article_jo/…`); and
 * for the few whose id the project has not found yet, the code itself (`legiarti: null`).
 */
export const ARTICLES = {
  "669": { legiarti: "LEGIARTI000006310171", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000006310171" },
  "757 B": { legiarti: null, link: "https://www.legifrance.gouv.fr/jorf/article_jo/JORFARTI000001957600" },
  "764": { legiarti: null, link: CGI_URL },
  "764 bis": { legiarti: null, link: CGI_URL },
  "775": { legiarti: null, link: "https://www.legifrance.gouv.fr/jorf/article_jo/JORFARTI000001656494" },
  "777": { legiarti: "LEGIARTI000048492503", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000048492503" },
  "779": { legiarti: "LEGIARTI000026292566", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000026292566" },
  "784": { legiarti: "LEGIARTI000006305422", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000006305422" },
  "788": { legiarti: null, link: CGI_URL },
  "790 A bis": { legiarti: null, link: CGI_URL },
  "790 B": { legiarti: "LEGIARTI000026292596", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000026292596" },
  "790 D": { legiarti: null, link: CGI_URL },
  "790 E": { legiarti: null, link: CGI_URL },
  "790 F": { legiarti: null, link: CGI_URL },
  "790 G": { legiarti: "LEGIARTI000006305457", link: "https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000006305457" },
  "796-0": { legiarti: null, link: CGI_URL },
  "796-0 bis": { legiarti: null, link: CGI_URL },
  "796-0 ter": { legiarti: null, link: "https://www.legifrance.gouv.fr/jorf/article_jo/JORFARTI000001695144" },
  "800": { legiarti: null, link: CGI_URL },
  "990 I": { legiarti: null, link: CGI_URL },
} as const satisfies Record<string, { legiarti: string | null; link: string }>;

export type ArticleKey = keyof typeof ARTICLES;

/** Official explanatory sources (Licence Ouverte / Etalab 2.0), with the paragraph read. */
export const SOURCES = {
  /** service-public.gouv.fr: droits de succession. */
  F14198: "https://www.service-public.gouv.fr/particuliers/vosdroits/F14198",
  /** service-public.gouv.fr: droits de donation selon le lien de parenté. */
  F14203: "https://www.service-public.gouv.fr/particuliers/vosdroits/F14203",
  /** service-public.gouv.fr: assurance-vie et succession. */
  F35794: "https://www.service-public.gouv.fr/particuliers/vosdroits/F35794",
  /** BOFiP BOI-ENR-DMTG-10-40-10-50: art. 669, valeur de l'usufruit et de la nue-propriété. */
  BOFIP_669: "https://bofip.impots.gouv.fr/bofip/2323-PGP",
  /** BOI 7 G-2-03 (2003): art. 775, « déduction forfaitaire acquise au redevable sans justification ». */
  BOI_775: "http://www11.minefi.gouv.fr/boi/boi2003/7epub/textes/7g203/7g203.htm",
  /** BOI 7 G-2-12 (2012): art. 777, the last two rates raised by five points from 2011-07-31. */
  BOI_777: "https://bofip-archives.impots.gouv.fr/bofip/21887-AIDA.html/identifiant%3D7G-2-12-20120320",
  /** DB 7 G 2424 n° 1: art. 788, the default allowance only « à défaut d'autre abattement », estates only. */
  DB_788: "https://bofip-archives.impots.gouv.fr/doctrine/pgp/30279-AIDA",
  /** BOFiP BOI-ENR-DMTG-10-20-10 § 1 and § 10: art. 796-0 (small estates) and 796-0 bis (spouse). */
  BOFIP_796: "https://bofip.impots.gouv.fr/bofip/1772-PGP.html/identifiant=BOI-ENR-DMTG-10-20-10-20180619",
  /** BOFiP BOI-TCAS-AUT-60 § 1: art. 990 I, 20 % up to 700,000 €, 31.25 % above. */
  BOFIP_990I: "https://bofip.impots.gouv.fr/bofip/1335-PGP.html/identifiant=BOI-TCAS-AUT-60-20180516",
  /** BOFiP BOI-ENR-DMTG-10-10-20-20 § 190 and § 210: art. 757 B. */
  BOFIP_757B: "https://bofip.impots.gouv.fr/bofip/3456-PGP.html",
  /**
   * DB 7 G 2423 (1996), which quotes annexe II au CGI, art. 293 and 294 (the decree of art. 779 II):
   * the infirmity must prevent « soit de se livrer dans des conditions normales de rentabilité à
   * toute activité professionnelle, soit, s'il est âgé de moins de dix-huit ans, d'acquérir une
   * instruction ou une formation professionnelle d'un niveau normal ».
   */
  DB_779_II: "https://bofip-archives.impots.gouv.fr/doctrine/pgp/30278-AIDA",
  /**
   * Art. 790 A bis in 2026, read on 2026-12-01: the finance bill for 2026 carried amendments to the
   * article (Assemblée nationale, 3 November 2025, the Kasbarian amendment: primo-accédants, old
   * housing, 2026-01-01 to 2027-06-30; Sénat I-1592, I-1668, I-2020, I-2372: the year 2026
   * replaced by 2027), but no text of the finance law for 2026 as promulgated, nor any BOFiP
   * update, was found that changes it; secondary press reports (moneyvox.fr, 2026) say that the
   * measure was not kept in the law adopted under art. 49.3.
   */
  PLF2026_790ABIS: "https://www.senat.fr/enseance/2025-2026/138/Amdt_I-2372.html",
  /** BOFiP BOI-ENR-DMTG-10-40-10-20: art. 764, meubles meublants. */
  BOFIP_764: "https://bofip.impots.gouv.fr/bofip/1389-PGP.html/identifiant=BOI-ENR-DMTG-10-40-10-20-20160530",
} as const;

/** The Légifrance link of an article. */
export function articleUrl(article: ArticleKey): string {
  return ARTICLES[article].link;
}

/**
 * A reference: `article` is the article with its paragraph ("779 I"), `base` the article whose
 * Légifrance link applies ("779").
 */
export function ref(article: string, base: ArticleKey, official: string): Reference {
  return { article, legifrance: articleUrl(base), official };
}
