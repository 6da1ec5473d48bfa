import { loadNamespace } from '@/shared/i18n.ts';
import { SubChannelEditPage } from './SubChannelEditPage.tsx';

// Editing one sub-channel, opened from its channel's row in the channel list.
await loadNamespace('channels');
export default SubChannelEditPage;
