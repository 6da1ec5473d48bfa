import { loadNamespace } from '@/shared/i18n.ts';
import { MaterialsPage } from './MaterialsPage.tsx';

// The material library (`launch/see/material`).
await loadNamespace('adMaterials');
export default MaterialsPage;
