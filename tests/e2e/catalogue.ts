// Catalogue journeys (home → category with a filter → product with options → search → help topic) in three brands, at
// phone and desktop size, and a pass over every page type at desktop size (the harness audits each page with axe-core).
// Imported by run.ts, which owns the server, the browser and the PASS/FAIL reporting (passed in as `Harness`). The nine
// parts (3 brands × phone journey, desktop journey, page types) run a few at a time in their own browser contexts; each
// part's PASS/FAIL/info lines are buffered and printed in a fixed order, so the log reads sequentially.

import type { Browser, BrowserContext } from "playwright-core";
import { type Harness, part, CONCURRENCY, message, inPool } from "./harness.ts";
import { JOURNEY_BRANDS } from "./catalogue/walk.ts";
import { journey } from "./catalogue/journey.ts";
import { pageTypes } from "./catalogue/page-types.ts";

export async function runCatalogue(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  const parts: { run: () => Promise<void>; flush: () => void }[] = [];
  for (const brand of JOURNEY_BRANDS) {
    const origin = `http://${brand.slug.toLowerCase()}.localhost:${port}`;
    for (const viewport of ["phone", "desktop"] as const) {
      const { p, flush } = part(h);
      const label = `[${brand.slug} ${viewport} catalogue]`;
      const run = async () => {
        let context: BrowserContext | null = null;
        const started = Date.now();
        try {
          context = await browser.newContext({ viewport: h.viewports[viewport], locale: "en-US" });
          // The brands run side by side: on a loaded two-core CI machine one step (a client navigation) has taken over
          // 10 s.
          context.setDefaultTimeout(20_000);
          await journey(p, await context.newPage(), brand, origin, label, viewport);
        } catch (error) {
          p.record(false, `${label} unexpected error`, message(error));
        } finally {
          await context?.close().catch(() => undefined);
          p.log(`info  ${label} took ${((Date.now() - started) / 1000).toFixed(1)}s`);
        }
      };
      parts.push({ run, flush });
    }
    const { p, flush } = part(h);
    const run = async () => {
      const started = Date.now();
      await pageTypes(p, browser, brand, origin);
      p.log(`info  [${brand.slug} page types] took ${((Date.now() - started) / 1000).toFixed(1)}s`);
    };
    parts.push({ run, flush });
  }
  const started = Date.now();
  await inPool(parts, CONCURRENCY, printAfter);
  console.log(
    `info  catalogue journeys and page types took ${Math.round((Date.now() - started) / 1000)}s (${CONCURRENCY} at a time)`,
  );
}
