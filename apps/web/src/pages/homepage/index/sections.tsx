import { lazy, Suspense, type ComponentType } from 'react';
import type { HomeSummary } from '@rx/contracts/home';
import { Account } from './Account.tsx';
import { CockpitSkeleton } from './CockpitSkeleton.tsx';
import { Games } from './Games.tsx';
import { Recent } from './Recent.tsx';
import { Shortcuts } from './Shortcuts.tsx';
import { Waiting } from './Waiting.tsx';

/**
 * The home page's sections, in order. Each shows only when it has real data to show: approvals,
 * assigned tickets and running jobs join this list once their APIs exist.
 */
export interface HomeSection {
  key: string;
  /** Title key in `home`. */
  title: string;
  /** Whether the section has something to show (the summary is undefined while it loads). */
  shows(summary: HomeSummary | undefined): boolean;
  Component: ComponentType<{ summary: HomeSummary }>;
  /** Spans the whole row of the grid. */
  wide?: boolean;
}

const loaded = (summary: HomeSummary | undefined) => summary !== undefined;

// The cockpit (the chosen game's today and 30 days) and its charts load after the page itself.
const LazyCockpit = lazy(() => import('./Cockpit.tsx'));
function CockpitSection() {
  return (
    <Suspense fallback={<CockpitSkeleton />}>
      <LazyCockpit />
    </Suspense>
  );
}

export const HOME_SECTIONS: HomeSection[] = [
  { key: 'cockpit', title: 'cockpit.title', shows: () => true, Component: CockpitSection, wide: true },
  { key: 'waiting', title: 'waiting.title', shows: loaded, Component: Waiting },
  { key: 'shortcuts', title: 'shortcuts.title', shows: () => true, Component: Shortcuts },
  { key: 'games', title: 'games.title', shows: loaded, Component: Games, wide: true },
  {
    key: 'recent',
    title: 'recent.title',
    // Only for those who may see the operation log.
    shows: (summary) => summary?.recent_operations != null,
    Component: Recent,
  },
  { key: 'account', title: 'account.title', shows: () => true, Component: Account },
];
