import { createElement } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';
import { SocialAccessPage } from '../SocialAccessPage.tsx';

// Friend access (`socialAccessResources.friend`): who may add friends and send gifts, per region and channel.
await loadNamespace('social');
export default function FriendAccessPage() {
  return createElement(SocialAccessPage, { kind: 'friend' });
}
