import { expect } from "vitest";
import type { BrandSlug } from "@contract/brands/brands";
import { addDays } from "@contract/marketing/report-range";
import { testEnv, visit } from "../setup/app";
import { csvRows } from "../setup/marketing-dashboard";

// The marketing dashboard: who may open it, how it refuses filters it cannot read, and its figures against the orders
// the product API holds and the analytics rollups, on the page and in every CSV.

export const today = new Date().toISOString().slice(0, 10);
export const lastWeek = { from: addDays(today, -6), to: today };
export const query = (filters: Record<string, string>) => `?${new URLSearchParams(filters)}`;
export const unique = () => crypto.randomUUID().slice(0, 8);

/** What the product API's orders say, computed here apart from the report: paid, not canceled, placed in the range. */
export async function ordersOf(sites: readonly string[], { from, to }: { from: string; to: string }) {
  const marks = sites.map(() => "?").join(", ");
  const { results } =
    await testEnv.STORE_DB.prepare(`SELECT o.currency, COALESCE(a.channel, 'not_recorded') AS channel, o.total FROM orders o
      LEFT JOIN order_attribution a ON a.order_id = o.id
      WHERE o.site IN (${marks}) AND o.payment_status = 'PAID' AND o.status_code != 10 AND date(o.created_at) BETWEEN ? AND ?`)
      .bind(...sites, from, to)
      .all<{ currency: string; channel: string; total: number }>();
  return results;
}
export const sum = (rows: { total: number }[]) => rows.reduce((total, row) => total + row.total, 0);

export async function visitsOf(brand: string | null, { from, to }: { from: string; to: string }, channel?: string) {
  const row =
    await testEnv.ANALYTICS_DB.prepare(`SELECT COALESCE(SUM(visits), 0) AS visits FROM traffic_daily WHERE day BETWEEN ? AND ?
      AND (?3 IS NULL OR brand = ?3) AND (?4 IS NULL OR channel = ?4)`)
      .bind(from, to, brand, channel ?? null)
      .first<{ visits: number }>();
  return row!.visits;
}

/** A CSV table as objects by its header's labels. */
export async function csvTable(path: string, cookie: string, brand: BrandSlug = "WPX-ES") {
  const response = await visit(path, { cookie, brand });
  expect(response.status, path).toBe(200);
  const [header, ...rows] = csvRows(await response.text());
  return {
    response,
    header: header!,
    rows: rows.map((row) => Object.fromEntries(header!.map((label, index) => [label, row[index]!]))),
  };
}
