// Marketing dashboard journeys (docs/decisions/0027): the brand's demo marketer signs in, opens /marketing and reads
// its charts and tables (the demo's attributed orders and traffic rollups, scripts/demo-marketing.ts), narrows to the
// brand and widens to all brands over 90 days, downloads a table as CSV, gets a translated error for a range it cannot
// show, finds a visitor's consent decisions by consent id, and finds the dashboard again from /login, the header and
// its account; on a desktop and on a phone (the harness audits every page with axe-core). Imported by run.ts;
// E2E_ONLY=marketing runs just this part.

import type { Browser } from "playwright-core";
import { runJourneys, type Plan, type Step } from "./buying.ts";
import { WPX_ES, WPX_PL } from "./buying/brands.ts";
import type { Harness } from "./harness.ts";
import {
  signInAndOpen,
  narrowThenWiden,
  downloadCsv,
  refusedRange,
  consentRecords,
  findTheDashboard,
} from "./marketing/dashboard-steps.ts";
import { campaignJourney } from "./marketing/campaign-journey.ts";

const JOURNEY: Step[] = [
  {
    name: "a guest signs in as the demo marketer and lands on /marketing: charts and tables with data",
    run: signInAndOpen,
  },
  {
    name: "the brand alone (one currency), then all brands over the 90-day preset (one total per currency)",
    run: narrowThenWiden,
  },
  { name: "the campaigns table as CSV: its header and the demo campaign's row", run: downloadCsv },
  { name: "a range that ends before it starts: the translated field error, no figures", run: refusedRange },
  {
    name: "consent records: a visitor's decisions found by the consent id Cookie settings show, and as CSV",
    run: consentRecords,
  },
  {
    name: "signed in from /login the marketer lands on the dashboard; the header, the accounts menu and the account's home lead there",
    run: findTheDashboard,
  },
];

const PLANS: Plan[] = [
  { brand: WPX_ES, viewport: "desktop", name: "marketer", steps: JOURNEY },
  { brand: WPX_PL, viewport: "phone", name: "marketer", steps: JOURNEY },
  {
    brand: WPX_ES,
    viewport: "phone",
    name: "Google Ads click to a purchase to the dashboard",
    steps: campaignJourney(),
  },
];

export function runMarketing(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
) {
  // The browser logs the refused range's answer (400, on purpose) as an error.
  return runJourneys(h, browser, port, printAfter, {
    part: "marketing",
    plans: PLANS,
    expectedErrors: /status of 400 .*\/marketing(\.data)?\?/,
  });
}
