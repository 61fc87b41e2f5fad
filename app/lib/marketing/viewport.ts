/**
 * The `viewport` cookie (necessary, 365 days, no identifier): the screen's size as `{width}x{height}x{pixel ratio}`,
 * set by the page's script (landing.client.ts) and read by the server into the session's screen fields (GET
 * /api/session).
 */

// The registry's entry (contract/marketing/cookies.ts, kept equal by a test) without its texts, which the page's script
// does not need.
export const VIEWPORT_COOKIE = { name: "viewport", maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export type Viewport = { screenWidth: number; screenHeight: number; screenDevicePixelRatio: number };

const VALUE = /^(\d{2,5})x(\d{2,5})x(\d{1,2}(?:\.\d{1,2})?)$/;

export function parseViewport(value: string | null): Viewport | null {
  const match = value ? VALUE.exec(value) : null;
  if (!match) return null;
  const viewport = {
    screenWidth: Number(match[1]),
    screenHeight: Number(match[2]),
    screenDevicePixelRatio: Number(match[3]),
  };
  return viewport.screenWidth <= 20000 && viewport.screenHeight <= 20000 && viewport.screenDevicePixelRatio >= 0.1
    ? viewport
    : null;
}
