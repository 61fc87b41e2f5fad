import { CONSENT_VERSION } from "#contract/marketing/consent.ts";
import { ready, screenshot, squash } from "../buying/journey.ts";
import { TO_THE_SANDBOX, type Step } from "../buying.ts";
import { sandboxPay } from "../buying/checkout-steps.ts";
import { STEP_MS, path, today, signInAsMarketer } from "./dashboard-steps.ts";

// A Google Ads click to a purchase, read back on the dashboard (issue 10's proof): the campaign link's parameters
// leave the address bar, the banner's "accept all" gives the landing its cookies, the order records its campaign and
// channel at checkout, and the marketer finds it under both. The visitor's browser is not a headless one to the
// server (isbot), so its page views count as a visit too.

const VISITOR_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

export function campaignJourney(): Step[] {
  const campaign = `e2e-${Date.now().toString(36)}`;
  const gclid = `E2E${crypto.randomUUID().replaceAll("-", "")}`;

  const landing: Step["run"] = async (j) => {
    const { page } = j;
    const context = page.context();
    // A first-time visitor: no answer to the banner yet.
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ "user-agent": VISITOR_AGENT });
    const problems: string[] = [];
    await page.goto(path(j, `/?utm_source=google&utm_medium=cpc&utm_campaign=${campaign}&gclid=${gclid}`), {
      waitUntil: "load",
    });
    const banner = page.locator("#cookie-settings[data-open=true]");
    await banner.waitFor({ state: "visible", timeout: STEP_MS });
    await ready(j, "#cookie-settings button[value=all]");
    if (new URL(page.url()).search) problems.push(`the address bar still shows ${new URL(page.url()).search}`);
    if ((await page.content()).includes(gclid)) problems.push("the page carries the click id");
    await screenshot(j, "campaign-1-landing");
    await page.locator("#cookie-settings button[value=all]").click();
    await page.locator("#cookie-settings[data-open=true]").waitFor({ state: "hidden", timeout: STEP_MS });
    const deadline = Date.now() + STEP_MS;
    let names: string[] = [];
    while (Date.now() < deadline) {
      names = (await context.cookies(j.origin)).map((cookie) => cookie.name);
      if (["utm", "clickid", "landing", "first_touch"].every((name) => names.includes(name))) break;
      await page.waitForTimeout(200);
    }
    const cookies = new Map(
      (await context.cookies(j.origin)).map((cookie) => [cookie.name, decodeURIComponent(cookie.value)]),
    );
    if (!cookies.get("consent")?.startsWith(`${CONSENT_VERSION}.a1.n1.`))
      problems.push(`consent cookie ${cookies.get("consent")}`);
    if (!cookies.get("utm")?.includes(campaign)) problems.push(`the utm cookie is ${cookies.get("utm")}`);
    if (!cookies.get("clickid")?.includes(gclid)) problems.push(`the clickid cookie is ${cookies.get("clickid")}`);
    for (const name of ["landing", "first_touch"])
      if (!cookies.has(name)) problems.push(`no ${name} cookie after accept all (${names.join(", ")})`);
    return problems.join("; ");
  };

  const dashboard: Step["run"] = async (j) => {
    const { t } = j;
    const context = await j.page
      .context()
      .browser()!
      .newContext({ viewport: j.h.viewports[j.viewport], locale: "en-US" });
    const problems: string[] = [];
    try {
      // The marketer has answered the banner on this brand already.
      await context.addCookies([
        { name: "consent", value: `${CONSENT_VERSION}.a0.n0.${Math.floor(Date.now() / 1000)}`, url: j.origin },
      ]);
      const page = await context.newPage();
      const query = `?brand=${j.brand.slug}&from=${today()}&to=${today()}`;
      await signInAsMarketer(j, page, query);
      const cells = async () => {
        const row = page.locator("[data-testid=row-campaigns]").filter({ hasText: campaign });
        return (await row.count()) ? (await row.first().locator("td, th").allInnerTexts()).map(squash) : null;
      };
      // The visit arrives through the queue (a batch every few seconds): read the page again until it counts.
      let row = await cells();
      for (let attempt = 0; attempt < 8 && (!row || !(Number(row[4]) > 0)); attempt++) {
        await page.waitForTimeout(2_500);
        await page.reload({ waitUntil: "load" });
        row = await cells();
      }
      await page.locator("[data-testid=table-campaigns]").scrollIntoViewIfNeeded();
      await screenshot({ ...j, page }, "campaign-3-dashboard");
      if (!row) return `the campaigns table has no row for ${campaign}`;
      const [channel, source, medium, name, visits, orders, revenue] = row;
      if (channel !== t("marketing.channels.paid_search")) problems.push(`${campaign} is under channel "${channel}"`);
      if (source !== "google" || medium !== "cpc" || name !== campaign)
        problems.push(`the row reads ${source} / ${medium} / ${name}`);
      if (orders !== "1") problems.push(`${campaign} shows ${orders} orders, expected the one bought`);
      if (!/\d/.test(revenue ?? "")) problems.push(`${campaign} shows no revenue: "${revenue}"`);
      if (!(Number(visits) > 0))
        problems.push(`${campaign} shows ${visits} visits: the landing's page views were not counted`);
      const csv = await page.evaluate(
        (url) => fetch(url).then((response) => response.text()),
        path(j, `/marketing/export/campaigns.csv${query}`),
      );
      const line = csv.split("\r\n").find((text) => text.split(",")[3] === campaign);
      if (!line) problems.push(`the campaigns CSV has no row for ${campaign}`);
      else if (line.split(",")[5] !== "1") problems.push(`the CSV row reads ${line}`);
      j.h.log(`info  ${j.label} ${campaign}: ${row.join(" | ")}`);
    } finally {
      await context.close().catch(() => undefined);
    }
    return problems.join("; ");
  };

  return [
    {
      name: "a Google Ads link (utm and gclid): the banner asks, the address bar drops the parameters; accept all sets the landing's cookies",
      run: landing,
    },
    ...TO_THE_SANDBOX,
    { name: "sandbox: Pay → order completed", run: sandboxPay },
    {
      name: "the demo marketer's dashboard shows the order under its campaign, source, medium and channel, with its visit",
      run: dashboard,
    },
  ];
}
