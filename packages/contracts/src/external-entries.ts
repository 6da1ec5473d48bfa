/**
 * Console entries that open another application, by catalogue path, with the key of their address
 * in the CP config's `external_urls`. The addresses come from the server's configuration (`BI_URL`,
 * `SERVICE_WORKBENCH_URL`); null means not set up, and the console then says so on its own page.
 * (No zod here: the console's shell reads this.)
 */
export const EXTERNAL_ENTRIES = { '/bi': 'bi', '/service/workbench': 'service_workbench' } as const;
export type ExternalEntry = (typeof EXTERNAL_ENTRIES)[keyof typeof EXTERNAL_ENTRIES];
export type ExternalUrls = Record<ExternalEntry, string | null>;

/** The key of a catalogue path that leaves the console, if it is one. */
export function externalEntryOf(path: string): ExternalEntry | undefined {
  return Object.hasOwn(EXTERNAL_ENTRIES, path)
    ? EXTERNAL_ENTRIES[path as keyof typeof EXTERNAL_ENTRIES]
    : undefined;
}
