import { describe, expect, it } from "vitest";
import { BRAND_SLUGS, BRANDS, type BrandSlug } from "@contract/brands/brands";
import { addDays } from "@contract/marketing/report-range";
import { formatMoney } from "@contract/rules/money";
import en from "@locales/en/marketing.json";
import es from "@locales/es/marketing.json";
import pl from "@locales/pl/marketing.json";
import { decimalOf } from "~/lib/csv/csv";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { customerOf } from "~/lib/auth/session-customer.server";
import type { Customer } from "~/lib/session/data";
import { sessionCookie, testEnv, visit } from "../setup/app";
import { FIRST_ARTICLE } from "../setup/checkout";
import { attribute, csvRows, marketerIn, orderThroughCheckout, rollupRows } from "../setup/marketing-dashboard";
import { operate } from "../setup/orders";
import { readableHtml } from "./html";

// The marketing dashboard: who may open it, how it refuses filters it cannot read, and its figures against the orders
// the product API holds and the analytics rollups, on the page and in every CSV.

const today = new Date().toISOString().slice(0, 10);
const lastWeek = { from: addDays(today, -6), to: today };
const query = (filters: Record<string, string>) => `?${new URLSearchParams(filters)}`;
const unique = () => crypto.randomUUID().slice(0, 8);

