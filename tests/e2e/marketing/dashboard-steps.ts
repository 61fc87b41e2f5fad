import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { assert, ready, screenshot, squash, type Journey } from "../buying/journey.ts";
import type { Step } from "../buying.ts";
import { DEMO_PASSWORD } from "../accounts/journey.ts";

// The marketing dashboard journey's steps (each returns a failure reason, or nothing).

export const STEP_MS = 20_000;
/** A campaign the demo orders and traffic share (workers/product-api/operator/demo-marketing.ts). */
const DEMO_CAMPAIGN = "summer-prints";

export const path = (j: Journey, to: string) => `${j.origin}${j.brand.prefix}${to}`;
export const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function overflow(j: Journey) {
  const { scrollWidth, clientWidth } = await j.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth ? `page is ${scrollWidth}px wide in a ${clientWidth}px viewport` : "";
}

/** The dashboard as the page shows it now: drawn charts, table rows, the totals. */
async function dashboardProblems(j: Journey) {
  const { page } = j;
  const problems: string[] = [];
  for (const chart of ["traffic", "conversion", "channel-visits", "channel-orders", "consent", "funnel"]) {
    const figure = page.locator(`[data-testid=chart-${chart}]`);
    if (!(await figure.count())) problems.push(`no chart ${chart}`);
    else if (!(await figure.locator("svg[role=img] :is(path, rect)").count()))
      problems.push(`chart ${chart} draws nothing`);
  }
  for (const table of [
    "channels",
    "campaigns",
    "touches",
    "affiliates",
    "landing-pages",
    "products",
    "consent",
    "funnel",
    "daily",
  ]) {
    if (!(await page.locator(`[data-testid=row-${table}]`).count())) problems.push(`table ${table} has no rows`);
  }
  const visits = Number(squash(await page.locator("[data-testid=total-visits]").innerText()).replace(/\D/g, ""));
  if (!(visits > 0)) problems.push(`visits total ${visits}`);
  const campaigns = squash(await page.locator("[data-testid=table-campaigns]").innerText());
  if (!campaigns.includes(DEMO_CAMPAIGN)) problems.push(`the campaigns table does not name ${DEMO_CAMPAIGN}`);
  const problem = await overflow(j);
  if (problem) problems.push(problem);
  return problems;
}

/** A guest opens /marketing (`query` kept), is sent to sign in, signs in as the brand's demo marketer and is back. */
export async function signInAsMarketer(j: Journey, page: Page, query = "") {
  await page.goto(path(j, `/marketing${query}`), { waitUntil: "load" });
  assert(new URL(page.url()).pathname.endsWith("/login"), `a guest on /marketing is at ${page.url()}`);
  await page.locator("#signin-email").waitFor({ state: "visible", timeout: STEP_MS });
  await page.locator("#signin-email").fill(`marketing.${j.brand.slug.toLowerCase()}@example.com`);
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/marketing"), { timeout: STEP_MS }),
    page
      .locator("form")
      .filter({ has: page.locator("#signin-email") })
      .locator("button[type=submit]")
      .first()
      .click(),
  ]);
  await page.locator("[data-testid=chart-traffic]").waitFor({ state: "visible", timeout: STEP_MS });
}

export const signInAndOpen: Step["run"] = async (j) => {
  const { page, t } = j;
  await ready(j, "body");
  await signInAsMarketer(j, page);
  const problems = await dashboardProblems(j);
  const heading = squash(await page.locator("main h1").innerText());
  if (heading !== t("marketing.title")) problems.push(`heading "${heading}"`);
  await screenshot(j, "1-dashboard");
  return problems.join("; ");
};

