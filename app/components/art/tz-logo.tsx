/**
 * Tazzo Estudio mark: a rounded, hand-made looking mug with curls of steam.
 * Decorative only (aria-hidden); the caller renders the brand name as text.
 */
export function TzLogo({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="40"
      height="40"
      viewBox="0 0 40 40"
      fill="none"
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <circle cx="20" cy="20" r="19" fill="#fff7ed" stroke="#3b1d0f" strokeWidth="1.5" />
      <path
        d="M15 6.5c-1.6 1.6 1.6 3.2 0 4.8M20 5.5c-1.6 1.6 1.6 3.2 0 4.8"
        stroke="#c2410c"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M26.5 17.5h1.8a3.7 3.7 0 0 1 0 7.4h-2.2" stroke="#3b1d0f" strokeWidth="2.2" strokeLinecap="round" />
      <path
        d="M9.5 14.5h18l-1.3 13.2a3.6 3.6 0 0 1-3.6 3.3h-8.2a3.6 3.6 0 0 1-3.6-3.3z"
        fill="#c2410c"
        stroke="#3b1d0f"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M12.5 20.5c2 1.3 4 1.3 6 0s4-1.3 6 0" stroke="#fff7ed" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M7.5 33.5h22" stroke="#3b1d0f" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
