export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M8 10l8 14 8-14" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="16" cy="8" r="2.2" fill="#f2b134" />
      </svg>
      <span className="logo-text">Vigie</span>
    </span>
  );
}
