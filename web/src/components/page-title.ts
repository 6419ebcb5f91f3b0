import { useEffect } from 'react';

/** Title key per path (docs/product.md §2 fallbacks), the product title otherwise. */
export function pageTitleKey(pathname: string): string {
  if (pathname === '/' || pathname === '/home' || pathname === '/dashboard') return 'titles.dashboard';
  if (pathname.startsWith('/alerts')) return 'titles.alerts';
  if (pathname === '/projects') return 'titles.projects';
  if (pathname.startsWith('/projects/')) return 'titles.projectDetail';
  if (pathname.startsWith('/notifications')) return 'titles.notifications';
  if (pathname.startsWith('/admin')) return 'titles.admin';
  if (pathname.startsWith('/subscription')) return 'titles.subscription';
  if (pathname.startsWith('/settings')) return 'titles.settings';
  if (pathname.startsWith('/watchlist')) return 'titles.watchlist';
  return 'titles.default';
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Vigie' ? title : `${title} · Vigie`;
  }, [title]);
}