describe("who opens the marketing dashboard", () => {
  it("sends a guest to sign in and back to the same view", async () => {
    for (const path of [
      "/marketing",
      "/marketing?brand=WPX-PL&from=2026-01-01&to=2026-01-31",
      "/marketing/export/channels.csv?brand=all",
    ]) {
      const response = await visit(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    expect((await visit("/en/marketing", { brand: "WPX-PL" })).headers.get("location")).toBe(
      "/en/login?redirectTo=%2Fmarketing",
    );
  });

  it("answers 404 to a customer, a company and its staff without the role, on the page and its exports", async () => {
    const master = await masterIn();
    const accounts = [await accountIn(), master, await staffOf(master, ["orders", "tickets", "invoices"])];
    for (const account of accounts) {
      const cookie = await signedInAs(account);
      for (const path of ["/marketing", "/marketing/export/campaigns.csv", "/en/marketing"]) {
        const response = await visit(path, { cookie });
        expect(response.status, `${account.kind} ${path}`).toBe(404);
        expect(await response.text()).not.toContain(en.marketing.title);
      }
    }
  });

  it("opens to a marketer of any brand, in every brand and language", async () => {
    for (const slug of BRAND_SLUGS) {
      const { cookie } = await marketerIn(slug);
      const page = await visit("/marketing", { brand: slug, cookie });
      expect(page.status, slug).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      const html = await page.text();
      expect(html).toContain('data-testid="chart-traffic"');
      expect((await visit("/en/marketing", { brand: slug, cookie })).status).toBe(200);
    }
  });

  it("opens to a marketer whose session was written before roles existed: the account is read as stored now", async () => {
    const { account } = await marketerIn();
    const { roles: _roles, ...before } = customerOf(account);
    const { cookie } = await sessionCookie({
      customer: before as Customer,
      updateDateCustomer: new Date().toISOString(),
    });
    expect((await visit("/marketing", { cookie })).status).toBe(200);
  });

  it("closes at once for a marketer whose role is withdrawn, though the session still says marketer", async () => {
    const { account, cookie } = await marketerIn();
    expect((await visit("/marketing", { cookie })).status).toBe(200);
    await testEnv.STORE_DB.prepare("UPDATE accounts SET roles = '[]' WHERE id = ?").bind(account.id).run();
    expect((await visit("/marketing", { cookie })).status).toBe(404);
    expect((await visit("/marketing/export/daily.csv", { cookie })).status).toBe(404);
  });
});

describe("filters it cannot read", () => {
  const cases: [Record<string, string>, string, keyof typeof es.marketing.errors][] = [
    [{ brand: "WPX-XX" }, "brand", "brand"],
    [{ brand: "<script>alert(1)</script>" }, "brand", "brand"],
    [{ from: "2026-02-30" }, "from", "date"],
    [{ to: "' OR 1=1 --" }, "to", "date"],
    [{ from: "2026-03-01", to: "2026-02-01" }, "to", "order"],
    [{ from: "2020-01-01", to: "2026-01-01" }, "from", "tooLong"],
    [{ from: "9".repeat(5000) }, "from", "date"],
  ];

  it.each(cases)(
    "%o: the page again with a translated field error (400), never a 500",
    async (filters, field, error) => {
      const { cookie } = await marketerIn();
      const page = await visit(`/marketing${query(filters)}`, { cookie });
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(readableHtml(html)).toContain(es.marketing.errors[error]);
      expect(html).toContain(`id="marketing-filters-${field}-error"`);
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain('data-testid="chart-traffic"');
      const csv = await visit(`/marketing/export/channels.csv${query(filters)}`, { cookie });
      expect(csv.status).toBe(400);
      expect(await csv.text()).toContain(es.marketing.errors[error]);
    },
  );

  it("speaks the page's language, and takes the last 30 days for what is missing or emptied", async () => {
    const { cookie } = await marketerIn("WPX-PL");
    const polish = readableHtml(await (await visit("/marketing?to=2026-13-01", { brand: "WPX-PL", cookie })).text());
    expect(polish).toContain(pl.marketing.errors.date);
    const defaults = await visit("/marketing?brand=&from=&to=", { cookie, brand: "WPX-PL" });
    expect(defaults.status).toBe(200);
    const html = await defaults.text();
    expect(html).toContain(`value="${addDays(today, -29)}"`);
    expect(html).toContain(`value="${today}"`);
  });

  it("knows its tables: another name is the spec's 404", async () => {
    const { cookie } = await marketerIn();
    expect((await visit("/marketing/export/orders.csv", { cookie })).status).toBe(404);
    expect((await visit("/marketing/export/..%2F..%2Fetc.csv", { cookie })).status).toBe(404);
  });
});

/** What the product API's orders say, computed here apart from the report: paid, not canceled, placed in the range. */
async function ordersOf(sites: readonly string[], { from, to }: { from: string; to: string }) {
  const marks = sites.map(() => "?").join(", ");
  const { results } =
    await testEnv.STORE_DB.prepare(`SELECT o.currency, COALESCE(a.channel, 'not_recorded') AS channel, o.total FROM orders o
      LEFT JOIN order_attribution a ON a.order_id = o.id
      WHERE o.site IN (${marks}) AND o.payment_status = 'PAID' AND o.status_code != 10 AND date(o.created_at) BETWEEN ? AND ?`)
      .bind(...sites, from, to)
      .all<{ currency: string; channel: string; total: number }>();
  return results;
}
const sum = (rows: { total: number }[]) => rows.reduce((total, row) => total + row.total, 0);

async function visitsOf(brand: string | null, { from, to }: { from: string; to: string }, channel?: string) {
  const row =
    await testEnv.ANALYTICS_DB.prepare(`SELECT COALESCE(SUM(visits), 0) AS visits FROM traffic_daily WHERE day BETWEEN ? AND ?
      AND (?3 IS NULL OR brand = ?3) AND (?4 IS NULL OR channel = ?4)`)
      .bind(from, to, brand, channel ?? null)
      .first<{ visits: number }>();
  return row!.visits;
}

/** A CSV table as objects by its header's labels. */
async function csvTable(path: string, cookie: string, brand: BrandSlug = "WPX-ES") {
  const response = await visit(path, { cookie, brand });
  expect(response.status, path).toBe(200);
  const [header, ...rows] = csvRows(await response.text());
  return {
    response,
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((label, index) => [label, row[index]!]))),
  };
}

