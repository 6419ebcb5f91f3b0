import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from './api/client.ts';
import { ProtectedRoute } from './components/protected-route.tsx';
import { Spinner } from './components/spinner.tsx';
import { AuthProvider } from './hooks/use-auth.tsx';
import { ToastProvider } from './hooks/use-toast.tsx';
import { NotFoundPage, ROUTES } from './route-table.tsx';

// The entry (main.tsx) loads the opened screen's chunk through this module before the first render.
export { preloadPage } from './route-table.tsx';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!pathname.startsWith('/alerts/')) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

const guard = (page: ReactNode, redirectTo = '/') => <ProtectedRoute redirectTo={redirectTo}>{page}</ProtectedRoute>;

export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Routes>
        {ROUTES.map(({ path, Page, signedInElse }) => (
          <Route key={path} path={path} element={signedInElse ? guard(<Page />, signedInElse) : <Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScrollToTop />
        <ToastProvider>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
