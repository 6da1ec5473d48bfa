import { loadNamespace } from '@/shared/i18n.ts';
import { ChannelsPage } from './ChannelsPage.tsx';

// Channels of the chosen game, each with its sub-channels.
await loadNamespace('channels');
export default ChannelsPage;
