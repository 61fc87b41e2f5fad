import { describe, expect, it } from "vitest";
import { testEnv } from "@test-setup/app";
import { callApi, productApi } from "@test-setup/product-api";
import { DEMO_PASSWORD, DEMO_REFERRED_DAYS } from "./demo-accounts";
import { DEMO_SALES, demoAffiliateIds } from "./demo-marketing";
import { demoEmail } from "./demo-texts";

// The marketing dashboard's demo orders: paid through the shop's code, attributed, an affiliate's with its commission
// and reported conversion; made once.

describe("the demo marketing data", () => {
  it("gives every brand attributed paid orders and two affiliates, once, which the demo marketer's report reads", {
    timeout: 120_000,
  }, async () => {
    // The demo accounts place the dashboard's orders among their own (oldest first); this endpoint adds none then.
    await callApi("/operator/demo-accounts", {});
    expect((await callApi("/operator/demo-marketing", {})).body.seeded).toEqual([]);

    const brand = { slug: "WPX-DK" } as const;
    const marketer = (
      await callApi("/accounts/credentials", {
        site: "WPX-DK",
        email: demoEmail("marketing", brand),
        password: DEMO_PASSWORD,
      })
    ).body;
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    const report = await productApi("/marketing/report", {
      query: { site: "WPX-DK", account_id: String(marketer.id), brand: "WPX-DK", from, to },
    });
    expect(report.status).toBe(200);
    const channels = report.body.channels as { channel: string; orders: number; currency: string }[];
    const attributed = channels
      .filter((row) => row.channel !== "not_recorded")
      .reduce((sum, row) => sum + row.orders, 0);
    // The dashboard's demo sales and the two orders the demo accounts' affiliate link brought.
    expect(attributed).toBe(DEMO_SALES.length + DEMO_REFERRED_DAYS.length);
    expect(channels.every((row) => row.currency === "DKK")).toBe(true);
    const affiliates = report.body.affiliates as {
      affiliateId: string;
      orders: number;
      commission: number;
      awcConversions: number;
    }[];
    const [first] = demoAffiliateIds(brand);
    const ofFirst = affiliates.find((row) => row.affiliateId === String(first))!;
    expect(ofFirst.orders).toBe(DEMO_SALES.filter((sale) => sale.affiliate === 0).length);
    expect(ofFirst.awcConversions).toBe(ofFirst.orders);
    expect(ofFirst.commission).toBeGreaterThan(0);
    const invoiced = await testEnv.STORE_DB.prepare(
      "SELECT COUNT(*) AS n FROM orders o JOIN order_attribution a ON a.order_id = o.id JOIN invoices i ON i.order_id = o.id WHERE o.site = 'WPX-DK'",
    ).first<{ n: number }>();
    expect(invoiced!.n).toBe(DEMO_SALES.length + DEMO_REFERRED_DAYS.length);
  });
});
