/**
 * The icons the store draws itself, bundled and served by /api/icons (Iconify's JSON shape, 24×24, stroked in
 * currentColor). Named as in the public Lucide set, which the browser asks the public icon service for when this
 * endpoint does not answer in time (docs/decisions/0028).
 */
const stroke = (shapes: string) =>
  `<g fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round" stroke-width="2">${shapes}</g>`;

export const LUCIDE_ICONS: Record<string, string> = {
  "credit-card": stroke('<rect width="20" height="14" x="2" y="5" rx="2"/><path d="M2 10h20M6 15h4"/>'),
  smartphone: stroke('<rect width="14" height="20" x="5" y="2" rx="2"/><path d="M12 18h.01"/>'),
  landmark: stroke('<path d="M3 22h18M6 18v-7M10 18v-7M14 18v-7M18 18v-7M12 2l8 5H4z"/>'),
  wallet: stroke('<rect width="20" height="14" x="2" y="6" rx="2"/><path d="M2 10h20M16 15h2M5 6l10-3 2 3"/>'),
  truck: stroke(
    '<path d="M3 6h11v10H3zM14 9h4l3 3v4h-7"/><circle cx="7" cy="17.5" r="1.5"/><circle cx="17" cy="17.5" r="1.5"/>',
  ),
};
