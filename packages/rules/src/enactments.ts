/** The texts that set the values of the tables (cited in each period's `enactedBy`). */
export const ENACTED = {
  LF2003: "loi n° 2002-1575 du 30 décembre 2002 de finances pour 2003, art. 14",
  LF2004: "loi n° 2003-1311 du 30 décembre 2003 de finances pour 2004, art. 19",
  TEPA: "loi n° 2007-1223 du 21 août 2007 (TEPA), art. 8",
  INDEX2011: "actualisation de 2011 (art. 777, 779, 790 B, 790 D, 790 E, 790 F et 790 G, montants gelés ensuite par la loi n° 2011-900)",
  LFR2011: "loi n° 2011-900 du 29 juillet 2011 de finances rectificative pour 2011, art. 7",
  LFR2012: "loi n° 2012-958 du 16 août 2012 de finances rectificative pour 2012, art. 5",
  LFR2013: "loi n° 2013-1279 du 29 décembre 2013 de finances rectificative pour 2013, art. 9",
  LF2006: "loi n° 2005-1719 du 30 décembre 2005 de finances pour 2006, art. 8",
  BOFIP2012: "en vigueur au plus tard le 12 septembre 2012 (BOI-ENR-DMTG-10-60-10 § 20, première version) ; le texte qui l'a fixé n'a pas été identifié",
  LF2025: "loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 71",
  LFR1998: "loi n° 98-1267 du 30 décembre 1998 de finances rectificative pour 1998, art. 20 (art. 990 I)",
  LF1992: "loi n° 91-1322 du 30 décembre 1991 de finances pour 1992, art. 26",
  CGI: "Code général des impôts, rédaction en vigueur (inchangée depuis au moins 2011)",
} as const;
