import type NProgressType from 'nprogress';
import type { createBrowserRouter } from 'react-router';
import { translate, useLocale } from '@/shared/i18n.ts';

type Router = ReturnType<typeof createBrowserRouter>;

/** The bar once loaded (beside the shell: it is not needed to show the first page). */
let bar: typeof NProgressType | undefined;
/** Whether a navigation is loading, for the bar to catch up with when it arrives. */
let busy = true;

function show(loading: boolean): void {
  busy = loading;
  if (!bar) return;
  if (loading) bar.start();
  else bar.done();
}

function loadBar(): void {
  void Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([module]) => {
    bar = module.default;
    // nprogress's own markup carries role="bar", which is no ARIA role: the bar is decoration only.
    bar.configure({
      showSpinner: false,
      barSelector: '.bar',
      template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    });
    if (busy) bar.start();
  });
}

function setTitle(): void {
  document.title = translate('common:platformTitle');
}

/** A progress bar while a navigation loads (no spinner); afterwards the fixed platform title. */
export function trackNavigation(router: Router): void {
  loadBar();
  const update = ({ initialized, navigation }: Router['state']) => {
    if (navigation.state !== 'idle' || !initialized) {
      show(true);
      return;
    }
    show(false);
    setTitle();
  };
  update(router.state);
  router.subscribe(update);
  useLocale.subscribe(setTitle);
}
