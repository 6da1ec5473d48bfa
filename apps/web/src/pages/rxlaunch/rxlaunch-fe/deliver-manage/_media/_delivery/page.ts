import { loadNamespace } from '@/shared/i18n.ts';
import { AdObjectsPage } from './AdObjectsPage.tsx';

/**
 * A medium's delivery page (Toutiao `put-manage`, Tencent `gdtv3-list` and `gdt-list`): one page,
 * the medium read from the catalogue path (usePatternPage); each kind's folder names it.
 */
export async function deliveryPage() {
  await loadNamespace('ads');
  return AdObjectsPage;
}