export const narrowThenWiden: Step["run"] = async (j) => {
  const { page } = j;
  const problems: string[] = [];
  await ready(j, "#marketing-filters-brand");
  await page.locator("#marketing-filters-brand").selectOption(j.brand.slug);
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("brand") === j.brand.slug, { timeout: STEP_MS }),
    page.locator("form[aria-label] button[type=submit]").first().click(),
  ]);
  // The address changes before the new figures are painted: wait for the brand's one total.
  await page
    .waitForFunction(() => document.querySelectorAll("[data-testid^=total-revenue-]").length === 1, null, {
      timeout: STEP_MS,
    })
    .catch(() => undefined);
  const money = await page.locator("[data-testid^=total-revenue-]").count();
  if (money !== 1) problems.push(`one brand shows ${money} revenue totals, expected 1`);
  await screenshot(j, "2-brand");
  await page.locator("#marketing-filters-brand").selectOption("all");
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("brand") === "all", { timeout: STEP_MS }),
    page.locator("form[aria-label] button[type=submit]").first().click(),
  ]);
  await page.locator("[data-testid=chart-traffic]").waitFor({ state: "visible", timeout: STEP_MS });
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("from") === daysBefore(89), { timeout: STEP_MS }),
    page.locator("[data-testid=preset-90]").click(),
  ]);
  await page.locator("[data-testid=row-daily]").nth(89).waitFor({ state: "attached", timeout: STEP_MS });
  const url = new URL(page.url());
  if (url.searchParams.get("brand") !== "all" || url.searchParams.get("to") !== today())
    problems.push(`90 days of all brands is ${url.search}`);
  const days = await page.locator("[data-testid=row-daily]").count();
  if (days !== 90) problems.push(`the daily table has ${days} rows, expected 90`);
  const currencies = await page.locator("[data-testid^=total-revenue-]").count();
  if (currencies !== 4) problems.push(`all brands show ${currencies} revenue totals, expected one per currency (4)`);
  problems.push(...(await dashboardProblems(j)));
  await screenshot(j, "3-all-brands-90-days");
  return problems.join("; ");
};

export const downloadCsv: Step["run"] = async (j) => {
  const { page, t } = j;
  const problems: string[] = [];
  const link = page.locator("[data-testid=csv-campaigns]");
  await link.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: STEP_MS }), link.click()]);
  const file = await download.path();
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = text.split("\r\n").filter(Boolean);
  const c = (key: string, currency?: string) => t(`marketing.columns.${key}`, currency ? { currency } : {});
  const expected = [
    c("channel"),
    c("source"),
    c("medium"),
    c("campaign"),
    c("visits"),
    c("orders"),
    ...["CZK", "DKK", "EUR", "PLN"].map((currency) => c("revenue", currency)),
  ].join(",");
  if (header !== expected) problems.push(`CSV header "${header}", expected "${expected}"`);
  const row = rows.find((line) => line.split(",")[3] === DEMO_CAMPAIGN && line.split(",")[1] === "google");
  if (!row) problems.push(`no row of ${DEMO_CAMPAIGN} by google in the CSV`);
  else {
    const cells = row.split(",");
    if (cells[0] !== t("marketing.channels.paid_search")) problems.push(`${DEMO_CAMPAIGN} is in channel "${cells[0]}"`);
    if (!(Number(cells[4]) > 0 && Number(cells[5]) > 0))
      problems.push(`${DEMO_CAMPAIGN} row without visits or orders: ${row}`);
  }
  const name = download.suggestedFilename();
  if (name !== `marketing-campaigns-all-brands-${daysBefore(89)}-to-${today()}.csv`)
    problems.push(`the download is named ${name}`);
  j.h.log(`info  ${j.label} CSV ${name}: ${rows.length} rows`);
  return problems.join("; ");
};

export const refusedRange: Step["run"] = async (j) => {
  const { page, t } = j;
  await ready(j, "#marketing-filters-from");
  await page.locator("#marketing-filters-from").fill(today());
  await page.locator("#marketing-filters-to").fill(daysBefore(3));
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("to") === daysBefore(3), { timeout: STEP_MS }),
    page.locator("form[aria-label] button[type=submit]").first().click(),
  ]);
  const error = page.locator("#marketing-filters-to-error");
  await error.waitFor({ state: "visible", timeout: STEP_MS });
  const said = squash(await error.innerText());
  await screenshot(j, "4-refused-range");
  if (said !== t("marketing.errors.order"))
    return `the error says "${said}", expected "${t("marketing.errors.order")}"`;
  if (await page.locator("[data-testid=chart-traffic]").count()) return "the refused range still shows charts";
};

/**
 * A visitor's consent decisions by the id Cookie settings show (docs/decisions/0035): the marketer decides in this
 * browser, reads its own id as the banner does, opens "Consent records" from the header and finds the history; the CSV
 * holds it too.
 */
