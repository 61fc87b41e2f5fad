// Consent journeys (issue 9, section 1) and the spec's remaining client behaviours (section 5), in Chromium: the cookie
// banner in three brands at phone and desktop size (reject all in WPX-PL, accept all in TZ-ES, choose analytics only in
// WPX-DK under /en), each with screenshots; the layout never shifts (CLS 0); after a reject no request reaches any
// tag's origin; the footer reopens the banner; keyboard only; without JavaScript; axe; two tabs of one browser in step;
// the session read again on focus and after 24 hours; footer icons from the local endpoint, the public service, a
// fallback; the hourly bootstrap config; GA4's ids in the session; in every brand, no request to an ad or analytics
// host (nor the shop's own page events) before an answer, and one Consent Mode update after "Accept all"; a Global
// Privacy Control visit with ads refused, its consent id in Cookie settings, and an explicit grant; the page reload
// guard. There is no internet here: every tag's and the public icon service's addresses are answered by small stubs
// (context.route). Imported by run.ts (E2E_ONLY=consent).

import type { Browser } from "playwright-core";
import { BRANDS as ALL_BRANDS } from "#contract/brands/brands.ts";
import { inPool, part, type Harness, type Part } from "./harness.ts";
import { BRANDS } from "./consent/visitor.ts";
import { bannerJourney, keyboardJourney, noJsJourney, axeJourney } from "./consent/banner-journeys.ts";
import { tabsJourney, iconsJourney, reloadGuardJourney } from "./consent/page-journeys.ts";
import { ga4Journey, beforeConsentJourney, gpcJourney, chatJourney } from "./consent/tag-journeys.ts";

export async function runConsent(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  const started = Date.now();
  const journeys: ((p: Part) => Promise<void>)[] = [
    ...BRANDS.flatMap((brand) =>
      (["phone", "desktop"] as const).map((viewport) => (p: Part) => bannerJourney(p, browser, port, brand, viewport)),
    ),
    (p) => keyboardJourney(p, browser, port),
    (p) => noJsJourney(p, browser, port),
    (p) => axeJourney(p, browser, port),
    (p) => tabsJourney(p, browser, port),
    (p) => iconsJourney(p, browser, port),
    (p) => ga4Journey(p, browser, port),
    ...ALL_BRANDS.map(
      (brand) => (p: Part) =>
        beforeConsentJourney(
          p,
          browser,
          port,
          brand.slug,
          Object.values(brand.tags).some((tag) => tag !== null),
        ),
    ),
    ...(["phone", "desktop"] as const).map((viewport) => (p: Part) => gpcJourney(p, browser, port, viewport)),
    ...(["phone", "desktop"] as const).map((viewport) => (p: Part) => chatJourney(p, browser, port, viewport)),
    (p) => reloadGuardJourney(p, browser, port),
  ];
  const parts = journeys.map((journey) => {
    const { p, flush } = part(h);
    return { run: () => journey(p), flush };
  });
  await inPool(parts, parts.length, printAfter, 1);
  console.log(`info  consent journeys done ${Math.round((Date.now() - started) / 1000)}s after they were started`);
}
