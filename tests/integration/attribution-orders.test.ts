import { describe, expect, it } from "vitest";
import { orderSchema } from "@contract/api/orders";
import { invoiceTotals } from "@contract/pricing/totals";
import { masterIn } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import {
  affiliateIn,
  affiliateOperator,
  BROWSER,
  browserCookies,
  consentCookie,
  cookiesSet,
  eventually,
} from "../setup/marketing";
import { ES_CHECKOUT, location, ordersOfCart, sendWebhook, shopperWithCheckout } from "../setup/orders";
import { productApi } from "../setup/product-api";

// An order records how its buyer came, within their consent, through the storefront's real checkout; an affiliate's
// order earns its master a commission and is reported to the affiliate network once, when paid.

type Choice = { ads: boolean; analytics: boolean };
type Landing = { path: string; referer?: string };

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

/**
 * A shopper with a complete checkout who landed on these links first (as the browser keeps the cookies), answering the
 * banner as told.
 */
async function shopperWhoLanded(choice: Choice | null, landings: Landing[], { consentAtCheckout = choice } = {}) {
  const shopper = await shopperWithCheckout({
    ...ES_CHECKOUT,
    contact: { ...ES_CHECKOUT.contact, email: `buyer-${crypto.randomUUID().slice(0, 8)}@example.com` },
  });
  const consent = choice ? consentCookie(choice) : "";
  const responses: Response[] = [];
  for (const { path, referer } of landings) {
    const cookie = [shopper.cookie, consent, browserCookies(...responses)].filter(Boolean).join("; ");
    responses.push(await visit(path, { cookie, headers: referer ? { referer } : {} }));
  }
  const atCheckout = consentAtCheckout ? consentCookie(consentAtCheckout) : "";
  const cookie = [shopper.cookie, atCheckout, browserCookies(...responses)].filter(Boolean).join("; ");
  return {
    ...shopper,
    cookie,
    pay: () => visit("/checkout?step=4", { cookie, ...form({ step: "4", method: "CARD" }) }),
  };
}

type AttributionRow = Record<string, unknown> & { utm: string; click_ids: string };
async function attributionsOf(cartId: string) {
  return (
    await testEnv.STORE_DB.prepare(
      "SELECT a.* FROM order_attribution a JOIN orders o ON o.id = a.order_id WHERE o.cart_id = ?",
    )
      .bind(cartId)
      .all<AttributionRow>()
  ).results;
}

const conversionOf = (publicId: string) =>
  testEnv.STORE_DB.prepare(`SELECT c.status, c.reference, c.attempts, c.last_error AS lastError, c.affiliate_id AS affiliateId,
    c.awc, c.amount, c.currency, c.network FROM affiliate_conversions c JOIN orders o ON o.id = c.order_id WHERE o.public_id = ?`)
    .bind(publicId)
    .first<{
      status: string;
      reference: string | null;
      attempts: number;
      lastError: string | null;
      affiliateId: number | null;
      awc: string | null;
      amount: number;
      currency: string;
      network: string;
    }>();
const commissionsOf = async (publicId: string) =>
  (
    await testEnv.STORE_DB.prepare(`SELECT c.source, c.master_id AS masterId, c.rate, c.base, c.amount FROM commissions c
    JOIN orders o ON o.id = c.order_id WHERE o.public_id = ?`)
      .bind(publicId)
      .all()
  ).results;
const retryConversions = () => affiliateOperator("/conversions/report", { first_attempt_seconds: "0" });

const EMAIL_LANDING = { path: "/?utm_source=newsletter&utm_medium=email&utm_campaign=primavera" };
const affiliateLanding = (affiliate: string, extra = "") => ({
  path: `/regalos-con-foto?afcust=${affiliate}&utm_source=blog&utm_medium=affiliate&utm_campaign=verano&gclid=click-1&awc=1234_1700000000_ab${extra}`,
  referer: "https://blog.example.org/post?id=7",
});

/** Places the order through step 4 and pays it on the sandbox provider's page; the order's public id. */
async function placeAndPay(
  shopper: Awaited<ReturnType<typeof shopperWhoLanded>>,
  beforePaying?: (publicId: string) => Promise<unknown>,
) {
  const placed = await shopper.pay();
  expect(location(placed)).toMatch(/^\/sandbox-payment\/pay_/);
  const [order] = await ordersOfCart(shopper.cartId);
  await beforePaying?.(order!.publicId);
  const paid = await visit(location(placed), { cookie: shopper.cookie, ...form({ intent: "pay" }) });
  expect(paid.status).toBe(303);
  return { publicId: order!.publicId, paymentId: location(placed).split("/").at(-1)! };
}

