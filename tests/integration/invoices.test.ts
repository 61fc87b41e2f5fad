import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { BRAND_SELLERS } from "@contract/brands/sellers";
import { formatMoney } from "@contract/rules/money";
import cs from "@locales/cs/invoices.json";
import es from "@locales/es/invoices.json";
import { invoicesOf, orderPlacedBy, payOnline } from "../setup/account-orders";
import { accountIn, masterIn, signedInAs, staffOf } from "../setup/accounts";
import { testEnv, visit } from "../setup/app";
import { location } from "../setup/orders";
import { errorMessage, pageText as text } from "./html";

const euros = (minor: number) =>
  formatMoney(minor, { currency: "EUR", decimals: true, locale: "es-ES" }).replace(/[\u00a0\u202f]/g, " ");

/** A paid order of the account (the product API issued its invoice when the payment arrived) and its invoice number. */
async function invoiceOf(account: { id: string } | null, placed: Parameters<typeof orderPlacedBy>[1] = {}) {
  const order = await orderPlacedBy(account, placed);
  await payOnline(order.publicId);
  return { ...order, number: (await invoicesOf(order.id))[0]!.number };
}

async function pdfOf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { bytes, head: new TextDecoder().decode(bytes.slice(0, 5)), document: await PDFDocument.load(bytes) };
}

