import { describe, expect, it } from "vitest";
import { BRAND_SLUGS, BRANDS } from "@contract/brands/brands";
import { addDays } from "@contract/marketing/report-range";
import { formatMoney } from "@contract/rules/money";
import en from "@locales/en/marketing.json";
import es from "@locales/es/marketing.json";
import { decimalOf } from "~/lib/csv/csv";
import { testEnv, visit } from "../setup/app";
import { FIRST_ARTICLE } from "../setup/checkout";
import { attribute, csvRows, marketerIn, orderThroughCheckout, rollupRows } from "../setup/marketing-dashboard";
import { operate } from "../setup/orders";
import { readableHtml } from "./html";
import { today, lastWeek, query, unique, ordersOf, sum, visitsOf, csvTable } from "./marketing-dashboard-reads";

// The marketing dashboard: who may open it, how it refuses filters it cannot read, and its figures against the orders
// the product API holds and the analytics rollups, on the page and in every CSV.

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
    // Neither an order never paid nor one canceled after paying counts; one without a touch of its own counts as
    // unknown.
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

    // A marketer of another brand reads this one's figures (they are the shop's staff), on their brand's site, in
    // English.
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
