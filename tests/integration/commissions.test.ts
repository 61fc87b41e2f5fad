import { describe, expect, it } from "vitest";
import en from "@locales/en/commissions.json";
import es from "@locales/es/commissions.json";
import { masterIn, signedInAs } from "../setup/accounts";
import { visit } from "../setup/app";
import { recordedCommissions } from "../setup/commissions";
import { readableHtml } from "./html";

// The master's commissions page and its CSV download.

const text = readableHtml;
const rows = (html: string) => (html.match(/data-testid="commission-row"/g) ?? []).length;
const euros = (minor: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", minimumFractionDigits: minor % 100 ? 2 : 0 })
    .format(minor / 100)
    .replace(/\u00a0/g, " ");

async function masterWithCommissions() {
  const master = await masterIn();
  const orders = await recordedCommissions(master, [
    { month: "2026-09", base: 1000 },
    { month: "2026-10", base: 2050, status: "APPROVED" },
    { month: "2026-10", base: 4000, source: "AFFILIATE", rate: 7.5 },
    { month: "2026-11", base: 8000, status: "PAID" },
  ]);
  return { master, orders, cookie: await signedInAs(master) };
}

describe("the commissions page", () => {
  it("lists the master's commissions with totals per month and overall, in the brand's money", async () => {
    const { orders, cookie } = await masterWithCommissions();
    const page = await visit("/accounts/commissions", { cookie });
    expect(page.status).toBe(200);
    const html = text(await page.text());
    expect(rows(html)).toBe(4);
    for (const order of orders) expect(html).toContain(order);
    expect(html).toContain(es.commissions.sources.AFFILIATE);
    expect(html).toContain(es.commissions.statuses.APPROVED);
    expect(html).toContain("7,5 %");
    expect(html).toContain(euros(103));
    expect(html).toMatch(/octubre de 2026/);
    const overall = /data-testid="commission-overall">([\s\S]*?)<\/tr>/.exec(html)![1]!;
    expect(overall).toContain(euros(15050));
    expect(overall).toContain(euros(50 + 103 + 300 + 400));
    expect(html).toContain('href="/accounts/commissions.csv"');
  });

  it("filters by month and status, and says when nothing matches", async () => {
    const { cookie } = await masterWithCommissions();
    const october = text(await (await visit("/accounts/commissions?month=2026-10", { cookie })).text());
    expect(rows(october)).toBe(2);
    expect(october).toContain('href="/accounts/commissions.csv?month=2026-10"');
    const paid = text(await (await visit("/accounts/commissions?status=PAID", { cookie })).text());
    expect(rows(paid)).toBe(1);
    const none = text(await (await visit("/accounts/commissions?month=2026-10&status=PAID", { cookie })).text());
    expect(rows(none)).toBe(0);
    expect(none).toContain(es.commissions.emptyFiltered);
    // Values it does not understand are ignored, as in the catalogue.
    expect(
      rows(text(await (await visit("/accounts/commissions?month=2026-13&status=STOLEN&page=-1", { cookie })).text())),
    ).toBe(4);
  });

  it("shows an empty state to a master without commissions", async () => {
    const html = text(
      await (await visit("/accounts/commissions", { cookie: await signedInAs(await masterIn()) })).text(),
    );
    expect(html).toContain(es.commissions.empty);
    expect(html).not.toContain("commissions.csv");
  });
});

describe("the CSV download", () => {
  it("is every filtered row as RFC 4180 CSV in UTF-8 with a BOM, headed in the page's language, amounts as decimals", async () => {
    const { orders, cookie } = await masterWithCommissions();
    const response = await visit("/accounts/commissions.csv?month=2026-10", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="commissions-2026-10.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    const c = es.commissions.csv;
    expect(csv.split("\r\n")).toEqual([
      [
        c.order,
        c.date,
        c.source,
        c.rate,
        c.base.replace("{{currency}}", "EUR"),
        c.amount.replace("{{currency}}", "EUR"),
        c.status,
      ].join(","),
      `${orders[2]},2026-10-12,${es.commissions.sources.AFFILIATE},7.5,40.00,3.00,${es.commissions.statuses.PENDING}`,
      `${orders[1]},2026-10-11,${es.commissions.sources.GROUP},5,20.50,1.03,${es.commissions.statuses.APPROVED}`,
      "",
    ]);
  });

  it("speaks the page's language and holds only the master's own rows", async () => {
    const { cookie } = await masterWithCommissions();
    const english = await (await visit("/en/accounts/commissions.csv?status=PAID", { cookie })).text();
    expect(english.split("\r\n")[0]).toBe(
      `${en.commissions.csv.order},${en.commissions.csv.date},${en.commissions.csv.source},Rate (%),Order without VAT (EUR),Commission (EUR),Status`,
    );
    expect(english.split("\r\n")).toHaveLength(3);
    const other = await (
      await visit("/accounts/commissions.csv", { cookie: await signedInAs(await masterIn()) })
    ).text();
    expect(other.split("\r\n").filter(Boolean)).toHaveLength(1);
  });

  it("sends a guest to sign in first", async () => {
    const response = await visit("/accounts/commissions.csv");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?redirectTo=%2Faccounts%2Fcommissions.csv");
  });
});
