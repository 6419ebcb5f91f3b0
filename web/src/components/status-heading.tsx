import type { ReactNode } from 'react';

/** The big icon and heading that open a one-outcome page (verified, failed, not found…). */
export function StatusHeading({ icon, tone, children }: { icon: ReactNode; tone?: 'success' | 'danger'; children: ReactNode }) {
  return (
    <>
      <p className={tone ? `big-icon ${tone}` : 'big-icon'} aria-hidden="true">
        {icon}
      </p>
      <h1>{children}</h1>
    </>
  );
}
