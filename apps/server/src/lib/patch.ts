/**
 * An update that names only some fields of a nested object (the languages of a text, a policy's
 * settings) merges them into what the row holds: undefined fields leave the value as it was.
 */
export function dropUndefined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
