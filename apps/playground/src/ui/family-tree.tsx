import { familyTree, type FamilyTree as Tree, type TreeNode } from "../logic/family-tree.js";
import type { Messages } from "../logic/i18n.js";
import { useT } from "./lang.js";
import "./family-tree.css";

type Words = Messages["familyTree"];

function Person({ node, w }: { node: TreeNode; w: Words }) {
  return (
    <div class={`ft-person ${node.status}`} data-id={node.id} data-status={node.status} title={node.share?.basis ?? undefined}>
      <div class="ft-name">
        {node.status === "alive" && node.id ? <span class="ft-id">{node.id}</span> : null}
        {node.name}
      </div>
      <div class="ft-place">
        {w.place(node.place)}
        {node.common === false ? ` · ${w.notSpouseChild}` : ""}
        {node.status !== "alive" ? <span class={`ft-status ${node.status}`}> · {w.status[node.status]}</span> : null}
        {node.souche ? <span class="ft-souche"> · {w.souche(node.souche)}</span> : null}
      </div>
      {node.share ? (
        <div class="ft-share" data-testid="ft-share">
          <span class="ft-title">{node.share.title}</span>
          {node.share.basis ? <span class="ft-basis"> ({node.share.basis})</span> : null}
          <span>: {node.share.parts.length > 0 ? node.share.parts.join(", ") : w.nothing}</span>
        </div>
      ) : null}
    </div>
  );
}

function Line({ nodes, w }: { nodes: TreeNode[]; w: Words }) {
  if (nodes.length === 0) return null;
  return (
    <ul class="ft-line">
      {nodes.map((n, i) => (
        <li key={n.id || i}>
          <Person node={n} w={w} />
          <Line nodes={n.children} w={w} />
        </li>
      ))}
    </ul>
  );
}

function Group({ title, nodes, empty, w }: { title: string; nodes: TreeNode[]; empty?: string; w: Words }) {
  if (nodes.length === 0 && !empty) return null;
  return (
    <div class="ft-group">
      <h4>{title}</h4>
      {nodes.length === 0 ? <p class="ft-empty">{empty}</p> : <Line nodes={nodes} w={w} />}
    </div>
  );
}

/**
 * The family tree of a computed-mode dossier (the deceased, each person alive, predeceased or
 * renouncing, the souches, and each heir's civil share and title when the engine computed them);
 * nothing for a dossier without `family`.
 */
export function FamilyTree({ dossier, devolution }: { dossier: unknown; devolution?: unknown }) {
  const w = useT().familyTree;
  const tree: Tree | null = familyTree(dossier, devolution);
  if (!tree) return null;
  return (
    <section class="family-tree" data-testid="family-tree">
      <h3>{w.title}</h3>
      {!tree.computed ? <p class="ft-note">{w.notComputed}</p> : null}
      <div class="ft-up">
        <Group title={w.parents} nodes={tree.parents} w={w} />
        {tree.branches.paternal.length + tree.branches.maternal.length > 0 ? (
          <div class="ft-branches">
            <Group title={w.paternal} nodes={tree.branches.paternal} empty={w.noOne} w={w} />
            <Group title={w.maternal} nodes={tree.branches.maternal} empty={w.noOne} w={w} />
          </div>
        ) : null}
      </div>
      <div class="ft-center">
        <div class="ft-person deceased" data-testid="ft-deceased">
          <div class="ft-name">{tree.deceased.name}</div>
          <div class="ft-place">{w.deceased(tree.deceased.date)}</div>
        </div>
        {tree.spouse ? <Person node={tree.spouse} w={w} /> : null}
        {tree.partner ? <Person node={tree.partner} w={w} /> : null}
      </div>
      <div class="ft-down">
        <Group title={w.descendants} nodes={tree.children} empty={w.noChild} w={w} />
        <Group title={w.siblings} nodes={tree.siblings} w={w} />
        <Group title={w.others} nodes={tree.others} w={w} />
      </div>
    </section>
  );
}
