/**
 * The fields an object of the dossier may have. `last` is the keys of the last object read whose
 * fields were all known, in their order: objects of one kind mostly come with the same keys in
 * the same order, and the exact JSON reader gives each key text as one string, so that comparing
 * an object's keys with `last` place by place (identity, mostly) tells it has no unknown field
 * without a lookup in `names` for each key (the lookup hashed each key for every object read).
 */
export class Fields {
  readonly names: ReadonlySet<string>;
  last: string[] = [];
  constructor(names: Iterable<string>) {
    this.names = new Set(names);
  }
}
