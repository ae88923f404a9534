// One in-memory table for the repository fakes: rows keyed by id, copied in and out (callers never share a row with the
// store, as with a database), in insertion order, with a snapshot the unit of work restores when a transaction throws.
import { randomUUID } from 'node:crypto';

/** A row to insert: `id` and `created_at` are optional (the store fills them in). */
export type NewRow<T> = Omit<T, 'id' | 'created_at'> & Partial<Pick<T, Extract<keyof T, 'id' | 'created_at'>>>;

export class Table<T extends { id: string }> {
  private rows = new Map<string, T>();

  constructor(private readonly now: () => Date) {}

  /** Inserts a copy of `row` with a fresh UUID (unless it has an id) and `created_at` when the row type has one. */
  insert(row: NewRow<T>, defaults: Partial<T> = {}): T {
    const id = (row as { id?: string }).id ?? randomUUID();
    const stored = structuredClone({ created_at: this.now(), ...defaults, ...row, id } as unknown as T);
    this.rows.set(id, stored);
    return structuredClone(stored);
  }

  get(id: string | null | undefined): T | null {
    const row = id ? this.rows.get(id) : undefined;
    return row ? structuredClone(row) : null;
  }

  /** Copies of the rows matching `where` (every row without it), in insertion order. */
  all(where: (row: T) => boolean = () => true): T[] {
    return [...this.rows.values()].filter(where).map((r) => structuredClone(r));
  }

  /** The one row matching `where` (or the table's only row); throws when there are none or several. */
  only(where: (row: T) => boolean = () => true): T {
    const rows = this.all(where);
    if (rows.length !== 1) throw new Error(`expected one row, found ${rows.length}`);
    return rows[0] as T;
  }

  first(where: (row: T) => boolean): T | null {
    return this.all(where)[0] ?? null;
  }

  /** Merges `patch` into the row; false when there is none. */
  patch(id: string, patch: Partial<T>): boolean {
    const row = this.rows.get(id);
    if (!row) return false;
    this.rows.set(id, structuredClone({ ...row, ...patch, id }));
    return true;
  }

  /** The conditional update every `moveIf` is: applies only when the stored row passes `when`. */
  patchIf(id: string, when: (row: T) => boolean, patch: Partial<T>): boolean {
    const row = this.rows.get(id);
    if (!row || !when(row)) return false;
    return this.patch(id, patch);
  }

  /** Patches every row matching `where`; the number patched. */
  patchWhere(where: (row: T) => boolean, patch: Partial<T> | ((row: T) => Partial<T>)): number {
    let n = 0;
    for (const row of [...this.rows.values()].filter(where)) {
      this.patch(row.id, typeof patch === 'function' ? patch(row) : patch);
      n++;
    }
    return n;
  }

  delete(id: string): boolean {
    return this.rows.delete(id);
  }

  get size(): number {
    return this.rows.size;
  }

  snapshot(): Map<string, T> {
    return structuredClone(this.rows);
  }

  restore(snapshot: Map<string, T>): void {
    this.rows = structuredClone(snapshot);
  }
}

/**
 * A repository fake with only the methods `impl` gives: any other method throws, naming itself, so a test that reaches
 * an unfaked query fails loudly instead of reading `undefined`. Add the method to the module's fake when that happens.
 */
export function faked<T extends object>(name: string, impl: Partial<T>): T {
  return new Proxy(impl as T, {
    get(target, prop, receiver) {
      if (prop in target || typeof prop === 'symbol' || prop === 'then') return Reflect.get(target, prop, receiver);
      return () => {
        throw new Error(`${name}.${prop} is not faked (tests/fakes/memory)`);
      };
    },
  });
}

/** Newest first by `created_at`, later insertions first among equals (the adapters' `order by created_at desc`). */
export const newestFirst = <R extends { created_at: Date }>(rows: R[]): R[] => rows.map((r, i) => [r, i] as const).sort((a, b) => b[0].created_at.getTime() - a[0].created_at.getTime() || b[1] - a[1]).map(([r]) => r);