describe("the figures", () => {
  it("are a brand's paid orders and visits, exactly, by channel and campaign, on the page and in the CSV", async () => {
    const campaign = `spring-${unique()}`;
    const searched = await orderThroughCheckout("WPX-ES", { quantity: 2 });
    await attribute(
      searched.id,
      { channel: "paid_search", source: "google", medium: "cpc", campaign },
      { first: { channel: "organic", source: "google", medium: "organic" } },
    );
    const mailed = await orderThroughCheckout("WPX-ES");
    await attribute(mailed.id, {
      channel: "email",
      source: "newsletter",
      medium: "email",
      campaign: `news-${unique()}`,
    });
    // Neither an order never paid nor one canceled after paying counts; one without a touch of its own counts as unknown.
    const unpaid = await orderThroughCheckout("WPX-ES", { paid: false });
    await attribute(unpaid.id, { channel: "paid_search", source: "google", medium: "cpc", campaign });
    const canceled = await orderThroughCheckout("WPX-ES");
    await attribute(canceled.id, { channel: "paid_search", source: "google", medium: "cpc", campaign });
    expect((await operate(canceled.publicId, { status_code: 10 })).status).toBe(200);
    await orderThroughCheckout("WPX-ES");
    await rollupRows("traffic_daily", [
      {
        day: today,
        brand: "WPX-ES",
        channel: "paid_search",
        source: "google",
        medium: "cpc",
        campaign,
        visits: 40,
        page_views: 130,
      },
      {
        day: addDays(today, -2),
        brand: "WPX-ES",
        channel: "paid_search",
        source: "google",
        medium: "cpc",
        campaign,
        visits: 10,
        page_views: 20,
      },
      {
        day: today,
        brand: "WPX-ES",
        channel: "direct",
        source: "",
        medium: "",
        campaign: "",
        visits: 150,
        page_views: 400,
      },
      // Another brand's visits are not this brand's.
      {
        day: today,
        brand: "WPX-IT",
        channel: "paid_search",
        source: "google",
        medium: "cpc",
        campaign,
        visits: 999,
        page_views: 999,
      },
    ]);

    // A marketer of another brand reads this one's figures (they are the shop's staff), on their brand's site, in English.
    const { cookie } = await marketerIn("WPX-PL");
    const read = (path: string) => csvTable(`/en${path}`, cookie, "WPX-PL");
    const filters = { brand: "WPX-ES", ...lastWeek };
    const orders = await ordersOf(["WPX-ES"], lastWeek);
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const revenue = sum(orders);

    const page = await visit(`/en/marketing${query(filters)}`, { cookie, brand: "WPX-PL" });
    expect(page.status).toBe(200);
    const html = readableHtml(await page.text());
    const tile = (name: string) => new RegExp(`data-testid="total-${name}">([^<]*)<`).exec(html)?.[1];
    expect(tile("orders")).toBe(String(orders.length));
    expect(tile("revenue-EUR")).toBe(
      formatMoney(revenue, { currency: "EUR", decimals: true, locale: "en-GB" }).replace(/\u00a0/g, " "),
    );
    expect(tile("revenue-PLN")).toBeUndefined();
    expect(html).toContain(campaign);

    const channels = await read(`/marketing/export/channels.csv${query(filters)}`);
    expect(channels.response.headers.get("content-disposition")).toBe(
      `attachment; filename="marketing-channels-wpx-es-${lastWeek.from}-to-${lastWeek.to}.csv"`,
    );
    const c = en.marketing.columns;
    expect(channels.header).toEqual([
      c.channel,
      c.visits,
      c.orders,
      `${c.conversionRate} (%)`,
      c.revenue.replace("{{currency}}", "EUR"),
    ]);
    // The order the test gave no touch was recorded by checkout as unknown: its buyer had given no consent.
    for (const channel of ["paid_search", "email", "unknown", "direct"] as const) {
      const ofChannel = orders.filter((order) => order.channel === channel);
      const visits = await visitsOf("WPX-ES", lastWeek, channel);
      const row = channels.rows.find((candidate) => candidate[c.channel] === en.marketing.channels[channel]);
      expect(row, channel).toEqual({
        [c.channel]: en.marketing.channels[channel],
        [c.visits]: String(visits),
        [c.orders]: String(ofChannel.length),
        [`${c.conversionRate} (%)`]: visits ? ((ofChannel.length / visits) * 100).toFixed(2) : "",
        [c.revenue.replace("{{currency}}", "EUR")]: decimalOf(sum(ofChannel)),
      });
    }

    const campaigns = await read(`/marketing/export/campaigns.csv${query(filters)}`);
    expect(campaigns.rows.find((row) => row[c.campaign] === campaign)).toEqual({
      [c.channel]: en.marketing.channels.paid_search,
      [c.source]: "google",
      [c.medium]: "cpc",
      [c.campaign]: campaign,
      [c.visits]: "50",
      [c.orders]: "1",
      [c.revenue.replace("{{currency}}", "EUR")]: decimalOf(searched.total),
    });

    // The first touch credits organic search with the order the last touch credits to paid search.
    const touches = await read(`/marketing/export/touches.csv${query(filters)}`);
    const organic = touches.rows.find((row) => row[c.channel] === en.marketing.channels.organic)!;
    expect(Number(organic[c.firstTouchOrders])).toBeGreaterThanOrEqual(1);
    const firstTotal = touches.rows.reduce((total, row) => total + Number(row[c.firstTouchOrders]), 0);
    const lastTotal = touches.rows.reduce((total, row) => total + Number(row[c.lastTouchOrders]), 0);
    expect([firstTotal, lastTotal]).toEqual([orders.length, orders.length]);

    // The day's row: its visits, its orders and their ratio.
    const daily = await read(`/marketing/export/daily.csv${query(filters)}`);
    expect(daily.rows).toHaveLength(7);
    const todays = daily.rows.find((row) => row[c.day] === today)!;
    const todaysOrders = (await ordersOf(["WPX-ES"], { from: today, to: today })).length;
    const todaysVisits = await visitsOf("WPX-ES", { from: today, to: today });
    expect(todays).toMatchObject({
      [c.visits]: String(todaysVisits),
      [c.orders]: String(todaysOrders),
      [`${c.conversionRate} (%)`]: ((todaysOrders / todaysVisits) * 100).toFixed(2),
    });

    // The best seller: the brand's first article, in the quantities bought.
    const products = await read(`/marketing/export/products.csv${query(filters)}`);
    const sold =
      await testEnv.STORE_DB.prepare(`SELECT SUM(l.quantity) AS quantity, SUM(l.total) AS revenue FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.site = 'WPX-ES' AND o.payment_status = 'PAID' AND o.status_code != 10 AND date(o.created_at) BETWEEN ? AND ? AND l.article_id = ?`)
        .bind(lastWeek.from, lastWeek.to, FIRST_ARTICLE["WPX-ES"])
        .first<{ quantity: number; revenue: number }>();
    expect(products.rows).toContainEqual(
      expect.objectContaining({
        [c.quantity]: String(sold!.quantity),
        [c.revenue.replace("{{currency}}", "EUR")]: decimalOf(sold!.revenue),
      }),
    );
  });

  it("keeps each currency apart in the all-brands view", async () => {
    const euros = await orderThroughCheckout("WPX-ES");
    await attribute(euros.id, { channel: "referral", source: "blog.example", medium: "referral" });
    const zloty = await orderThroughCheckout("WPX-PL", { quantity: 3 });
    await attribute(zloty.id, { channel: "referral", source: "blog.example", medium: "referral" });
    expect([euros.currency, zloty.currency]).toEqual(["EUR", "PLN"]);
    const { cookie } = await marketerIn("WPX-DK");
    const filters = { brand: "all", ...lastWeek };
    const all = await ordersOf(BRAND_SLUGS, lastWeek);

    const channels = await csvTable(`/marketing/export/channels.csv${query(filters)}`, cookie, "WPX-DK");
    const c = (await import("@locales/da/marketing.json")).marketing.columns;
    const money = ["CZK", "DKK", "EUR", "PLN"].map((currency) => c.revenue.replace("{{currency}}", currency));
    expect(channels.header.slice(-4)).toEqual(money);
    const referral = channels.rows.find((row) => row[c.channel] === "Henvisning")!;
    for (const currency of ["EUR", "PLN", "DKK"]) {
      const expected = all.filter((order) => order.channel === "referral" && order.currency === currency);
      expect(referral[c.revenue.replace("{{currency}}", currency)], currency).toBe(decimalOf(sum(expected)));
    }
    expect(referral[c.orders]).toBe(String(all.filter((order) => order.channel === "referral").length));

    const page = readableHtml(
      await (await visit(`/en/marketing${query(filters)}`, { cookie, brand: "WPX-DK" })).text(),
    );
    for (const currency of ["EUR", "PLN"]) {
      const amount = sum(all.filter((order) => order.currency === currency));
      const decimals = BRANDS.find((brand) => brand.currency === currency)!.decimals;
      expect(new RegExp(`data-testid="total-revenue-${currency}">([^<]*)<`).exec(page)?.[1]).toBe(
        formatMoney(amount, { currency, decimals, locale: "en-GB" }).replace(/\u00a0/g, " "),
      );
    }
    expect(page).toContain(en.marketing.charts.channelRevenue.replace("{{currency}}", "PLN"));
  });

  it("credits affiliates with their hits, orders, revenue, commission and reported awc conversions", async () => {
    const affiliateId = 700_000 + Math.floor(Math.random() * 100_000);
    const campaign = `partner-${unique()}`;
    await testEnv.STORE_DB.prepare(
      "INSERT INTO affiliates (id, site, name, commission_rate, created_at) VALUES (?, 'WPX-ES', 'Blog de Fotos', 10, ?)",
    )
      .bind(affiliateId, new Date().toISOString())
      .run();
    const order = await orderThroughCheckout("WPX-ES");
    await attribute(
      order.id,
      { channel: "affiliate", source: "affiliate", medium: "affiliate", campaign },
      { affiliateId, awc: "1234_5678_abc" },
    );
    const base = order.total - order.vat;
    await testEnv.STORE_DB.batch([
      testEnv.STORE_DB.prepare(
        "INSERT INTO accounts (id, site, email, first_name, last_name, customer_type, kind, locale, created_at, updated_at) VALUES (?, 'WPX-ES', ?, 'Blog', 'Fotos', 'COMPANY', 'master', 'es', ?, ?)",
      ).bind(`acc_aff${affiliateId}`, `aff.${affiliateId}@example.com`, order.createdAt, order.createdAt),
      testEnv.STORE_DB.prepare(
        "INSERT INTO commissions (site, master_id, order_id, source, rate, base, amount, status, created_at) VALUES ('WPX-ES', ?, ?, 'AFFILIATE', 10, ?, ?, 'PENDING', ?)",
      ).bind(`acc_aff${affiliateId}`, order.id, base, Math.round(base / 10), order.createdAt),
      testEnv.STORE_DB.prepare(
        "INSERT INTO affiliate_conversions (order_id, site, network, affiliate_id, awc, amount, currency, status, created_at) VALUES (?, 'WPX-ES', 'sandbox', ?, '1234_5678_abc', ?, 'EUR', 'REPORTED', ?)",
      ).bind(order.id, affiliateId, base, order.createdAt),
    ]);
    await rollupRows("affiliate_hits_daily", [
      { day: today, brand: "WPX-ES", affiliate_id: String(affiliateId), campaign, hits: 25 },
      { day: addDays(today, -1), brand: "WPX-ES", affiliate_id: String(affiliateId), campaign, hits: 5 },
    ]);
    const { cookie } = await marketerIn();
    const affiliates = await csvTable(
      `/marketing/export/affiliates.csv${query({ brand: "all", ...lastWeek })}`,
      cookie,
    );
    const c = es.marketing.columns;
    const euro = (label: string) => label.replace("{{currency}}", "EUR");
    expect(affiliates.rows.find((row) => row[c.campaign] === campaign)).toMatchObject({
      [c.brand]: "WPX-ES",
      [c.affiliate]: `Blog de Fotos (#${affiliateId})`,
      [c.hits]: "30",
      [c.orders]: "1",
      [euro(c.revenue)]: decimalOf(order.total),
      [euro(c.commission)]: decimalOf(Math.round(base / 10)),
      [c.awcConversions]: "1",
      [euro(c.awcAmount)]: decimalOf(base),
      // A WPX-ES affiliate earns nothing in zloty: the cell is empty, not 0.
      [c.revenue.replace("{{currency}}", "PLN")]: "",
    });
  });

  it("shows consent rates by brand, landing pages and the funnel from the rollups", async () => {
    const brand = "WPX-PT";
    const path = `/lp-${unique()}`;
    await rollupRows("consent_daily", [
      { day: today, brand, ads: 1, analytics: 1, answers: 30 },
      { day: today, brand, ads: 1, analytics: 0, answers: 10 },
      { day: today, brand, ads: 0, analytics: 1, answers: 20 },
      { day: today, brand, ads: 0, analytics: 0, answers: 40 },
    ]);
    await rollupRows("landing_daily", [{ day: today, brand, path, visits: 321 }]);
    await rollupRows("traffic_daily", [
      {
        day: today,
        brand,
        channel: "organic",
        source: "google",
        medium: "organic",
        campaign: "",
        visits: 400,
        page_views: 900,
      },
    ]);
    await rollupRows("interaction_daily", [
      { day: today, brand, name: "add_to_cart", count: 80 },
      { day: today, brand, name: "begin_checkout", count: 30 },
      { day: today, brand, name: "purchase", count: 12 },
    ]);
    const { cookie } = await marketerIn();
    const filters = query({ brand, ...lastWeek });
    const c = es.marketing.columns;
    const consent = await csvTable(`/marketing/export/consent.csv${filters}`, cookie);
    expect(consent.rows).toEqual([
      {
        [c.brand]: brand,
        [c.answers]: "100",
        [`${c.acceptsAds} (%)`]: "40.00",
        [`${c.acceptsAnalytics} (%)`]: "50.00",
        [`${c.acceptsBoth} (%)`]: "30.00",
        [`${c.acceptsNone} (%)`]: "40.00",
      },
    ]);
    const landings = await csvTable(`/marketing/export/landing-pages.csv${filters}`, cookie);
    expect(landings.rows[0]).toEqual({ [c.landingPage]: path, [c.visits]: "321" });
    const funnel = await csvTable(`/marketing/export/funnel.csv${filters}`, cookie);
    expect(funnel.rows.map((row) => [row[c.step], row[c.count], row[`${c.shareOfVisits} (%)`]])).toEqual([
      [es.marketing.funnel.visits, "400", "100.00"],
      [es.marketing.funnel.add_to_cart, "80", "20.00"],
      [es.marketing.funnel.begin_checkout, "30", "7.50"],
      [es.marketing.funnel.purchase, "12", "3.00"],
    ]);
    const page = await (await visit(`/marketing${filters}`, { cookie })).text();
    expect(page).toContain('data-testid="chart-consent"');
    expect(page).toContain(path);
  });

  it("keeps a spreadsheet from running a campaign's name as a formula", async () => {
    const campaign = `=HYPERLINK("http://evil.example/${unique()}","click")`;
    const order = await orderThroughCheckout("WPX-ES");
    await attribute(order.id, { channel: "paid_social", source: "@facebook", medium: "+cpc", campaign });
    const { cookie } = await marketerIn();
    const response = await visit(`/marketing/export/campaigns.csv${query({ brand: "WPX-ES", ...lastWeek })}`, {
      cookie,
    });
    const text = await response.text();
    expect(text).toContain(`'@facebook,'+cpc,"'${campaign.replaceAll('"', '""')}"`);
    const [, ...rows] = csvRows(text);
    expect(rows.some((row) => row.some((cell) => /^[=+@-]/.test(cell) && !/^-?\d/.test(cell)))).toBe(false);
    // On the page it is text.
    const page = await (await visit(`/marketing${query({ brand: "WPX-ES", ...lastWeek })}`, { cookie })).text();
    expect(page).toContain(campaign.replaceAll('"', "&quot;"));
  });
});
