// End-to-end browser checks against the production build served by `vite preview`.
// Run: node tests/e2e/run.ts   (PORT overrides the default 8799; assumes `npm run build`, runs it if the build is missing)
// Every page a part visits is audited with axe-core by the harness (axe.ts). The catalogue journeys and the page types
// live in catalogue.ts, the buying journeys in buying.ts, the accounts journeys in accounts.ts, the creator journeys in
// creator.ts, the consent journeys in consent.ts, the marketing dashboard's in marketing.ts, the post-deploy smoke (deploy/smoke.ts, run against the served store and behind a proxy that fails
// product pages) in smoke.ts; E2E_ONLY=brands, catalogue, buying, accounts, creator, consent, marketing or smoke runs
// just one part (smoke needs no browser; creator-pages runs only the creator's products of many pages). E2E_CONCURRENCY: journeys at once (catalogue and buying share them).

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ensureDevVars } from "#scripts/dev-vars.ts";
import { seedDemoAccounts } from "#scripts/demo-accounts.ts";
import { applyLocalMigrations } from "#scripts/migrations.ts";
import { runAccounts } from "./accounts.ts";
import { auditEveryPage } from "./axe.ts";
import { runBuying } from "./buying.ts";
import { runCatalogue } from "./catalogue.ts";
import { runConsent } from "./consent.ts";
import { runCreator } from "./creator.ts";
import { runMarketing } from "./marketing.ts";
import { assetRoutingChecks, servingLayerChecks, staticAssetChecks } from "./serving.ts";
import { smokeChecks } from "./smoke.ts";
import { passed, failed, record, check } from "./reporting.ts";
import {
  ROOT,
  SCREENSHOTS,
  choosePort,
  startOtherProvider,
  restoreBuildDevVars,
  serverLog,
  serverFailures,
  startServer,
  stopServer,
  waitForServer,
} from "./server.ts";
import { launchBrowser, withBannerAnswered, settle, loadLazyImages, trackErrors } from "./browser.ts";
import { VIEWPORTS, type ViewportName, BRANDS, runBrandViewport, runNoJs } from "./brand-checks.ts";

export async function main() {
  process.chdir(ROOT);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const started = Date.now();

  if (!existsSync(join(ROOT, "build/server/index.js"))) {
    console.log("info  build/server/index.js missing: running npm run build");
    execFileSync("npm", ["run", "build"], { stdio: "inherit", cwd: ROOT });
  }
  ensureDevVars();
  applyLocalMigrations();
  await seedDemoAccounts();
  const buildStamp = () => statSync(join(ROOT, "build/server/index.js")).mtimeMs;
  const builtAt = buildStamp();

  const only = process.env.E2E_ONLY;
  const otherProvider = !only || only === "accounts" ? await startOtherProvider() : null;
  const port = await choosePort();
  console.log(`info  starting vite preview on http://127.0.0.1:${port}`);
  startServer(port);
  const ready = await check(`server answers 200 at http://127.0.0.1:${port}/`, () => waitForServer(port));
  if (!ready) {
    console.log(
      `---- vite preview output (tail) ----\n${serverLog.slice(-3_000)}\n------------------------------------`,
    );
    return;
  }

  if (!only) {
    await servingLayerChecks(port, record);
    await staticAssetChecks(port, ROOT, record);
    await assetRoutingChecks(port, ROOT, record);
  }
  if (!only || only === "smoke") await smokeChecks(port, ROOT, record);
  if (only === "smoke") return;
  const rawBrowser = await launchBrowser(port);
  // Every page any part visits is audited with axe-core (axe.ts); the consent part's visitors meet the banner.
  const firstVisitBrowser = auditEveryPage(rawBrowser, record);
  const browser = withBannerAnswered(firstVisitBrowser, port);
  try {
    // The brand checks run one after another (their lines print live, in order); the catalogue journeys and the axe
    // pass (catalogue.ts), the buying journeys (buying.ts) and the accounts journeys (accounts.ts) run alongside them
    // in their own contexts and print their buffered lines afterwards, catalogue first.
    const runs = (name: "brands" | "catalogue" | "buying" | "accounts" | "creator" | "consent" | "marketing") =>
      !only || only === name;
    const brandChecks = (async () => {
      if (!runs("brands")) return;
      for (const brand of BRANDS) {
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[])
          await runBrandViewport(browser, port, brand, viewport);
      }
      for (const brand of BRANDS) await runNoJs(browser, port, brand);
      console.log(`info  brand checks done ${Math.round((Date.now() - started) / 1000)}s into the run`);
    })();
    const harness = { screenshots: SCREENSHOTS, viewports: VIEWPORTS, record, settle, loadLazyImages, trackErrors };
    const catalogue = runs("catalogue") ? runCatalogue(harness, browser, port, brandChecks) : Promise.resolve();
    const buying = runs("buying")
      ? runBuying(harness, browser, port, Promise.all([brandChecks, catalogue]))
      : Promise.resolve();
    const accounts = runs("accounts")
      ? runAccounts(harness, browser, port, Promise.all([brandChecks, catalogue, buying]), otherProvider)
      : Promise.resolve();
    const creator =
      runs("creator") || only === "creator-pages"
        ? runCreator(
            harness,
            browser,
            port,
            Promise.all([brandChecks, catalogue, buying, accounts]),
            only === "creator-pages",
          )
        : Promise.resolve();
    // The consent part meets the banner as a first-time visitor; its own browser is not the answered one.
    const consent = runs("consent")
      ? runConsent(harness, firstVisitBrowser, port, Promise.all([brandChecks, catalogue, buying, accounts, creator]))
      : Promise.resolve();
    const marketing = runs("marketing")
      ? runMarketing(harness, browser, port, Promise.all([brandChecks, catalogue, buying, accounts, creator, consent]))
      : Promise.resolve();
    await Promise.all([brandChecks, catalogue, buying, accounts, creator, consent, marketing]);
  } finally {
    await rawBrowser.close().catch(() => undefined);
    await otherProvider?.close();
  }
  if (existsSync(join(ROOT, "build/server/index.js")) && buildStamp() !== builtAt) {
    console.log(
      "warn  build/ was rebuilt while the tests ran: the preview server may have answered 500 for vanished assets",
    );
  }
  console.log(`info  finished in ${Math.round((Date.now() - started) / 1000)}s; screenshots in ${SCREENSHOTS}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    restoreBuildDevVars();
    void stopServer().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  record(false, "e2e run", error instanceof Error ? error.message : String(error));
} finally {
  await stopServer();
  restoreBuildDevVars();
}
if (failed > 0 && serverFailures.length)
  console.log(
    `---- the server's failures during the run (last ${serverFailures.length}) ----\n${serverFailures.join("\n")}\n----`,
  );
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
