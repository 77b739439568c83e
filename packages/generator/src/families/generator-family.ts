import { FAMILIES, type CivilDate, type ComputeResult, type Rule, type RuleFamily } from "@succ/engine";
import type { Law, TransferKind } from "@succ/rules";
import type { Beneficiary, CgiDraft, CgiEstateDraft, CgiGiftDraft, ContractDraft, FurnitureDraft, GiftItem, Item } from "../draft.js";
import type { CgiLevel, Level } from "../levels.js";
import type { Rng } from "../random.js";

/**
 * What a rule family is in the generator, declared once in its module of this folder (named like
 * the engine's module of `packages/engine/src/families/`): the engine family it stands for, its
 * numbered rule (levels 1-4), its article (level 5, and the fictional law), how it draws the
 * fields it owns and how it appears in the notary's file (levels 5-6), and its rows of
 * `succ stats`. The presentation module
 * (`presentation.ts`) and the stats module (`stats.ts`) loop over an ordered table of them
 * (`GENERATOR_FAMILIES`, `index.ts`); every text reads the law from the `Law` passed in.
 *
 * Each piece a family adds to a shared list carries its `place` in that list: the numbered rules,
 * the articles and the rows of `succ stats` are each written in an order of their own (the order
 * of the prompts and of the measures since 0.1, which the pinned fingerprints hold), not in the
 * order of the computation.
 */
export interface GeneratorFamily {
  /** The engine's family (from `FAMILIES`, or one a test registers). */
  readonly engine: RuleFamily;
  /** Its parts of the numbered rules of levels 1-4 (only the families the seed rules have). */
  readonly numbered?: readonly NumberedRulePart[];
  /** Its articles of the level-5 "Droit applicable". */
  readonly articles?: readonly ArticleText[];
  /** How it draws the fields it owns (the hooks the drafts of levels 5-6 call, in the order of their draws). */
  readonly draw?: DrawHooks;
  /** How it appears in the notary's file of levels 5-6. */
  readonly file?: FileFragments;
  /** Its rows of `succ stats`: levels 3-4 (a rule ignored) and levels 5-6 (a common mistake). */
  readonly stillRight?: readonly StillRightRow[];
  readonly mistakes?: readonly MistakeRow[];
}

/**
 * A part of a numbered rule. The parts of the same `rule` follow each other (by `place`) and make
 * one numbered rule, their texts joined by a line break; a text refers to another rule by
 * {@link ruleRef}, replaced by that rule's number in the prompt (0 when the prompt lacks it).
 */
export interface NumberedRulePart {
  readonly rule: string;
  readonly place: number;
  appears(level: Level, kind: TransferKind): boolean;
  text(level: Level, kind: TransferKind, law: Law): string;
}

/** An article of the level-5 law, for the kinds of transfer it is written for; null: not written under this law. */
export interface ArticleText {
  readonly place: number;
  readonly kinds: readonly TransferKind[];
  text(law: Law, kind: TransferKind): string | null;
}

/**
 * The drawing of a field a family owns, called by the estate or gift draft of levels 5-6 at its
 * place among the draft's draws (the order of the random draws is what keeps the task set's bytes).
 */
export interface DrawHooks {
  /** An estate: the funeral invoice. */
  funeral?(rng: Rng, level: CgiLevel, law: Law): Item;
  /** An estate: the furniture, given the total of the assets listed in the inventory (cents); null: none. */
  furniture?(rng: Rng, level: CgiLevel, law: Law, listed: number): FurnitureDraft | null;
  /** An estate: the life-insurance contracts on the deceased's life (at most three). */
  lifeInsurance?(rng: Rng, level: CgiLevel, law: Law, estate: EstateOfDraw): ContractDraft[];
  /** A gift: its items of cash given for a home, each added to its donee's cash and to what is exempt of it. */
  housing?(rng: Rng, level: CgiLevel, law: Law, childless: boolean, donees: readonly CashDonee[]): GiftItem[];
}

/** What an estate's draft has drawn when it draws the life insurance. */
export interface EstateOfDraw {
  readonly act: CivilDate;
  /** The deceased's birth and age at death. */
  readonly birth: CivilDate;
  readonly age: number;
  readonly beneficiaries: readonly Beneficiary[];
  /** Exempt by who they are (art. 796-0 bis, 796-0 ter). */
  readonly exempt: ReadonlySet<string>;
}

/** A donee as a gift's draft counts its cash (cents): what it receives, and what of it is exempt. */
export interface CashDonee {
  readonly b: Beneficiary;
  cash: number;
  exempt: number;
}

/** The sections of an estate's notary file a family may follow with its own. */
export type EstateSlot = "inventory" | "funeral";

export interface FileFragments {
  /** An estate: the lines of its sections, each after the section of the file it names. */
  readonly estateSections?: readonly { readonly after: EstateSlot; lines(d: CgiEstateDraft, law: Law): string[] }[];
  /** An estate: the observation of the asset at `index` of the inventory (null: none of this family). */
  assetNote?(d: CgiEstateDraft, index: number): string | null;
  /** The last facts of a beneficiary's civil-status cell, after those every file states (null: none of this family). */
  beneficiaryFacts?(d: CgiDraft, b: Beneficiary): string | null;
  /** A gift: the nature of a given item (null: none of this family). */
  giftNature?(d: CgiGiftDraft, item: GiftItem): string | null;
}

/** A row of the levels 3-4 table "still fully right with the rule ignored"; `levels`: only at these. */
export interface StillRightRow {
  readonly place: number;
  readonly key: string;
  readonly label: string;
  readonly rules: readonly Rule[];
  readonly levels?: readonly Level[];
}

/** A common mistake of levels 5-6: the engine rule whose counterfactual makes it, and the feature a task must hold for it. */
export interface MistakeRow {
  readonly place: number;
  readonly key: string;
  readonly label: string;
  readonly rule: Rule;
  readonly feature: string;
  has(r: ComputeResult): boolean;
}

/** Declares a family (the literal keys of its rows kept, for the types of `succ stats`). */
export function generatorFamily<const F extends GeneratorFamily>(f: F): F {
  return f;
}

/** The engine's family that has this counterfactual switch (its module is the one of the same name). */
export function engineFamily(sw: string): RuleFamily {
  const f = FAMILIES.find((x) => Object.hasOwn(x.switches, sw));
  if (f === undefined) throw new Error(`generator: no engine family has the switch ${sw}`);
  return f;
}

/** The placeholder a rule text writes for the number of another rule of the same prompt. */
export function ruleRef(rule: string): string {
  return `@${rule.toUpperCase()}@`;
}
