import { loadNamespace } from '@/shared/i18n.ts';
import { MaterialEffectsPage } from './MaterialEffectsPage.tsx';

// The material effect report (`launch/see/material_attribution`).
await loadNamespace('adMaterials');
export default MaterialEffectsPage;
