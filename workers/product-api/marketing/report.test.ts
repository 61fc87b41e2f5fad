import { describe, expect, it } from "vitest";
import { accountIn } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { productApi } from "@test-setup/product-api";

// GET /marketing/report: only for an account holding the marketing role, as stored now; its filters checked.

async function marketer(site = "WPX-PL") {
  const account = await accountIn(site as "WPX-PL");
  await testEnv.STORE_DB.prepare(`UPDATE accounts SET roles = '["marketing"]' WHERE id = ?`).bind(account.id).run();
  return account;
}
const report = (account: { id: string; site: string }, filters: Record<string, string> = {}) =>
  productApi("/marketing/report", {
    query: {
      site: account.site,
      account_id: account.id,
      brand: "all",
      from: "2026-01-01",
      to: "2026-01-31",
      ...filters,
    },
  });

describe("the marketing report", () => {
  it("answers a marketer of any brand for every brand, with each brand's currency", async () => {
    const answer = await report(await marketer("WPX-PL"), { brand: "WPX-CZ" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ currencies: ["CZK"], days: [], channels: [] });
    expect((await report(await marketer("WPX-ES"))).body.currencies).toEqual(["CZK", "DKK", "EUR", "PLN"]);
  });

  it("refuses an account without the role, one whose role was withdrawn, and a suspended marketer", async () => {
    expect((await report(await accountIn())).status).toBe(403);
    const withdrawn = await marketer();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET roles = '[]' WHERE id = ?").bind(withdrawn.id).run();
    expect((await report(withdrawn)).status).toBe(403);
    const suspended = await marketer();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(suspended.id).run();
    expect((await report(suspended)).status).toBe(403);
    // A role the contract does not know grants nothing.
    const unknown = await accountIn();
    await testEnv.STORE_DB.prepare(`UPDATE accounts SET roles = '["admin"]' WHERE id = ?`).bind(unknown.id).run();
    expect((await report(unknown)).status).toBe(403);
  });

  it.each([
    [{ brand: "WPX-XX" }, "brand", "marketing.errors.brand"],
    [{ from: "2026-02-30" }, "from", "marketing.errors.date"],
    [{ to: "yesterday" }, "to", "marketing.errors.date"],
    [{ from: "2026-02-01", to: "2026-01-01" }, "to", "marketing.errors.order"],
    [{ from: "2024-01-01", to: "2026-01-01" }, "from", "marketing.errors.tooLong"],
  ])("refuses %o with a field error", async (filters, field, message) => {
    const answer = await report(await marketer(), filters);
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({ [field]: message });
  });
});
