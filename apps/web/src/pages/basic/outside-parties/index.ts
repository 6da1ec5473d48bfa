import { loadNamespace } from '@/shared/i18n.ts';
import { OutsidePartiesPage } from './OutsidePartiesPage.tsx';

// Outside parties (`basic/see/outside_party`): the game's server, payment provider and store, real or
// fake, with their settings and sealed credentials; the call log.
await loadNamespace('outside');
export default OutsidePartiesPage;
