/**
 * WPX brand mark: a tilted photo print with a mountain/sun scene, beside "WPX" letters.
 * Decorative only (aria-hidden); the caller renders the brand name as text.
 */
export function WpxLogo({ className }: { className?: string }) {
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
      <rect x="6" y="3" width="28" height="26" rx="3" fill="#f2a541" transform="rotate(8 20 16)" />
      <rect x="4" y="4" width="28" height="26" rx="3" fill="#0f5c7a" />
      <rect x="7.5" y="7.5" width="21" height="15" rx="1.5" fill="#ffffff" />
      <circle cx="23.5" cy="11.5" r="2.2" fill="#f2a541" />
      <path d="M8.5 21.5l6-7 4 4.5 3-3 6 5.5z" fill="#0f5c7a" />
      <text
        x="18"
        y="38"
        textAnchor="middle"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
        fontSize="9"
        fontWeight="800"
        letterSpacing="1"
        fill="#0f5c7a"
      >
        WPX
      </text>
    </svg>
  );
}
