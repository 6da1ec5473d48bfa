import { PUBLISH_AREAS, type PublishArea } from '@rx/contracts/acs';
import type {
  ChatSettings,
  FriendSettings,
  KillSwitch,
  SocialKind,
  SocialPolicy,
} from '@rx/contracts/social-access';

/** The on/off features of each kind, in the order the page shows them. */
export const FEATURES = {
  chat: ['world', 'private', 'guild'],
  friend: ['add', 'gifting'],
} as const satisfies { chat: (keyof ChatSettings)[]; friend: (keyof FriendSettings)[] };

/** The daily limits of each kind (0: no limit). */
export const LIMITS = {
  chat: ['daily_messages'],
  friend: ['daily_requests', 'daily_gifts'],
} as const satisfies { chat: (keyof ChatSettings)[]; friend: (keyof FriendSettings)[] };

/** A new policy of a kind: every feature on, no limits, no requirements. */
export function newPolicy(kind: SocialKind, region: PublishArea) {
  const common = {
    kind,
    region,
    channel_id: null,
    min_level: 0,
    min_account_age_days: 0,
    real_name_required: false,
    adult_required: false,
    start_at: null,
    end_at: null,
    enabled: true,
  };
  return kind === 'chat'
    ? { ...common, chat: { world: true, private: true, guild: true, daily_messages: 0 } }
    : { ...common, friend: { add: true, gifting: true, daily_requests: 0, daily_gifts: 0 } };
}

/** A policy as its edit form starts: the other kind's settings (null) left out, as the API takes it. */
export function editValues(policy: SocialPolicy): Record<string, unknown> {
  const { chat, friend, ...rest } = policy;
  return policy.kind === 'chat' ? { ...rest, chat } : { ...rest, friend };
}

/** Every region's switch, off where none was ever set. */
export function switchesByRegion(switches: KillSwitch[], kind: SocialKind): KillSwitch[] {
  return PUBLISH_AREAS.map(
    (region) =>
      switches.find((s) => s.region === region && s.kind === kind) ?? {
        region,
        kind,
        on: false,
        updated_by: '',
        updated_at: '',
      },
  );
}
