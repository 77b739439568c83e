import type { Rng } from "./random.js";

/**
 * Fictitious people, places and assets. First names are common French first names; family names
 * are invented, towns are composed from French-sounding parts, so that no real person or place
 * is described.
 */

export const FEMALE_FIRST = [
  "Jeanne", "Marie", "Odile", "Colette", "Françoise", "Monique", "Hélène", "Geneviève", "Madeleine", "Simone",
  "Brigitte", "Catherine", "Claire", "Isabelle", "Sophie", "Nathalie", "Valérie", "Sandrine", "Camille", "Léa",
  "Emma", "Chloé", "Manon", "Inès", "Juliette", "Louise", "Agathe", "Margaux", "Élise", "Solène",
  "Aurélie", "Bérénice", "Clémence", "Delphine", "Estelle", "Florence", "Gaëlle", "Héloïse", "Irène", "Joséphine",
  "Laure", "Mathilde", "Noémie", "Pauline", "Romane", "Salomé", "Victoire", "Yvette", "Lucienne", "Annick",
  "Bernadette", "Martine", "Sylvie", "Anne", "Lucie", "Rose", "Zoé", "Jade", "Alice", "Capucine",
] as const;

export const MALE_FIRST = [
  "Paul", "Pierre", "Jacques", "Michel", "Bernard", "André", "Jean", "Louis", "Marcel", "Henri",
  "Gérard", "Alain", "Philippe", "Patrick", "Thierry", "Olivier", "Laurent", "Nicolas", "Julien", "Thomas",
  "Hugo", "Lucas", "Théo", "Nathan", "Arthur", "Jules", "Gabriel", "Raphaël", "Victor", "Maxime",
  "Antoine", "Benoît", "Clément", "Damien", "Étienne", "Fabrice", "Guillaume", "Hervé", "Lionel", "Mathieu",
  "Noël", "Octave", "Quentin", "Rémi", "Sébastien", "Tristan", "Vincent", "Yves", "Baptiste", "Adrien",
  "Bastien", "Charles", "Félix", "Gaspard", "Léon", "Simon", "Joseph", "Lucien", "Armand", "Édouard",
] as const;

/** Family names invented for this project (French-sounding, no real person meant). */
const FAMILY = [
  "Aubrignac", "Balestrier", "Barbarel", "Bastérac", "Beaucharel", "Bellorme", "Berthomier", "Boisseret", "Bonnavel", "Bourdaleix",
  "Brévanne", "Cabarrot", "Capdequi", "Castagnède", "Chabrolle", "Chantelois", "Charmetant", "Chauvelot", "Clairmaison", "Combaret",
  "Coudrayne", "Courtial", "Dalbérac", "Daubigné", "Delacombe", "Delmasure", "Desfontel", "Dorvalle", "Duclaujac", "Dufresnel",
  "Espéraz", "Estagnol", "Faubelle", "Fayolière", "Flamarel", "Fontbrune", "Garrigoux", "Gaudinière", "Girardel", "Gravelotte",
  "Guérinel", "Hautefeuil", "Issartel", "Jaubertin", "Joncquières", "Labarthès", "Lacombrade", "Lafargette", "Lamothière", "Landrevie",
  "Larrouyet", "Lasserade", "Lavaudieu", "Lembrasse", "Lescarret", "Lestradel", "Malaterre", "Marcillon", "Mareuilh", "Maurandy",
  "Mézeraud", "Miremond", "Montagnol", "Morvillier", "Nauroyer", "Ouvradel", "Palmerol", "Pradalié", "Peyrolle", "Plantevin",
  "Quintanel", "Rabastel", "Ramonet", "Rivesaltes", "Rochemaure", "Roubichou", "Salvayre", "Sarrazac", "Sauveterre", "Ségalard",
  "Sorbiac", "Taillefert", "Terrasson", "Tessandier", "Toulzac", "Trébuchon", "Valcroze", "Vallerand", "Vaudrevange", "Verdelhan",
  "Vignerolle", "Villaret", "Viscaro", "Aigrefeuil", "Bramevaque", "Cazalens", "Escoubès", "Fenouillet", "Lagarrigue", "Montesquiol",
] as const;

const TOWN_HEAD = [
  "Saint-Aubin", "Sainte-Colombe", "Villeneuve", "Montbrun", "Fontenay", "Rochebelle", "Beaulieu", "Champvert",
  "Valmorel", "Bellerive", "Clairfont", "Hautecour", "Saint-Firmin", "Sainte-Aure", "Brissel", "Mervent",
  "Laverne", "Pradelle", "Croix-Vallon", "Saint-Amand",
] as const;

const TOWN_TAIL = [
  "-sur-Lère", "-les-Aulnes", "-en-Vaudois", "-la-Forêt", "-le-Haut", "-sous-Roche", "-sur-Ornelle", "-les-Vignes",
  "-en-Brenne", "-du-Lac", "", "",
] as const;

const BANK = [
  "Banque du Val d'Ornelle", "Crédit des Aulnes", "Caisse mutuelle de la Lère", "Banque Rochebelle", "Crédit de Brenne",
  "Banque populaire des Vignes", "Caisse d'épargne du Haut-Vaudois",
] as const;

const SCI = ["SCI Les Tilleuls", "SCI du Moulin", "SCI La Garenne", "SCI Les Glycines", "SCI du Vieux Pont", "SCI Les Coteaux"] as const;

export interface Person {
  first: string;
  last: string;
  female: boolean;
}

export function familyName(rng: Rng): string {
  return rng.pick(FAMILY);
}

export function firstName(rng: Rng, female: boolean): string {
  return female ? rng.pick(FEMALE_FIRST) : rng.pick(MALE_FIRST);
}

/** A person with a first name not yet used in the dossier (so that each name is unambiguous). */
export function person(rng: Rng, last: string, used: Set<string>, female = rng.chance(50)): Person {
  let first = firstName(rng, female);
  while (used.has(first)) first = firstName(rng, female);
  used.add(first);
  return { first, last, female };
}

export function town(rng: Rng): string {
  return rng.pick(TOWN_HEAD) + rng.pick(TOWN_TAIL);
}

export function bank(rng: Rng): string {
  return rng.pick(BANK);
}

export function sci(rng: Rng): string {
  return rng.pick(SCI);
}
