import { createElement } from 'react';
import { loadNamespace } from '@/shared/i18n.ts';
import { SocialAccessPage } from '../SocialAccessPage.tsx';

// Chat access (`socialAccessResources.chat`): who may use world, private and guild chat, per region and channel.
await loadNamespace('social');
export default function ChatAccessPage() {
  return createElement(SocialAccessPage, { kind: 'chat' });
}
