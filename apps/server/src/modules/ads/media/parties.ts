import { AD_MEDIA, AD_PARTIES, adMediumOf, adPartyName, type AdMediumCode } from '@rx/contracts';
import { OutsideError, defineParty, type PartyDefinition } from '../../../lib/outside/index.ts';
import type { AdMediumAdapter } from './adapter.ts';
import { fakeMedia, fakeMediumAdapter } from './fake.ts';
import { realOceanEngine } from './oceanengine.ts';
import { realTencent } from './tencent.ts';

type AdParty = (typeof AD_PARTIES)[number];

/** The real adapters by medium; a medium without one runs on the fake only (its registry entry says so). */
const REAL: Partial<Record<AdMediumCode, PartyDefinition<AdMediumAdapter, AdParty>['real']>> = {
  jrtt: realOceanEngine,
  tencent: realTencent,
};

/**
 * One outside party per medium (`ad_jrtt`, `ad_tencent`…): token and account calls are retried
 * on a rate limit or a timeout; the sync itself comes back at its next run.
 */
export const AD_PARTY_DEFINITIONS = new Map<string, PartyDefinition<AdMediumAdapter, AdParty>>(
  AD_MEDIA.map((medium) => {
    const contract = AD_PARTIES.find((p) => p.name === adPartyName(medium.code))!;
    const page = `/main${medium.pages['account-manage']}`;
    const definition = defineParty<AdMediumAdapter, AdParty>({
      contract,
      policies: {
        '*': { timeoutMs: 10_000, attempts: 2, backoffMs: 500 },
        token: { attempts: 1 },
        // A create is never sent twice by the kit: the adapter looks up what a lost answer made.
        create_ad: { attempts: 1 },
        // An edit carries the object's token: a lost answer is read back by the next sync, never resent.
        update_object: { attempts: 1 },
      },
      real:
        REAL[medium.code] ??
        (() => {
          throw new OutsideError(
            'not_set_up',
            `${medium.code}: no real adapter yet (its marketing API is not publicly documented); use the fake`,
          );
        }),
      fake: (ctx) => fakeMediumAdapter(medium.code, ctx, page),
      // One fake serves every medium: the first definition puts it back.
      resetFake: medium.code === AD_MEDIA[0].code ? () => fakeMedia().reset() : () => {},
    });
    return [medium.code, definition];
  }),
);

export function adPartyOf(media: string): PartyDefinition<AdMediumAdapter, AdParty> {
  const definition = AD_PARTY_DEFINITIONS.get(media);
  if (!definition || !adMediumOf(media)) throw new Error(`no medium ${media}`);
  return definition;
}
