import { loadNamespace } from '@/shared/i18n.ts';
import { LandingPagesPage } from './LandingPagesPage.tsx';

// Landing pages (`share/see/landing_page`): drafts, published versions, rollback.
await loadNamespace('landing');
export default LandingPagesPage;
