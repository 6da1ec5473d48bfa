import { autoRepliesResource, type Reply } from '@rx/contracts/auto-replies';
import { GAME_PLATFORMS, type GamePlatform } from '@rx/contracts/products';

export const AUTO_REPLY_BASE = autoRepliesResource.page;
export const REPLY_TYPES = ['text', 'image', 'link', 'card'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];

/** The replies of one scope: a channel (null: every channel) and a platform (null: every platform). */
export interface ReplyScope {
  channelId: number | null;
  platform: GamePlatform | null;
}

/** A scope's own page: `detail/<product>/<channel or 0>/<platform or all>`. */
export function scopePath(productId: number, scope: ReplyScope): string {
  return `${AUTO_REPLY_BASE}/detail/${productId}/${scope.channelId ?? 0}/${scope.platform ?? 'all'}`;
}

/** The platform segment of the detail route; anything else (`all`, absent) means every platform. */
export function platformSegment(segment: string | undefined): GamePlatform | null {
  return (GAME_PLATFORMS as readonly string[]).includes(segment ?? '') ? (segment as GamePlatform) : null;
}

/** A blank reply of a type, as the editor starts it. */
export function blankReply(type: ReplyType): Reply {
  switch (type) {
    case 'text':
      return { type, text: '', lang: '' };
    case 'image':
      return { type, url: '' };
    case 'link':
      return { type, title: '', url: '' };
    case 'card':
      return { type, title: '', description: '', image_url: '', url: '' };
  }
}

/** One line saying what a reply sends (for lists and tooltips). */
export function replySummary(reply: Reply): string {
  switch (reply.type) {
    case 'text':
      return reply.text;
    case 'image':
      return reply.url;
    case 'link':
    case 'card':
      return `${reply.title} → ${reply.url}`;
  }
}

export type WindowState = 'always' | 'upcoming' | 'active' | 'ended';

/** Where `now` falls in a rule's active window (open ends count as open). */
export function windowState(start: string | null, end: string | null, now: number): WindowState {
  if (!start && !end) return 'always';
  if (start && Date.parse(start) > now) return 'upcoming';
  if (end && Date.parse(end) <= now) return 'ended';
  return 'active';
}
