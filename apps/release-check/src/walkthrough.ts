import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./paths";

/**
 * The walkthrough of docs/releases.md, read from the page itself so that the test and the page
 * cannot drift apart: a `<!-- walkthrough:KIND ARG -->` comment, then a fenced block.
 */
export interface Walkthrough {
  /** The one-line edits of the change, in the page's order. */
  diffs: WalkthroughDiff[];
  changesetFile: string;
  changeset: string;
}

export interface WalkthroughDiff {
  /** The file the diff applies to, relative to the repo root. */
  file: string;
  removed: string;
  added: string;
}

export const RELEASES_DOC = join(repoRoot, "docs", "releases.md");

function fencedAfter(doc: string, marker: RegExp): { arg: string; body: string } {
  const match = marker.exec(doc);
  if (match === null) throw new Error(`docs/releases.md has no ${marker.source}`);
  return fencedAt(doc, match);
}

function fencedAt(doc: string, match: RegExpExecArray): { arg: string; body: string } {
  const rest = doc.slice(match.index + match[0].length);
  const fence = /^([ \t]*)```[^\n]*\n([\s\S]*?)^\1```/m.exec(rest);
  if (fence === null) throw new Error(`no fenced block after ${match[0]} in docs/releases.md`);
  const indent = fence[1]!;
  const body = fence[2]!
    .split("\n")
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
    .join("\n");
  return { arg: match[1]!, body };
}

export function readWalkthrough(doc = readFileSync(RELEASES_DOC, "utf8")): Walkthrough {
  const diffs = [...doc.matchAll(/<!-- walkthrough:diff (\S+) -->/g)].map((match) => {
    const diff = fencedAt(doc, match as RegExpExecArray);
    const lines = diff.body.split("\n");
    const removed = lines.filter((line) => line.startsWith("-")).map((line) => line.slice(1));
    const added = lines.filter((line) => line.startsWith("+")).map((line) => line.slice(1));
    if (removed.length !== 1 || added.length !== 1) throw new Error(`the walkthrough diff of ${diff.arg} must remove one line and add one`);
    return { file: diff.arg, removed: removed[0]!, added: added[0]! };
  });
  if (diffs.length === 0) throw new Error("docs/releases.md has no walkthrough diff");
  const changeset = fencedAfter(doc, /<!-- walkthrough:changeset (\S+) -->/);
  return { diffs, changesetFile: changeset.arg, changeset: changeset.body };
}

/** Makes the walkthrough's change in the checkout at `root`: the edit and its changeset. */
export function applyWalkthrough(root: string, walkthrough = readWalkthrough()): void {
  for (const diff of walkthrough.diffs) {
    const file = join(root, diff.file);
    const lines = readFileSync(file, "utf8").split("\n");
    const at = lines.indexOf(diff.removed);
    if (at === -1) throw new Error(`docs/releases.md is stale: ${diff.file} has no line\n${diff.removed}`);
    lines[at] = diff.added;
    writeFileSync(file, lines.join("\n"));
  }
  writeFileSync(join(root, walkthrough.changesetFile), walkthrough.changeset);
}

/** The changeset files waiting in .changeset/ (README.md is not one). */
export function pendingChangesets(root: string): string[] {
  const dir = join(root, ".changeset");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((file) => file.endsWith(".md") && file !== "README.md");
}

export function dropPendingChangesets(root: string): void {
  for (const file of pendingChangesets(root)) rmSync(join(root, ".changeset", file));
}

/** `major.minor.patch` bumped; prerelease versions are out of scope here. */
export function bump(version: string, kind: "major" | "minor" | "patch"): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (match === null) throw new Error(`not a plain version: ${version}`);
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  if (kind === "major") return `${major + 1}.0.0`;
  if (kind === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