describe("the printable invoice", () => {
  it("shows the number, the seller and buyer, the lines, the VAT and the total, and prints without the site around it", async () => {
    const shopper = await accountIn();
    const { number, publicId } = await invoiceOf(shopper);
    const response = await visit(`/accounts/invoices/${number}`, { cookie: await signedInAs(shopper) });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    const page = text(html);
    expect(page).toContain(es.invoices.page.title.replace("{{number}}", number));
    expect(page).toContain(BRAND_SELLERS["WPX-ES"].legalName);
    expect(page).toContain(BRAND_SELLERS["WPX-ES"].taxId);
    expect(page).toContain("Ana García");
    expect(page).toContain(publicId);
    expect(page).toContain("Pack de fotos reveladas");
    expect(html).toMatch(new RegExp(`data-testid="invoice-vat">${euros(838).replace(" ", "[\\s\\u00a0\\u202f]")}<`));
    expect(page).toContain(`${es.invoices.document.vat.replace("{{rate}}", "21")} ${euros(838)}`);
    expect(page).toContain(`${es.invoices.document.net} ${euros(3992)}`);
    expect(html).toMatch(/data-testid="invoice-total">48,30/);
    expect(html).toContain(`href="/accounts/invoices/${number}.pdf"`);
    // On paper: the account's navigation, header and footer stay off.
    expect(html).toContain('class="print:hidden"><header');
    expect(html).toMatch(/<nav aria-label="[^"]+" class="[^"]*print:hidden/);
  });

  it("is the spec's 404 for an invalid number, one that does not exist, and another account's invoice", async () => {
    const owner = await accountIn();
    const { number } = await invoiceOf(owner);
    const stranger = await signedInAs(await accountIn());
    for (const path of [`/accounts/invoices/${number}`, `/accounts/invoices/${number}.pdf`]) {
      const response = await visit(path, { cookie: stranger });
      expect(response.status, path).toBe(404);
    }
    const cookie = await signedInAs(owner);
    for (const path of [
      "/accounts/invoices/not-a-number",
      "/accounts/invoices/WPX-ES-2026-1",
      `/accounts/invoices/${"9".repeat(300)}`,
      "/en/accounts/invoices/WPX-ES-2026-000001",
    ]) {
      const response = await visit(path, { cookie });
      expect(response.status, path).toBe(404);
      expect(errorMessage(await response.text()), path).toBe("Page Not Found");
    }
    // The PDF is a file, not a page: its 404 says the same in JSON (as the sitemap files do).
    const pdf = await visit("/accounts/invoices/%3Cscript%3E.pdf", { cookie });
    expect(pdf.status).toBe(404);
    expect(await pdf.json()).toMatchObject({ message: "Page Not Found", fatal: true });
    expect((await visit(`/accounts/invoices/WPX-ES-${new Date().getUTCFullYear()}-999999`, { cookie })).status).toBe(
      404,
    );
    // A guest is sent to sign in.
    expect(location(await visit(`/accounts/invoices/${number}.pdf`))).toBe(
      `/login?redirectTo=${encodeURIComponent(`/accounts/invoices/${number}.pdf`)}`,
    );
  });
});

describe("the invoice PDF", () => {
  it("is a real A4 PDF, named after the invoice and downloaded, with the number in its metadata", async () => {
    const shopper = await accountIn();
    const { number, publicId } = await invoiceOf(shopper);
    const response = await visit(`/accounts/invoices/${number}.pdf`, { cookie: await signedInAs(shopper) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${number}.pdf"`);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const { head, document } = await pdfOf(response);
    expect(head).toBe("%PDF-");
    expect(document.getTitle()).toBe(`${es.invoices.document.title} ${number}`);
    expect(document.getKeywords()).toContain(number);
    expect(document.getSubject()).toContain(publicId);
    expect(document.getAuthor()).toBe(BRAND_SELLERS["WPX-ES"].legalName);
    const [page] = document.getPages();
    expect(Math.round(page!.getWidth())).toBe(595);
    expect(Math.round(page!.getHeight())).toBe(842);
  });

  it("writes Czech (its letters, its currency), and an order of many lines runs over several pages", async () => {
    const shopper = await accountIn("WPX-CZ");
    const order = await orderPlacedBy(shopper, {
      site: "WPX-CZ",
      contact: {
        firstName: "Jiří",
        lastName: "Dvořák 😀",
        customerType: "COMPANY",
        companyName: "Žluťoučký kůň s.r.o.",
        taxId: "CZ27483916",
      },
    });
    await testEnv.STORE_DB.prepare("UPDATE orders SET currency = 'CZK', vat_rate = 21 WHERE id = ?")
      .bind(order.id)
      .run();
    const lines = Array.from({ length: 40 }, (_, index) =>
      testEnv.STORE_DB.prepare(`INSERT INTO order_lines (order_id, article_id, name, name_plural, slug, image, options, quantity, unit_price, total)
      VALUES (?, 801, ?, 'Hrnky', 'hrnek', '/images/articles/801.svg', '[]', 1, 100, 100)`).bind(
        order.id,
        `Hrnek s fotografií č. ${index + 1}, velký dárek pro babičku a dědečka`,
      ),
    );
    await testEnv.STORE_DB.batch(lines);
    await payOnline(order.publicId);
    const { number } = (await invoicesOf(order.id))[0]!;
    expect(number).toMatch(/^WPX-CZ-/);
    const cookie = await signedInAs(shopper);
    const response = await visit(`/accounts/invoices/${number}.pdf`, { brand: "WPX-CZ", cookie });
    expect(response.status).toBe(200);
    const { document } = await pdfOf(response);
    expect(document.getTitle()).toBe(`${cs.invoices.document.title} ${number}`);
    expect(document.getPageCount()).toBeGreaterThan(1);
    const page = text(await (await visit(`/accounts/invoices/${number}`, { brand: "WPX-CZ", cookie })).text());
    expect(page).toContain("Kč");
    expect(page).toContain("Žluťoučký kůň s.r.o.");
    expect(page).toContain(cs.invoices.document.net);
  });
});

describe("who opens which invoice", () => {
  it("a customer its own from its orders page, though the invoice list is for masters", async () => {
    const shopper = await accountIn();
    const { number } = await invoiceOf(shopper);
    const cookie = await signedInAs(shopper);
    const orders = await (await visit("/accounts/orders", { cookie })).text();
    expect(orders).toContain(`href="/accounts/invoices/${number}"`);
    expect((await visit(`/accounts/invoices/${number}`, { cookie })).status).toBe(200);
    expect((await visit(`/accounts/invoices/${number}.pdf`, { cookie })).status).toBe(200);
    expect(location(await visit("/accounts/invoices", { cookie }))).toBe("/accounts/home?refused=invoicesOnOrders");
  });

  it("a master and its staff with the invoices permission the group's; staff without it and another group's master none", async () => {
    const master = await masterIn();
    const buyer = await staffOf(master, ["orders"]);
    const clerk = await staffOf(master, ["orders", "invoices"]);
    const otherMaster = await masterIn();
    const { number, publicId } = await invoiceOf(buyer);
    const mastersList = await (await visit("/accounts/invoices", { cookie: await signedInAs(master) })).text();
    expect(mastersList).toContain('data-testid="invoice-row"');
    expect(text(mastersList)).toContain(number);
    expect(mastersList).toContain(`href="/accounts/invoices/${number}"`);
    expect(mastersList).toContain(`href="/accounts/invoices/${number}.pdf"`);
    expect(mastersList).toContain(`href="/tracking/${publicId}"`);
    expect(text(mastersList)).toContain(euros(4830));
    for (const account of [master, clerk]) {
      const cookie = await signedInAs(account);
      expect((await visit(`/accounts/invoices/${number}`, { cookie })).status, account.id).toBe(200);
      expect((await visit(`/accounts/invoices/${number}.pdf`, { cookie })).status, account.id).toBe(200);
    }
    const buyerCookie = await signedInAs(buyer);
    expect(location(await visit(`/accounts/invoices/${number}`, { cookie: buyerCookie }))).toBe(
      "/accounts/home?refused=invoices",
    );
    expect(location(await visit(`/accounts/invoices/${number}.pdf`, { cookie: buyerCookie }))).toBe(
      "/accounts/home?refused=invoices",
    );
    const other = await signedInAs(otherMaster);
    expect((await visit(`/accounts/invoices/${number}`, { cookie: other })).status).toBe(404);
    expect((await visit(`/accounts/invoices/${number}.pdf`, { cookie: other })).status).toBe(404);
    const othersList = await (await visit("/accounts/invoices", { cookie: other })).text();
    expect(othersList).toContain('data-testid="invoices-empty"');
    expect(text(othersList)).not.toContain(number);
  });
});
