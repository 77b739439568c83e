/**
 * @succ/engine/internal: the pieces of the computation that this project's own packages reuse
 * (the generator draws amounts with the scale walk and the net estate, reads again only the
 * civil file of a level-7 counterfactual and tells from its devolution alone when it misses the
 * answer, and recomputes only the recall of a counterfactual on it; a rule family's module computes with the exact
 * arithmetic). Not a stable interface: it follows the engine's structure and may change in any
 * minor version. Consumers use the index (`@succ/engine`).
 */
export { add, euro, floor0, fraction, integer, lt, min, mul, mulRatio, ONE, positive, ratio, sub, sum, ZERO } from "./exact.js";
export { CGI_ACTS, REPLAY_FROM, checkDossier, checkedLaw, donees790G, housingDonees, netEstateOf } from "./check.js";
export { lawAt } from "./law-of-day.js";
export { scaleSlices, scaleTax, type BandDetail } from "./scale.js";
export { grossEstateOf, type GrossEstate, type MainResidenceDetail } from "./assets.js";
export { base757B, lifeInsuranceOf, type LifeInsuranceShare } from "./life-insurance.js";
export { applies, collector, switchOn, line as sheetLine, agree, pct } from "./family.js";
export { switchesOf, familyOf } from "./rules.js";
export { formatAmount } from "./dossier.js";
export { rereadCivilFile, tryRereadCivilFile, type RereadOptions } from "./civil/reread.js";
export { civilCounterfactualMisses } from "./civil/counterfactual.js";
export { recallOf } from "./families/recall-784.js";
export { listOf } from "./lists.js";
