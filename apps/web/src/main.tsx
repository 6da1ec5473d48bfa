import './app/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FALLBACK_LANGUAGE } from '@rx/contracts/languages';
import 'antd/dist/reset.css';
import { App } from './app/App.tsx';
import { trackNavigation } from './app/progress.ts';
import { createRouter } from './app/router.tsx';
import { followSignOutInOtherTabs, savedUser } from './app/session.ts';
import { preloadShell } from './app/shell-preload.ts';
import { setLanguage } from './shared/i18n.ts';

const saved = savedUser();
// Start on the saved user's language; the guard confirms it once the user is known.
void setLanguage(saved?.default_lang ?? FALLBACK_LANGUAGE);
const router = createRouter();
// The shell's parts load beside the session's requests (without a saved user, sign-in comes first).
if (saved) preloadShell();
trackNavigation(router);
followSignOutInOtherTabs();

const root = createRoot(document.getElementById('root')!);
// The first render is a transition: React renders it in slices and lets the browser paint and
// answer input between them, instead of one long task (the shell, the menu and the page at once).
startTransition(() => {
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
