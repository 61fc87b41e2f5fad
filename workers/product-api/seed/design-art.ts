// Draws a ready-made design's preview from its theme's motif and colours, as a small SVG.

const MOTIFS: Record<string, (c: string[]) => string> = {
  confetti: (c) =>
    Array.from(
      { length: 28 },
      (_, i) =>
        `<rect x="${((i * 53) % 380) + 10}" y="${((i * 97) % 380) + 10}" width="14" height="7" rx="2" fill="${c[i % 3]}" transform="rotate(${(i * 37) % 180} ${((i * 53) % 380) + 17} ${((i * 97) % 380) + 13})"/>`,
    ).join(""),
  hearts: (c) =>
    Array.from({ length: 12 }, (_, i) => {
      const x = (i % 4) * 100 + 50,
        y = Math.floor(i / 4) * 120 + 70;
      return `<path d="M${x} ${y + 18}c-22-16-30-26-30-38a15 15 0 0 1 30-4a15 15 0 0 1 30 4c0 12-8 22-30 38z" fill="${c[i % 3]}" opacity=".85"/>`;
    }).join(""),
  stars: (c) =>
    Array.from({ length: 16 }, (_, i) => {
      const x = ((i * 71) % 360) + 20,
        y = ((i * 113) % 360) + 20,
        r = 10 + (i % 3) * 6;
      return `<path d="M${x} ${y - r}l${r * 0.29} ${r * 0.6} ${r * 0.66} ${r * 0.1}-${r * 0.48} ${r * 0.46} ${r * 0.12} ${r * 0.66}-${r * 0.59}-${r * 0.31}-${r * 0.59} ${r * 0.31} ${r * 0.12}-${r * 0.66}-${r * 0.48}-${r * 0.46} ${r * 0.66}-${r * 0.1}z" fill="${c[i % 3]}"/>`;
    }).join(""),
  leaves: (c) =>
    Array.from({ length: 14 }, (_, i) => {
      const x = ((i * 61) % 340) + 30,
        y = ((i * 89) % 340) + 30;
      return `<ellipse cx="${x}" cy="${y}" rx="34" ry="12" fill="${c[i % 3]}" transform="rotate(${(i * 47) % 180} ${x} ${y})"/>`;
    }).join(""),
  dots: (c) =>
    Array.from(
      { length: 36 },
      (_, i) =>
        `<circle cx="${(i % 6) * 64 + 40}" cy="${Math.floor(i / 6) * 64 + 40}" r="${10 + (i % 4) * 4}" fill="${c[i % 3]}"/>`,
    ).join(""),
  waves: (c) =>
    Array.from(
      { length: 7 },
      (_, i) =>
        `<path d="M0 ${60 + i * 50}q50-30 100 0t100 0 100 0 100 0" fill="none" stroke="${c[i % 3]}" stroke-width="12" stroke-linecap="round"/>`,
    ).join(""),
  paws: (c) =>
    Array.from({ length: 9 }, (_, i) => {
      const x = (i % 3) * 130 + 70,
        y = Math.floor(i / 3) * 130 + 75;
      return `<g fill="${c[i % 3]}"><ellipse cx="${x}" cy="${y + 10}" rx="20" ry="16"/><circle cx="${x - 20}" cy="${y - 14}" r="8"/><circle cx="${x - 6}" cy="${y - 24}" r="8"/><circle cx="${x + 8}" cy="${y - 24}" r="8"/><circle cx="${x + 22}" cy="${y - 14}" r="8"/></g>`;
    }).join(""),
  frame: (c) =>
    `<rect x="40" y="40" width="320" height="320" rx="16" fill="none" stroke="${c[0]}" stroke-width="14"/><rect x="70" y="70" width="260" height="260" rx="8" fill="none" stroke="${c[1]}" stroke-width="4" stroke-dasharray="10 8"/><circle cx="200" cy="200" r="60" fill="${c[2]}" opacity=".5"/>`,
};

export function designArt(motif: string, colors: string[]): string {
  const draw = MOTIFS[motif] ?? MOTIFS.dots!;
  const [a = "#0f5c7a", b = "#f2a541", c = "#e3f1f6"] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><title>${motif} design</title><rect width="400" height="400" fill="${c}"/>${draw([a, b, c === "#ffffff" ? a : b])}<rect x="120" y="130" width="160" height="140" rx="10" fill="#fff" opacity=".92"/><path d="M135 250l40-45 30 30 25-20 35 35z" fill="${a}" opacity=".7"/><circle cx="240" cy="170" r="14" fill="${b}"/></svg>\n`;
}
