import { describe, expect, it } from "vitest";
import { BRAND_SLUGS } from "@contract/brands/brands";
import { addDays } from "@contract/marketing/report-range";
import en from "@locales/en/marketing.json";
import es from "@locales/es/marketing.json";
import pl from "@locales/pl/marketing.json";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { customerOf } from "~/lib/auth/session-customer.server";
import type { Customer } from "~/lib/session/data";
import { sessionCookie, testEnv, visit } from "../setup/app";
import { marketerIn } from "../setup/marketing-dashboard";
import { readableHtml } from "./html";
import { query, today } from "./marketing-dashboard-reads";

// The marketing dashboard: who may open it, how it refuses filters it cannot read, and its figures against the orders
// the product API holds and the analytics rollups, on the page and in every CSV.

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
