import { describe, expect, it } from "vitest";
import en from "@locales/en/marketing.json";
import pl from "@locales/pl/marketing.json";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { sha256Hex } from "@contract/rules/sha256";
import { accountIn, signedInAs } from "../setup/accounts";
import { visit } from "../setup/app";
import { csvRows, marketerIn } from "../setup/marketing-dashboard";
import { readableHtml } from "./html";
import { answer, ALL, ANALYTICS_ONLY, consentSet, recordsOf, decide } from "./consent-decisions";

// Consent a shop can prove (docs/decisions/0035): every decision recorded under the visitor's consent id, Global
// Privacy Control honoured, the records read by the marketing role only, kept for their own retention.

describe("the consent records page and its CSV", () => {
  /** A consent id with two decisions stored (all, then analytics only), in WPX-PL. */
  async function recordedId() {
    const first = await decide(answer(ALL), { brand: "WPX-PL", ip: "203.0.113.44" });
    const { pair, consent } = consentSet(first)!;
    await decide(answer(ANALYTICS_ONLY), { brand: "WPX-PL", cookie: pair, ip: "203.0.113.45" });
    await recordsOf(consent!.id!, 2);
    return consent!.id!;
  }

  it("shows a marketer the decision history of a consent id, in the page's language, and downloads it", async () => {
    const id = await recordedId();
    const { cookie } = await marketerIn("WPX-PL");
    const response = await visit(`/marketing/consent-records?id=${id.toUpperCase()}`, { brand: "WPX-PL", cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect([...html.matchAll(/data-testid="consent-history-row"/g)]).toHaveLength(2);
    const text = readableHtml(html);
    const records = pl.marketing.consentRecords;
    for (const word of [
      records.title,
      records.decisions.first,
      records.decisions.change,
      records.states.granted,
      records.states.denied,
      records.columns.adStorage,
    ])
      expect(text).toContain(word);

    const csv = await visit(`/marketing/consent-records.csv?id=${id}`, { brand: "WPX-PL", cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="consent-records-${id}.csv"`);
    const rows = csvRows(await csv.text());
    expect(rows[0]).toEqual(Object.values(records.columns));
    expect(rows.slice(1).map((row) => row.slice(1, 8))).toEqual([
      [records.decisions.first, "WPX-PL", CONSENT_VERSION, "granted", "granted", "granted", "granted"],
      [records.decisions.change, "WPX-PL", CONSENT_VERSION, "denied", "denied", "denied", "granted"],
    ]);
    expect(rows[1]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows[1]![9]).toBe(await sha256Hex(`${id}|203.0.113.0`));
  });

  it("is the spec's 404 to anyone without the marketing role, and sends a guest to sign in", async () => {
    const id = crypto.randomUUID();
    const customer = await signedInAs(await accountIn("WPX-ES"));
    for (const path of [`/marketing/consent-records?id=${id}`, `/marketing/consent-records.csv?id=${id}`]) {
      expect((await visit(path, { cookie: customer })).status, path).toBe(404);
      const guest = await visit(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
    }
  });

  it.each([
    ["an id of 10,000 characters", "x".repeat(10_000), "invalid"],
    ["an id that is no UUID", "' OR 1=1 --", "invalid"],
    ["an id of the right length but not hex", "z".repeat(36), "invalid"],
    ["an empty id", "", "required"],
  ])(
    "answers %s with 400 and a translated message, on the page and in the CSV, never a 5xx",
    async (_name, value, problem) => {
      const { cookie } = await marketerIn();
      const query = `?id=${encodeURIComponent(value)}`;
      const page = await visit(`/en/marketing/consent-records${query}`, { cookie });
      expect(page.status).toBe(400);
      const html = await page.text();
      expect(readableHtml(html)).toContain(en.marketing.consentRecords.errors[problem as "invalid" | "required"]);
      // The field shows back at most 64 characters of what was given.
      expect(html).not.toMatch(/name="id" value="[^"]{65,}"/);
      const csv = await visit(`/en/marketing/consent-records.csv${query}`, { cookie });
      expect(csv.status).toBe(400);
      expect(csv.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await csv.text()).toBe(
        `${en.marketing.consentRecords.id}: ${en.marketing.consentRecords.errors[problem as "invalid" | "required"]}\n`,
      );
    },
  );

  it("answers a CSV for nothing with a 4xx that says so; the page for an unknown id says there is no record", async () => {
    const { cookie } = await marketerIn();
    const nothing = await visit("/en/marketing/consent-records.csv", { cookie });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain(en.marketing.consentRecords.errors.required);
    const unknown = crypto.randomUUID();
    const none = await visit(`/en/marketing/consent-records.csv?id=${unknown}`, { cookie });
    expect(none.status).toBe(404);
    expect(await none.text()).toBe(`${en.marketing.consentRecords.none}\n`);
    const page = await visit(`/en/marketing/consent-records?id=${unknown}`, { cookie });
    expect(page.status).toBe(200);
    expect(readableHtml(await page.text())).toContain(en.marketing.consentRecords.none);
    const form = await visit("/en/marketing/consent-records", { cookie });
    expect(form.status).toBe(200);
    expect(readableHtml(await form.text())).not.toContain(en.marketing.consentRecords.errors.required);
    const posted = await visit(`/en/marketing/consent-records.csv?id=${unknown}`, {
      cookie,
      method: "POST",
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET");
  });
});