describe("an order's attribution, recorded at checkout", () => {
  it("keeps the first touch and the last one, the affiliate, awc, campaign, click ids, referrer and landing page, once however often the step is sent", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const shopper = await shopperWhoLanded({ ads: true, analytics: true }, [
      EMAIL_LANDING,
      affiliateLanding(affiliate),
    ]);
    const first = await shopper.pay();
    const again = await shopper.pay();
    expect(location(again)).toBe(location(first));
    expect(await ordersOfCart(shopper.cartId)).toHaveLength(1);
    const rows = await attributionsOf(shopper.cartId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      affiliate_id: Number(affiliate),
      awc: "1234_1700000000_ab",
      channel: "affiliate",
      source: "blog",
      medium: "affiliate",
      campaign: "verano",
      landing_page: "/regalos-con-foto",
      referrer: "https://blog.example.org/post",
      first_channel: "email",
      first_source: "newsletter",
      first_medium: "email",
      first_campaign: "primavera",
      first_landing_page: "/",
      consent_ads: 1,
      consent_analytics: 1,
    });
    expect(JSON.parse(row!.utm)).toEqual({ utm_source: "blog", utm_medium: "affiliate", utm_campaign: "verano" });
    expect(JSON.parse(row!.click_ids)).toEqual({ gclid: "click-1" });
    expect(Date.parse(String(row!.first_touched_at))).toBeLessThanOrEqual(Date.parse(String(row!.touched_at)));
  });

  it("keeps only what the consent allowed: analytics without ad ids, ads without the campaign, nothing known without consent", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const analytics = await shopperWhoLanded({ ads: false, analytics: true }, [affiliateLanding(affiliate)]);
    await analytics.pay();
    expect((await attributionsOf(analytics.cartId))[0]).toMatchObject({
      affiliate_id: null,
      awc: null,
      click_ids: "{}",
      channel: "affiliate",
      campaign: "verano",
      landing_page: "/regalos-con-foto",
      consent_ads: 0,
      consent_analytics: 1,
    });

    const ads = await shopperWhoLanded({ ads: true, analytics: false }, [affiliateLanding(affiliate)]);
    await ads.pay();
    expect((await attributionsOf(ads.cartId))[0]).toMatchObject({
      affiliate_id: Number(affiliate),
      awc: "1234_1700000000_ab",
      click_ids: '{"gclid":"click-1"}',
      channel: "affiliate",
      campaign: null,
      landing_page: null,
      referrer: null,
      utm: "{}",
      first_channel: null,
      consent_ads: 1,
      consent_analytics: 0,
    });

    // Cookies a browser still holds from an earlier consent are not read once the consent is gone.
    const withdrawn = await shopperWhoLanded({ ads: true, analytics: true }, [affiliateLanding(affiliate)], {
      consentAtCheckout: null,
    });
    await withdrawn.pay();
    expect((await attributionsOf(withdrawn.cartId))[0]).toMatchObject({
      affiliate_id: null,
      awc: null,
      channel: "unknown",
      source: null,
      campaign: null,
      landing_page: null,
      first_channel: null,
      consent_ads: 0,
      consent_analytics: 0,
    });
  });

  it("is refused whole by the product API when broken, and no order is placed", async () => {
    const shopper = await shopperWithCheckout();
    const place = (attribution: string) =>
      productApi("/orders", {
        form: {
          ext_session_id: shopper.extSessionId,
          cart_id: shopper.cartId,
          locale: "es",
          site_url: "http://wpx-es.localhost",
          attribution,
        },
      });
    const valid = {
      affiliateId: null,
      awc: null,
      utm: {},
      clickIds: {},
      referrer: null,
      landingPage: null,
      firstTouch: null,
      consent: { ads: false, analytics: false },
      lastTouch: {
        channel: "unknown",
        source: null,
        medium: null,
        campaign: null,
        landingPage: null,
        referrer: null,
        at: null,
      },
    };
    for (const broken of [
      "{not json",
      JSON.stringify({ ...valid, lastTouch: { ...valid.lastTouch, channel: "<script>" } }),
      JSON.stringify({ ...valid, consent: "yes" }),
      "x".repeat(9000),
    ]) {
      const answer = await place(broken);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 4000 });
    }
    expect(await ordersOfCart(shopper.cartId)).toEqual([]);
    expect((await place(JSON.stringify(valid))).status).toBe(201);
    expect(await attributionsOf(shopper.cartId)).toEqual([
      expect.objectContaining({ channel: "unknown", consent_ads: 0 }),
    ]);
  });
});

