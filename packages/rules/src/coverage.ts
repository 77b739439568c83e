import { ENACTED } from "./enactments.js";

/** A day that bounds what the tables are verified for, and the text or choice that fixes it. */
export interface CoverageDay {
  /** YYYY-MM-DD. */
  readonly day: string;
  readonly fixedBy: string;
}

/**
 * What the tables are verified for. The engine's `cgi` rules compute the acts from
 * `verifiedFrom` to `verifiedThrough` and refuse the others; publishing the law of a new year is
 * a change of this package alone: its new periods, and `verifiedThrough` moved to the year's
 * last day. `replayFrom` is the first day from which the recall of art. 784 can replay the
 * allowances an earlier gift used under the law of its own date; a gift made before it must
 * state them, as its deed does (the allowances and the recall then followed other rules).
 */
export interface Coverage {
  readonly verifiedFrom: CoverageDay;
  readonly verifiedThrough: CoverageDay;
  readonly replayFrom: CoverageDay;
}

export const LAW_COVERAGE: Coverage = {
  verifiedFrom: {
    day: "2017-01-01",
    fixedBy: "choix du projet : les valeurs et leurs sources ont été vérifiées pour les actes à partir du 1er janvier 2017 (les valeurs antérieures ne servent qu'à reconstituer les donations rappelées)",
  },
  verifiedThrough: {
    day: "2026-12-31",
    fixedBy: `valeurs vérifiées jusqu'au 31 décembre 2026 contre les sources citées et le dernier texte lu, la ${ENACTED.LF2025} (qui fixe le terme de l'art. 790 A bis)`,
  },
  replayFrom: {
    day: "2012-08-17",
    fixedBy: `${ENACTED.LFR2012} : abattement en ligne directe de 100 000 € et rappel de quinze ans`,
  },
};
