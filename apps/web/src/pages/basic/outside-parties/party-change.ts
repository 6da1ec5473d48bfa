import type { OutsideMode, OutsidePartyUpdateBody } from '@rx/contracts/outside-parties';

export interface Values {
  mode: OutsideMode;
  settings: Record<string, string>;
  /** New values typed in (empty: keep what is set). */
  credentials: Record<string, string>;
  /** Credentials to clear on save. */
  clear: Record<string, boolean>;
}

/** What the form sends: settings as typed, credentials replaced (a value) or cleared (null). */
export function changeOf(values: Values, version: number): OutsidePartyUpdateBody {
  const credentials: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values.credentials ?? {}))
    if (value?.trim()) credentials[name] = value;
  for (const [name, clear] of Object.entries(values.clear ?? {})) if (clear) credentials[name] = null;
  const settings = Object.fromEntries(
    Object.entries(values.settings ?? {}).map(([key, value]) => [key, (value ?? '').trim()]),
  );
  return { mode: values.mode, settings, credentials, version };
}