describe("campaign cookies, each value encoded once", () => {
  const CAMPAIGN = "verano café & sol";
  const LANDING = {
    path: `/regalos-con-foto?case=${crypto.randomUUID()}&utm_source=blog&utm_medium=cpc&utm_campaign=${encodeURIComponent(CAMPAIGN)}&gclid=Cj0KCQ_abc.x-1`,
    referer: "https://blog.example.org/post?id=7",
  };

  it("are set from the landing URL as they read, read back on a later request, and kept in the order's attribution", async () => {
    const choice = { ads: true, analytics: true };
    const landing = await visit(LANDING.path, { cookie: consentCookie(choice), headers: { referer: LANDING.referer } });
    const set = cookiesSet(landing);
    expect(set.get("clickid")!.value).toBe("gclid=Cj0KCQ_abc.x-1");
    expect(set.get("utm")!.value).toBe("utm_source=blog&utm_medium=cpc&utm_campaign=verano+caf%C3%A9+%26+sol");
    expect(set.get("landing")!.value).toMatch(/^path=%2Fregalos-con-foto&at=\d+&channel=paid_search$/);
    expect(set.get("first_touch")!.value).toContain("&campaign=verano+caf%C3%A9+%26+sol");
    for (const { value } of set.values()) expect(value).not.toMatch(/%25/);

    // A later page of the visit, whose address no longer carries the campaign: the visit reads it from the cookies.
    const event = {
      id: crypto.randomUUID(),
      category: "page",
      name: "view",
      page: { url: "http://wpx-es.localhost/offers", path: "/offers", title: "Ofertas", referrer: "" },
      platform: "Linux",
      mobile: false,
    };
    const later = await visit("/api/event/page", {
      method: "POST",
      body: JSON.stringify(event),
      cookie: `${consentCookie(choice)}; ${browserCookies(landing)}`,
      headers: { "content-type": "application/json", "user-agent": BROWSER["user-agent"] },
    });
    expect(later.status).toBe(202);
    expect(cookiesSet(later).get("visit")!.value).toMatch(
      /^v=[0-9a-f-]{36}&c=paid_search&s=blog&m=cpc&k=verano\+caf%C3%A9\+%26\+sol$/,
    );
    const stored = await eventually(() =>
      testEnv.ANALYTICS_DB.prepare("SELECT channel, source, medium, campaign FROM page_events WHERE event_id = ?")
        .bind(event.id)
        .first(),
    );
    expect(stored).toEqual({ channel: "paid_search", source: "blog", medium: "cpc", campaign: CAMPAIGN });

    const shopper = await shopperWhoLanded(choice, [LANDING]);
    await shopper.pay();
    const [row] = await attributionsOf(shopper.cartId);
    expect(JSON.parse(row!.click_ids)).toEqual({ gclid: "Cj0KCQ_abc.x-1" });
    expect(JSON.parse(row!.utm)).toEqual({ utm_source: "blog", utm_medium: "cpc", utm_campaign: CAMPAIGN });
    expect(row).toMatchObject({
      channel: "paid_search",
      campaign: CAMPAIGN,
      first_campaign: CAMPAIGN,
      landing_page: "/regalos-con-foto",
    });
  });

  it("written encoded twice before the change, still read back", async () => {
    const shopper = await shopperWhoLanded({ ads: true, analytics: true }, []);
    const twice = (pairs: string) => encodeURIComponent(encodeURIComponent(pairs));
    const at = Math.floor(Date.now() / 1000);
    const old = `clickid=${twice("gclid=old-1")}; utm=${twice("utm_source=news&utm_medium=email&utm_campaign=oto%C3%B1o")}; landing=${twice(`path=%2F&at=${at}&channel=email`)}`;
    await visit("/checkout?step=4", { cookie: `${shopper.cookie}; ${old}`, ...form({ step: "4", method: "CARD" }) });
    const [row] = await attributionsOf(shopper.cartId);
    expect(JSON.parse(row!.click_ids)).toEqual({ gclid: "old-1" });
    expect(row).toMatchObject({ channel: "email", campaign: "otoño", landing_page: "/" });
  });
});

