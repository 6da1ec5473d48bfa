import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { AdLibraryResource } from '@rx/contracts/ad-library';
import { loadNamespace } from '@/shared/i18n.ts';
import { AdLibraryPage } from './AdLibraryPage.tsx';

/**
 * The page of one kind of the ad tools' simple lists: each kind's folder is one line naming its
 * resource (configuration, not copies).
 */
export async function adLibraryPage(resource: AdLibraryResource): Promise<ComponentType> {
  await loadNamespace('adLibrary');
  const Page = () => createElement(AdLibraryPage, { resource });
  Page.displayName = `AdLibraryPage(${resource.name})`;
  return Page;
}
