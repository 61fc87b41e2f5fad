import { describe, expect, it } from "vitest";
import { accountSchema } from "@contract/api/accounts";
import { signedInAs } from "@test-setup/accounts";
import { testEnv, visit } from "@test-setup/app";
import { callApi, productApi } from "@test-setup/product-api";
import { DEMO_PASSWORD } from "./demo-accounts";
import { DEMO_SALES } from "./demo-marketing";
import { demoEmail } from "./demo-texts";

// The demo accounts `npm start` makes for local use: made through the shop's own code, once.

const count = async (query: string, ...values: unknown[]) =>
  (await testEnv.STORE_DB.prepare(query)
    .bind(...values)
    .first<{ n: number }>())!.n;

describe("the demo accounts", () => {
  it("gives every brand a customer, a master with two staff members, orders, invoices, commissions, tickets and designs, once", {
    timeout: 60_000,
  }, async () => {
    const first = await callApi("/operator/demo-accounts", {});
    expect(first.body.seeded).toEqual(["WPX-PL", "WPX-ES", "WPX-IT", "WPX-DK", "WPX-FR", "TZ-ES", "WPX-PT", "WPX-CZ"]);
    expect(first.body.marketers).toHaveLength(8);
    expect((await callApi("/operator/demo-accounts", {})).body).toMatchObject({ seeded: [], marketers: [] });

    const brand = { slug: "WPX-CZ" } as const;
    const signIn = (role: Parameters<typeof demoEmail>[0]) =>
      callApi("/accounts/credentials", { site: "WPX-CZ", email: demoEmail(role, brand), password: DEMO_PASSWORD });
    expect((await signIn("customer")).body).toMatchObject({ kind: "customer", firstName: "Tereza" });
    const master = (await signIn("master")).body;
    expect(master).toMatchObject({ kind: "master", masterId: null, customerType: "COMPANY" });
    expect((await signIn("staffOrders")).body).toMatchObject({
      masterId: master.id,
      permissions: ["orders", "invoices"],
    });
    expect((await signIn("staffTickets")).body).toMatchObject({ masterId: master.id, permissions: ["tickets"] });
    expect((await signIn("marketing")).body).toMatchObject({ kind: "customer", roles: ["marketing"] });
    expect((await signIn("customer")).body).toMatchObject({ roles: [] });

    const customer = (await signIn("customer")).body;
    const orders = await callApi(`/orders?site=WPX-CZ&account_id=${customer.id}&date_filter=without&page=1`);
    expect(orders.body.total).toBe(4);
    // Paid orders were invoiced by the payment path, numbered per year without gaps: the accounts' and the dashboard's.
    const invoices = await testEnv.STORE_DB.prepare(
      "SELECT number FROM invoices WHERE site = 'WPX-CZ' ORDER BY year, sequence",
    ).all<{ number: string }>();
    expect(invoices.results.length).toBe(8 + DEMO_SALES.length);
    expect(invoices.results[0]!.number).toMatch(/^WPX-CZ-\d{4}-000001$/);
    expect(
      await count("SELECT COUNT(*) AS n FROM commissions WHERE master_id = ? AND source = 'GROUP'", master.id),
    ).toBe(2);
    // Its affiliate's two orders, and the dashboard's affiliates' sales.
    expect(
      await count("SELECT COUNT(*) AS n FROM commissions WHERE master_id = ? AND source = 'AFFILIATE'", master.id),
    ).toBe(2 + DEMO_SALES.filter((sale) => sale.affiliate !== undefined).length);
    // The master's affiliate (10 %) brought two paid orders: their attribution made the commissions and the conversions
    // to report.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM affiliates WHERE id = 4108 AND site = 'WPX-CZ' AND master_id = ? AND commission_rate = 10 AND status = 'ACTIVE'",
        master.id,
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM commissions c JOIN order_attribution a ON a.order_id = c.order_id WHERE c.master_id = ? AND c.source = 'AFFILIATE' AND c.rate = 10 AND a.affiliate_id = 4108",
        master.id,
      ),
    ).toBe(2);
    expect(
      await count("SELECT COUNT(*) AS n FROM affiliate_conversions WHERE site = 'WPX-CZ' AND affiliate_id = 4108"),
    ).toBe(2);
    expect(await count("SELECT COUNT(*) AS n FROM tickets WHERE site = 'WPX-CZ'")).toBe(3);
    expect(await count("SELECT COUNT(*) AS n FROM designs WHERE site = 'WPX-CZ' AND account_id IS NOT NULL")).toBe(4);
    // The company's tax id follows the country's rule, so its profile saves as it is.
    expect(
      (
        await callApi(`/accounts/${master.id}/profile`, {
          site: "WPX-CZ",
          first_name: "Jan",
          last_name: "Svoboda",
          customer_type: "COMPANY",
          company_name: "Fotoateliér Vltava s.r.o.",
          tax_id: String(master.taxId),
        })
      ).status,
    ).toBe(200);
  });

  it("numbers every brand's invoices in the order of their dates, each issued when its order was paid", {
    timeout: 60_000,
  }, async () => {
    await callApi("/operator/demo-accounts", {});
    const issued =
      await testEnv.STORE_DB.prepare(`SELECT i.site, i.year, i.sequence, i.issued_at AS issuedAt, o.paid_at AS paidAt FROM invoices i
      JOIN orders o ON o.id = i.order_id ORDER BY i.site, i.year, i.sequence`).all<{
        site: string;
        year: number;
        sequence: number;
        issuedAt: string;
        paidAt: string;
      }>();
    const series = Map.groupBy(issued.results, (invoice) => `${invoice.site} ${invoice.year}`);
    expect(series.size).toBeGreaterThanOrEqual(8);
    for (const [name, invoices] of series) {
      expect(
        invoices.map((invoice) => invoice.sequence),
        name,
      ).toEqual(invoices.map((_, index) => index + 1));
      const dates = invoices.map((invoice) => invoice.issuedAt);
      expect(dates, name).toEqual(dates.toSorted());
      for (const invoice of invoices) expect(invoice.issuedAt, `${name} ${invoice.sequence}`).toBe(invoice.paidAt);
    }
    // A company's list, newest first, counts down.
    const brand = { slug: "WPX-ES" } as const;
    const master = (
      await callApi("/accounts/credentials", {
        site: "WPX-ES",
        email: demoEmail("master", brand),
        password: DEMO_PASSWORD,
      })
    ).body;
    const listed = await productApi("/invoices", { query: { site: "WPX-ES", account_id: String(master.id) } });
    const numbers = (listed.body.items as { number: string }[]).map((invoice) => invoice.number);
    expect(numbers.length).toBeGreaterThanOrEqual(3);
    expect(numbers).toEqual(numbers.toSorted().reverse());
  });

  it("gives the demo accounts designs made in the creator: each listed one shows its product and opens there", {
    timeout: 60_000,
  }, async () => {
    await callApi("/operator/demo-accounts", {});
    const brand = { slug: "WPX-ES" } as const;
    for (const role of ["customer", "master"] as const) {
      const account = accountSchema.parse(
        (
          await callApi("/accounts/credentials", {
            site: "WPX-ES",
            email: demoEmail(role, brand),
            password: DEMO_PASSWORD,
          })
        ).body,
      );
      const cookie = await signedInAs(account);
      const page = await (await visit("/accounts/designs", { cookie })).text();
      const tiles = page.match(/data-testid="saved-design"/g) ?? [];
      const opens = [...page.matchAll(/<a [^>]*data-testid="open-in-creator"[^>]*>/g)].map(
        ([link]) => /href="(\/create\/(\d+)\?design=(cd_[A-Za-z0-9]{20}))"/.exec(link) ?? [],
      );
      expect(tiles.length, role).toBeGreaterThan(0);
      // Every design the account's page lists is the account's own and opens in the creator.
      expect(opens.length, role).toBe(tiles.length);
      for (const [, path, articleId, id] of opens) {
        const design = await testEnv.STORE_DB.prepare(
          "SELECT d.image, d.article_id AS articleId, t.name AS product FROM designs d JOIN article_texts t ON t.article_id = d.article_id AND t.locale = 'es' WHERE d.id = ?",
        )
          .bind(id)
          .first<{ image: string; articleId: number; product: string }>();
        // Its picture is the artwork its document shows (no photo placeholder), and it names the product it is for.
        expect(page).toContain(`src="${design!.image}"`);
        expect(design!.image).toMatch(/^\/images\/designs\/demo-[a-z]+\.svg$/);
        // locales/es/saved-designs.json's savedDesigns.product (a worker's test reads no storefront file).
        expect(page).toContain(`Producto: ${design!.product}`);
        expect(Number(articleId)).toBe(design!.articleId);
        const opened = await visit(path!, { cookie });
        expect(opened.status, path).toBe(200);
        const html = await opened.text();
        expect(html, path).not.toContain('data-testid="creator-notice"');
        // It opened as the saved design (its artwork in the document), not as an empty start.
        expect(html, path).toContain(id!);
        expect(html, path).toContain(design!.image);
      }
    }
    // The customer's are a mug and a family calendar, as their names say.
    const kinds = await testEnv.STORE_DB.prepare(
      "SELECT a.kind FROM designs d JOIN articles a ON a.id = d.article_id WHERE d.site = 'WPX-ES' AND d.account_id IS NOT NULL AND d.kind = 'CREATOR' ORDER BY a.kind",
    ).all<{ kind: string }>();
    expect(kinds.results.map((row) => row.kind)).toEqual(["calendar", "mug", "mug", "poster"]);
  });
});