describe("an affiliate's order, paid", () => {
  it("earns the affiliate's master its commission and is reported to the network once, however often the payment is told", async () => {
    const master = await masterIn("WPX-ES");
    const affiliate = await affiliateIn("WPX-ES", { masterId: master.id, rate: 10 });
    const shopper = await shopperWhoLanded({ ads: true, analytics: true }, [affiliateLanding(affiliate)]);
    const { publicId, paymentId } = await placeAndPay(shopper);
    const order = await shopper.api.get(`/orders/${publicId}`, {}, orderSchema);
    expect(order.paymentStatus).toBe("PAID");
    const base = invoiceTotals(order.totals).net;
    expect(await commissionsOf(publicId)).toEqual([
      { source: "AFFILIATE", masterId: master.id, rate: 10, base, amount: Math.round(base / 10) },
    ]);

    const reported = await eventually(async () =>
      (await conversionOf(publicId))?.status === "REPORTED" ? conversionOf(publicId) : null,
    );
    expect(reported).toMatchObject({
      network: "sandbox",
      affiliateId: Number(affiliate),
      awc: "1234_1700000000_ab",
      amount: base,
      currency: "EUR",
      attempts: 1,
      lastError: null,
    });
    expect(reported!.reference).toMatch(/^SBX-[0-9A-F]{8}$/);
    // The provider tells again, and the retries run: nothing is reported twice, no second commission.
    expect((await sendWebhook(paymentId, "payment.succeeded")).response.status).toBe(200);
    await retryConversions();
    expect(await conversionOf(publicId)).toEqual(reported);
    expect(await commissionsOf(publicId)).toHaveLength(1);
  });

  it("is reported later when the network was down, and ends FAILED when it stays down", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const shopper = await shopperWhoLanded({ ads: true, analytics: true }, [affiliateLanding(affiliate)]);
    const { publicId } = await placeAndPay(shopper, (id) =>
      affiliateOperator("/sandbox-outages", { order: id, reports: "1" }),
    );
    const failedOnce = await eventually(async () =>
      (await conversionOf(publicId))?.attempts === 1 ? conversionOf(publicId) : null,
    );
    expect(failedOnce).toMatchObject({
      status: "PENDING",
      attempts: 1,
      reference: null,
      lastError: expect.stringContaining("503"),
    });
    await retryConversions();
    const reported = await conversionOf(publicId);
    expect(reported).toMatchObject({
      status: "REPORTED",
      attempts: 2,
      lastError: null,
      reference: expect.stringMatching(/^SBX-/),
    });
    await retryConversions();
    expect(await conversionOf(publicId)).toEqual(reported);

    const unlucky = await shopperWhoLanded({ ads: true, analytics: true }, [affiliateLanding(affiliate)]);
    const down = await placeAndPay(unlucky, (id) =>
      affiliateOperator("/sandbox-outages", { order: id, reports: "100" }),
    );
    await eventually(async () => (await conversionOf(down.publicId))?.attempts === 1);
    for (let run = 0; run < 10; run++) await retryConversions();
    expect(await conversionOf(down.publicId)).toMatchObject({
      status: "FAILED",
      attempts: 8,
      reference: null,
      lastError: expect.stringContaining("503"),
    });
  });

  it("with only the network's awc is reported without a commission; an order without either has no conversion", async () => {
    const shopper = await shopperWhoLanded({ ads: true, analytics: false }, [
      { path: "/regalos-con-foto?awc=777_1700000000_cd" },
    ]);
    const { publicId } = await placeAndPay(shopper);
    expect(await eventually(async () => (await conversionOf(publicId))?.status === "REPORTED")).toBe(true);
    expect(await conversionOf(publicId)).toMatchObject({ affiliateId: null, awc: "777_1700000000_cd" });
    expect(await commissionsOf(publicId)).toEqual([]);

    const direct = await shopperWhoLanded({ ads: true, analytics: true }, []);
    const plain = await placeAndPay(direct);
    await retryConversions();
    expect(await conversionOf(plain.publicId)).toBeNull();
  });
});
