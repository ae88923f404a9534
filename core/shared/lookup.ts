// Reading a table by a key that came from outside: only the table's own entries count, so '__proto__', 'constructor'
// or 'toString' find nothing instead of Object.prototype's members (which answered 500s before).

/** The value stored under `key` in `table` itself, or undefined. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
