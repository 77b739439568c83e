/**
 * `xs.map(f)`, pushed into an array literal. Where V8's optimizing compiler inlines
 * `Array.prototype.map`, the list it makes can have the hidden class of arrays with holes
 * ("holey" elements), where the same call run by the interpreter gives an array without (and
 * `map` on an empty list a third one): the lists of one kind (a dossier's beneficiaries, a
 * devolution's shares, a task's gifts) changed hidden class once the function making them was
 * optimized, and the code reading them, optimized before, was deoptimized ("wrong map") and
 * compiled again; a holey list met once at a store also turns the lists stored there holey in
 * turn. A literal grown by `push` keeps one hidden class in every tier, empty or not. The engine's
 * civil devolution and the generator make their lists with it: `succ generate --level 5` on
 * 10,000 tasks (`node --single-threaded --trace-opt --trace-deopt`) went from 35
 * deoptimizations to 7, and its compiles from 9.25 G to 7.10 G instructions on 8,000 tasks.
 */
export function listOf<T, U>(xs: readonly T[], f: (x: T, i: number) => U): U[] {
  const out: U[] = [];
  for (let i = 0; i < xs.length; i++) out.push(f(xs[i]!, i));
  return out;
}
