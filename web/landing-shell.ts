import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../domain/languages.ts';

const KEYS = ['eyebrow', 'title', 'subtitle', 'cta', 'login'] as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function landingTexts(): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const language of LANGUAGES) {
    const file = fileURLToPath(new URL(`./src/locales/${language}.json`, import.meta.url));
    const landing = (JSON.parse(readFileSync(file, 'utf8')) as { landing: Record<string, string> }).landing;
    texts[language] = Object.fromEntries(KEYS.map((key) => [key, landing[key] ?? '']));
  }
  return texts;
}

/**
 * The landing hero as static HTML inside #root, so that text paints before any JS runs; a few bytes of inline
 * script put it in the visitor's language (same order as the app: ?lng, cookie, localStorage, browser). React
 * replaces it on start.
 */
export const SHELL_SCRIPT = 'shell-language.js';

/** The script that puts the shell in the visitor's language; a file of its own, as the CSP allows no inline script. */
export function shellLanguageScript(): string {
  const texts = landingTexts();
  return `(function(){var T=${JSON.stringify(texts).replace(/</g, '\\u003c')};function n(c){c=(c||'').split(/[-_]/)[0].toLowerCase();return T[c]?c:null}var l=null;try{l=n(new URLSearchParams(location.search).get('lng'))||n((document.cookie.match(/(?:^|; )i18next=([^;]*)/)||[])[1])||n(localStorage.getItem('i18nextLng'))}catch(e){}if(!l){var L=navigator.languages||[navigator.language];for(var i=0;i<L.length&&!l;i++)l=n(L[i])}l=l||'fr';document.documentElement.lang=l;var s=document.querySelectorAll('[data-shell]');for(var j=0;j<s.length;j++)s[j].textContent=T[l][s[j].getAttribute('data-shell')]})();\n`;
}

export function landingShell(): string {
  const texts = landingTexts();
  const fr = texts.fr!;
  const text = (key: (typeof KEYS)[number]) => `<span data-shell="${key}">${escapeHtml(fr[key] ?? '')}</span>`;
  return `<div class="app-shell" data-shell-root>
      <header class="site-header"><div class="container header-inner"><a href="/" class="brand"><span class="logo"><svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="7" fill="currentColor"/><path d="M8 10l8 14 8-14" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/><circle cx="16" cy="8" r="2.2" fill="#f2b134"/></svg><span class="logo-text">Vigie</span></span></a></div></header>
      <main class="public-main"><section class="hero"><div class="container hero-inner"><div class="hero-text">
        <p class="eyebrow">${text('eyebrow')}</p>
        <h1 class="hero-title">${text('title')}</h1>
        <p class="hero-subtitle">${text('subtitle')}</p>
        <div class="hero-actions"><a href="/auth?tab=register" class="button button-accent button-large">${text('cta')}</a> <a href="/auth" class="button button-ghost-light button-large">${text('login')}</a></div>
      </div></div></section></main>
    </div>
    <script src="/${SHELL_SCRIPT}"></script>`;
}
