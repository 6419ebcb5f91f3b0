import { StrictMode } from 'react';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const isLanding = window.location.pathname === '/' || window.location.pathname === '/landing';
// The landing page has its own small entry; every other screen loads the app (router, data layer, pages).
// The screen's own chunk too: rendered before it is in, the screen would show the Suspense spinner first.
const root: Promise<ComponentType> = isLanding
  ? import('./landing-root.tsx').then((m) => m.LandingRoot)
  : import('./app.tsx').then(async (m) => {
      await m.preloadPage(window.location.pathname).catch(() => undefined);
      return m.App;
    });

// The shell's static landing text stays until the visitor's texts and the screen's code are loaded.
void Promise.all([root, i18nReady.catch(() => undefined)]).then(([Root]) => {
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
