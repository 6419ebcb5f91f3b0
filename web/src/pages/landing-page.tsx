import { Navigate } from 'react-router-dom';
import { PublicLayout } from '../components/app-layout.tsx';
import { LandingContent } from '../components/landing-content.tsx';
import { useAuth } from '../hooks/use-auth.tsx';

export function LandingPage() {
  const { user } = useAuth();
  if (user) return <Navigate to="/home" replace />;
  return (
    <PublicLayout>
      <LandingContent />
    </PublicLayout>
  );
}