export const consentRecords: Step["run"] = async (j) => {
  const { page, t } = j;
  const problems: string[] = [];
  await ready(j, "[data-testid=consent-records-link]");
  const id = await page.evaluate(async (version) => {
    const decide = (ads: boolean) =>
      fetch("/api/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          isConsentGiven: true,
          isAdsAccepted: ads,
          isAnalyticsAccepted: false,
          consentVersion: version,
        }),
      });
    await decide(true);
    await decide(false);
    return ((await (await fetch("/api/consent")).json()) as { consentId: string | null }).consentId;
  }, CONSENT_VERSION);
  if (!id) return "no consent id after two decisions";
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/marketing/consent-records"), { timeout: STEP_MS }),
    page.locator("[data-testid=consent-records-link]").click(),
  ]);
  await ready(j, "#consent-records-id");
  await page.locator("#consent-records-id").fill(id);
  await Promise.all([
    page.waitForURL((url) => url.searchParams.get("id") === id, { timeout: STEP_MS }),
    page.locator("main form button[type=submit]").click(),
  ]);
  // The records arrive through the queue (a batch every few seconds): read the page again until both are there.
  let rows = await page.locator("[data-testid=consent-history-row]").count();
  for (let attempt = 0; attempt < 8 && rows < 2; attempt++) {
    await page.waitForTimeout(2_500);
    await page.reload({ waitUntil: "load" });
    rows = await page.locator("[data-testid=consent-history-row]").count();
  }
  if (rows !== 2) problems.push(`${rows} decisions shown for ${id}, expected 2`);
  const history = squash(await page.locator("[data-testid=consent-history]").innerText());
  for (const key of ["decisions.first", "decisions.change", "states.granted", "states.denied"]) {
    if (!history.includes(t(`marketing.consentRecords.${key}`)))
      problems.push(`the history does not say "${t(`marketing.consentRecords.${key}`)}"`);
  }
  const problem = await overflow(j);
  if (problem) problems.push(problem);
  await screenshot(j, "5-consent-records");
  const csv = await page.evaluate(
    (url) => fetch(url).then(async (response) => `${response.status}\n${await response.text()}`),
    `${path(j, "/marketing/consent-records.csv")}?id=${id}`,
  );
  const [status, header, ...lines] = csv
    .replace(/^(\d+)\n\uFEFF/, "$1\n")
    .split(/\r?\n/)
    .filter(Boolean);
  if (
    status !== "200" ||
    header !==
      [
        "time",
        "decision",
        "brand",
        "version",
        "adStorage",
        "adUserData",
        "adPersonalization",
        "analyticsStorage",
        "gpc",
        "addressHash",
      ]
        .map((column) => t(`marketing.consentRecords.columns.${column}`))
        .join(",")
  ) {
    problems.push(`the CSV answers ${status} with "${header}"`);
  }
  if (lines.length !== 2) problems.push(`the CSV has ${lines.length} rows`);
  return problems.join("; ");
};

/**
 * Issue 24: signed in from /login the marketer lands on the dashboard; from the shop, the header and the account lead
 * there.
 */
export const findTheDashboard: Step["run"] = async (j) => {
  const { page } = j;
  const problems: string[] = [];
  await ready(j, "[data-testid=sign-out]");
  await Promise.all([
    page.waitForURL((url) => !url.pathname.includes("/marketing"), { timeout: STEP_MS }),
    page.locator("[data-testid=sign-out]").click(),
  ]);
  await page.goto(path(j, "/login"), { waitUntil: "load" });
  await ready(j, "#signin-email");
  await page.locator("#signin-email").fill(`marketing.${j.brand.slug.toLowerCase()}@example.com`);
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname !== path(j, "/login").replace(j.origin, ""), { timeout: STEP_MS }),
    page
      .locator("form")
      .filter({ has: page.locator("#signin-email") })
      .locator("button[type=submit]")
      .first()
      .click(),
  ]);
  if (!new URL(page.url()).pathname.endsWith("/marketing"))
    problems.push(`signed in from /login, the marketer is on ${new URL(page.url()).pathname}`);
  await page.goto(path(j, "/accounts/home"), { waitUntil: "load" });
  await ready(j, "[data-testid=accounts-nav]");
  // A phone's header lists it in its menu; a wider one shows it beside the account.
  if (j.viewport === "phone") await page.locator("header details > summary").first().click();
  const links = {
    "the header": page.locator(
      j.viewport === "phone" ? "[data-testid=menu-marketing]" : "[data-testid=header-marketing]",
    ),
    "the accounts menu": page.locator("[data-testid=accounts-nav] a[href$='/marketing']"),
    "the account's shortcuts": page.locator("[data-testid=home-shortcuts] a[href$='/marketing']"),
  };
  for (const [where, link] of Object.entries(links))
    if (!(await link.first().isVisible())) problems.push(`no visible link to the dashboard in ${where}`);
  const wide = await overflow(j);
  if (wide) problems.push(`the marketer's account home: ${wide}`);
  await screenshot(j, "6-account-home");
  await Promise.all([
    page.waitForURL((url) => url.pathname.endsWith("/marketing"), { timeout: STEP_MS }),
    links["the header"].click(),
  ]);
  await page.locator("[data-testid=chart-traffic]").waitFor({ state: "visible", timeout: STEP_MS });
  return problems.join("; ");
};
