/**
 * Illustrations for error pages. Decorative only (aria-hidden), no text inside.
 * Colours follow the active brand theme via --color-brand / --color-accent,
 * with currentColor for outlines.
 */
type ArtProps = { className?: string };

const BRAND = "var(--color-brand, #0f5c7a)";
const ACCENT = "var(--color-accent, #f2a541)";

const svgProps = {
  width: 320,
  height: 240,
  viewBox: "0 0 320 240",
  fill: "none",
  focusable: false,
  xmlns: "http://www.w3.org/2000/svg",
} as const;

/** 400-499: a photo print torn in two, with a question mark drifting out of the gap. */
export function ClientErrorArt({ className }: ArtProps) {
  return (
    <svg className={className} aria-hidden="true" {...svgProps}>
      <ellipse cx="160" cy="212" rx="120" ry="10" fill="currentColor" opacity="0.08" />
      <g transform="rotate(-6 110 120)">
        <path
          d="M52 50h98l-8 22 10 20-12 20 9 22-9 20 8 24H52z"
          fill="#fff"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M64 64h78l-4 10 6 14-8 14 6 16-6 14 5 16H64z" fill={BRAND} opacity="0.18" />
        <circle cx="90" cy="94" r="12" fill={ACCENT} />
        <path d="M64 168l30-40 22 26 14-14 6 28z" fill={BRAND} />
      </g>
      <g transform="rotate(7 220 124)">
        <path
          d="M176 54h94v148h-98l8-22-9-22 10-20-9-22 10-20z"
          fill="#fff"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
        <path d="M186 68h72v118h-78l5-14-6-16 7-14-6-16 7-14z" fill={BRAND} opacity="0.18" />
        <path d="M182 186l34-46 42 46z" fill={BRAND} />
      </g>
      <path d="M160 32c0-10 16-10 16 0 0 7-8 8-8 15" stroke={ACCENT} strokeWidth="5" strokeLinecap="round" />
      <circle cx="168" cy="58" r="3.5" fill={ACCENT} />
    </svg>
  );
}

/** 500: a printer with jammed, crumpled paper and puffs of smoke. */
export function ServerErrorArt({ className }: ArtProps) {
  return (
    <svg className={className} aria-hidden="true" {...svgProps}>
      <ellipse cx="160" cy="214" rx="120" ry="10" fill="currentColor" opacity="0.08" />
      <circle cx="226" cy="46" r="14" fill="currentColor" opacity="0.15" />
      <circle cx="246" cy="32" r="10" fill="currentColor" opacity="0.12" />
      <circle cx="208" cy="34" r="9" fill="currentColor" opacity="0.1" />
      <path d="M112 96V60h96v36" fill="#fff" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <rect x="72" y="94" width="176" height="84" rx="14" fill={BRAND} stroke="currentColor" strokeWidth="3" />
      <circle cx="222" cy="116" r="6" fill={ACCENT} />
      <rect x="90" y="110" width="60" height="8" rx="4" fill="#fff" opacity="0.35" />
      <rect x="96" y="160" width="128" height="12" rx="4" fill="currentColor" opacity="0.35" />
      <path
        d="M108 166l12 18-8 10 16 6 6-12 14 10 10-14 12 8 8-12 14 6-4-20z"
        fill="#fff"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M132 182l8 6M160 178l-4 10M188 180l6 6" stroke={ACCENT} strokeWidth="3" strokeLinecap="round" />
      <path d="M58 120l-12-6M56 140h-14M58 160l-12 6" stroke={ACCENT} strokeWidth="4" strokeLinecap="round" />
      <path d="M262 120l12-6M264 140h14M262 160l12 6" stroke={ACCENT} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** 404: an empty picture frame hanging on a nail, with a faint dashed placeholder. */
export function NotFoundArt({ className }: ArtProps) {
  return (
    <svg className={className} aria-hidden="true" {...svgProps}>
      <ellipse cx="160" cy="216" rx="110" ry="9" fill="currentColor" opacity="0.08" />
      <path
        d="M112 64l48-36 48 36"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="160" cy="28" r="5" fill={ACCENT} stroke="currentColor" strokeWidth="2" />
      <rect x="84" y="62" width="152" height="136" rx="6" fill={BRAND} stroke="currentColor" strokeWidth="3" />
      <rect x="100" y="78" width="120" height="104" rx="2" fill="#fff" stroke="currentColor" strokeWidth="2" />
      <rect
        x="114"
        y="92"
        width="92"
        height="76"
        rx="4"
        stroke={BRAND}
        strokeWidth="2.5"
        strokeDasharray="8 7"
        opacity="0.5"
      />
      <path
        d="M84 62l16 16M236 62l-16 16M84 198l16-16M236 198l-16-16"
        stroke="currentColor"
        strokeWidth="2"
        opacity="0.4"
      />
      <path d="M252 96l10-6M256 112h12M252 128l10 6" stroke={ACCENT} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
