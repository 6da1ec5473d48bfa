import { loadNamespace } from '@/shared/i18n.ts';
import { MappingDetailPage } from './MappingDetailPage.tsx';

// One channel mapping, or a new one.
await loadNamespace('adMappings');
export default MappingDetailPage;
