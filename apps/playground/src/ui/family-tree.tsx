import { familyTree, type FamilyTree as Tree, type TreeNode } from "../logic/family-tree.js";
import "./family-tree.css";

const STATUS_WORD = { alive: "alive", predeceased: "predeceased", renounced: "renounced" } as const;

function Person({ node }: { node: TreeNode }) {
  return (
    <div class={`ft-person ${node.status}`} data-id={node.id} data-status={node.status} title={node.share?.basis ?? undefined}>
      <div class="ft-name">
        {node.status === "alive" && node.id ? <span class="ft-id">{node.id}</span> : null}
        {node.name}
      </div>
      <div class="ft-place">
        {node.place}
        {node.common === false ? " · not the spouse's child" : ""}
        {node.status !== "alive" ? <span class={`ft-status ${node.status}`}> · {STATUS_WORD[node.status]}</span> : null}
        {node.souche ? <span class="ft-souche"> · souche {node.souche}</span> : null}
      </div>
      {node.share ? (
        <div class="ft-share" data-testid="ft-share">
          <span class="ft-title">{node.share.title}</span>
          {node.share.basis ? <span class="ft-basis"> ({node.share.basis})</span> : null}
          {node.share.parts.length > 0 ? <span>: {node.share.parts.join(", ")}</span> : <span>: nothing</span>}
        </div>
      ) : null}
    </div>
  );
}

function Line({ nodes }: { nodes: TreeNode[] }) {
  if (nodes.length === 0) return null;
  return (
    <ul class="ft-line">
      {nodes.map((n) => (
        <li key={n.id || n.name}>
          <Person node={n} />
          <Line nodes={n.children} />
        </li>
      ))}
    </ul>
  );
}

function Group({ title, nodes, empty }: { title: string; nodes: TreeNode[]; empty?: string }) {
  if (nodes.length === 0 && !empty) return null;
  return (
    <div class="ft-group">
      <h4>{title}</h4>
      {nodes.length === 0 ? <p class="ft-empty">{empty}</p> : <Line nodes={nodes} />}
    </div>
  );
}

/** The family tree of a computed-mode dossier; nothing for a dossier without `family`. */
export function FamilyTree({ dossier, devolution }: { dossier: unknown; devolution?: unknown }) {
  const tree: Tree | null = familyTree(dossier, devolution);
  if (!tree) return null;
  return (
    <section class="family-tree" data-testid="family-tree">
      <h3>Family and civil devolution</h3>
      {!tree.computed ? <p class="ft-note">The engine has not computed this file: the family is drawn as typed, without shares.</p> : null}
      <div class="ft-up">
        <Group title="Parents" nodes={tree.parents} />
        {tree.branches.paternal.length + tree.branches.maternal.length > 0 ? (
          <div class="ft-branches">
            <Group title="Paternal branch" nodes={tree.branches.paternal} empty="no one" />
            <Group title="Maternal branch" nodes={tree.branches.maternal} empty="no one" />
          </div>
        ) : null}
      </div>
      <div class="ft-center">
        <div class="ft-person deceased" data-testid="ft-deceased">
          <div class="ft-name">{tree.deceased.name}</div>
          <div class="ft-place">deceased{tree.deceased.date ? ` on ${tree.deceased.date}` : ""}</div>
        </div>
        {tree.spouse ? <Person node={tree.spouse} /> : null}
        {tree.partner ? <Person node={tree.partner} /> : null}
      </div>
      <div class="ft-down">
        <Group title="Descendants" nodes={tree.children} empty="no child" />
        <Group title="Brothers and sisters" nodes={tree.siblings} />
        <Group title="Outside the family" nodes={tree.others} />
      </div>
    </section>
  );
}
