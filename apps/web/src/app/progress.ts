import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { createBrowserRouter } from 'react-router';
import { translate, useLocale } from '../shared/i18n.ts';

type Router = ReturnType<typeof createBrowserRouter>;

// nprogress's own markup carries role="bar", which is no ARIA role: the bar is decoration only.
NProgress.configure({
  showSpinner: false,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

function setTitle(): void {
  document.title = translate('common:platformTitle');
}

/** A progress bar while a navigation loads (no spinner); afterwards the fixed platform title. */
export function trackNavigation(router: Router): void {
  NProgress.start();
  const update = ({ initialized, navigation }: Router['state']) => {
    if (navigation.state !== 'idle' || !initialized) {
      NProgress.start();
      return;
    }
    NProgress.done();
    setTitle();
  };
  update(router.state);
  router.subscribe(update);
  useLocale.subscribe(setTitle);
}
