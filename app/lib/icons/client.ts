import { ICON_TIMEOUT_MS } from "~/lib/client-state/timing";

/** Which icon each payment method and the carriers show (Lucide's names). */
const ICON_OF: Record<string, string> = {
  CARD: "credit-card",
  APPLE_PAY: "smartphone",
  GOOGLE_PAY: "smartphone",
  BLIK: "smartphone",
  BIZUM: "smartphone",
  MOBILE_PAY: "smartphone",
  MB_WAY: "smartphone",
  SWISH: "smartphone",
  TWINT: "smartphone",
  PAYPAL: "wallet",
  KLARNA: "wallet",
  carrier: "truck",
};
const PUBLIC_SERVICE = "https://api.iconify.design";
/** Drawn when neither source answers: a dot, so the row keeps its rhythm. */
const FALLBACK = '<circle cx="12" cy="12" r="4"/>';

type Bodies = Record<string, string>;

async function fromSource(url: string): Promise<Bodies> {
  const response = await fetch(url, { signal: AbortSignal.timeout(ICON_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`icons: ${response.status}`);
  const set = (await response.json()) as { icons?: Record<string, { body?: unknown }> };
  return Object.fromEntries(
    Object.entries(set.icons ?? {}).flatMap(([name, icon]) =>
      typeof icon?.body === "string" ? [[name, icon.body]] : [],
    ),
  );
}

/** The local endpoint first, then the public icon service for what it did not give, each within 1500 ms. */
async function loadBodies(names: string[]): Promise<Bodies> {
  // After the page has painted and settled: icons are never in the first paint's way.
  await new Promise((resolve) =>
    "requestIdleCallback" in window ? requestIdleCallback(resolve, { timeout: 2000 }) : setTimeout(resolve, 200),
  );
  const local = await fromSource(`/api/icons/lucide.json?icons=${names.join(",")}&v=${__BUILD_ID__}`).catch(
    () => ({}) as Bodies,
  );
  const missing = names.filter((name) => !local[name]);
  const remote = missing.length
    ? await fromSource(`${PUBLIC_SERVICE}/lucide.json?icons=${missing.join(",")}`).catch(() => ({}) as Bodies)
    : {};
  return { ...local, ...remote };
}

// The icons a page asks for in one tick travel in one request.
let batch: { names: Set<string>; bodies: Promise<Bodies> } | null = null;
function bodyOf(name: string): Promise<string | undefined> {
  if (!batch) {
    const names = new Set<string>();
    batch = {
      names,
      bodies: Promise.resolve().then(() => {
        batch = null;
        return loadBodies([...names]);
      }),
    };
  }
  batch.names.add(name);
  return batch.bodies.then((bodies) => bodies[name]);
}

/**
 * Draws every icon of the page not drawn yet (`<span class="icon" data-icon="CARD">`): the picture as a CSS mask over
 * the text's colour (a mask is an image: nothing a served SVG might hold can run).
 */
export function drawIcons() {
  for (const element of document.querySelectorAll<HTMLElement>("[data-icon]")) {
    if (element.style.maskImage) continue;
    const of = element.dataset.icon ?? "";
    void bodyOf(ICON_OF[of] ?? "landmark").then((body) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body ?? FALLBACK}</svg>`;
      element.style.maskImage = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
      element.style.maskSize = "contain";
      element.style.backgroundColor = "currentColor";
    });
  }
}
