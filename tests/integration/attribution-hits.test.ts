import { describe, expect, it } from "vitest";
import { decodeUtm } from "@contract/marketing/campaign";
import { testEnv, visit } from "../setup/app";
import { affiliateIn, BROWSER, consentCookie, cookiesSet, eventually, hitsOf } from "../setup/marketing";

// The spec's affiliate hit, sent from the edge for a landing with a numeric afcust, once per visit, cached page or not.

const ALL = consentCookie({ ads: true, analytics: true });
const page = () => `/regalos-con-foto?case=${crypto.randomUUID()}`;
const from = (address: string, cookie?: string) => ({ cookie, headers: { ...BROWSER, "cf-connecting-ip": address } });

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Waits for the hits of a later landing from the same device: the earlier landing's own work is done by then. */
async function settled(address: string) {
  const sentinel = await affiliateIn("WPX-ES");
  await visit(`${page()}&afcust=${sentinel}`, from(address));
  expect(await eventually(async () => (await hitsOf(sentinel)).length)).toBe(1);
}

describe("the affiliate hit", () => {
  it("is sent once per visit, with the truncated address, the device's footprint, the landing page and the campaign", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const landing = `${page()}&afcust=${affiliate}&utm_campaign=verano&utm_source=blog`;
    const first = await visit(landing, from("203.0.113.77"));
    expect(first.status).toBe(200);
    const [hit] = (await eventually(() => hitsOf(affiliate).then((rows) => (rows.length ? rows : null))))!;
    expect(hit).toEqual({
      site: "WPX-ES",
      affiliate_id: Number(affiliate),
      domain: "wpx-es.localhost",
      url: "http://wpx-es.localhost/regalos-con-foto",
      ip: "203.0.113.0",
      campaign: "verano",
      device_footprint: await sha256Hex(`203.0.113.0|${BROWSER["user-agent"]}|${BROWSER["accept-language"]}`),
    });
    // The same device again (another page of the visit, another address in the same /24): no second hit.
    await visit(`/offers?afcust=${affiliate}`, from("203.0.113.80"));
    await settled("203.0.113.77");
    expect(await hitsOf(affiliate)).toHaveLength(1);
    // Another device is another visit.
    await visit(landing, from("198.51.100.20"));
    expect(await eventually(async () => (await hitsOf(affiliate)).length === 2)).toBe(true);
  });

  it("needs no consent: it stores nothing on the device, and the cookie waits for the answer", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const response = await visit(`${page()}&afcust=${affiliate}`, from("192.0.2.14"));
    expect(cookiesSet(response).has("afcust")).toBe(false);
    expect(await eventually(async () => (await hitsOf(affiliate)).length)).toBe(1);
  });

  it.each(["12a", "1e3", "1234567890123", "", "-5", "0x1F", "１２"])(
    "is not sent, and no cookie is set, for afcust=%j",
    async (value) => {
      // This device's own footprint (its user agent is the test's), so its visit keys are its own.
      const device = {
        ...BROWSER,
        "user-agent": `${BROWSER["user-agent"]} case/${crypto.randomUUID()}`,
        "cf-connecting-ip": "192.0.2.99",
      };
      const footprint = await sha256Hex(`192.0.2.0|${device["user-agent"]}|${device["accept-language"]}`);
      const response = await visit(`${page()}&afcust=${encodeURIComponent(value)}`, { cookie: ALL, headers: device });
      expect(response.status).toBe(200);
      expect(cookiesSet(response).has("afcust")).toBe(false);
      // A landing with a real id from the same device: once its hit is stored, the first landing's work is done too.
      const sentinel = await affiliateIn("WPX-ES");
      await visit(`${page()}&afcust=${sentinel}`, { headers: device });
      expect(await eventually(async () => (await hitsOf(sentinel)).length)).toBe(1);
      const keys = await testEnv.SESSIONS.list({ prefix: "affiliate-hit:WPX-ES:" });
      expect(keys.keys.filter((key) => key.name.endsWith(footprint)).map((key) => key.name)).toEqual([
        `affiliate-hit:WPX-ES:${sentinel}:${footprint}`,
      ]);
    },
  );
});

describe("a campaign link to a cached page", () => {
  it("is served from the cache to the next visitor, and each visitor still gets its own hit and cookies, never another's", async () => {
    const path = page();
    const [ana, ben] = [await affiliateIn("WPX-ES"), await affiliateIn("WPX-ES")];
    const first = await visit(
      `${path}&afcust=${ana}&utm_campaign=ana-campaign&gclid=ana-click`,
      from("203.0.113.10", ALL),
    );
    // The cache stores the copy as the first answer's body is read.
    const firstHtml = await first.text();
    const second = await visit(
      `${path}&afcust=${ben}&utm_campaign=ben-campaign&gclid=ben-click`,
      from("203.0.113.20", ALL),
    );
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    for (const [response, affiliate, campaign] of [
      [first, ana, "ana-campaign"],
      [second, ben, "ben-campaign"],
    ] as const) {
      const set = cookiesSet(response);
      expect(set.get("afcust")!.value).toBe(affiliate);
      expect(decodeUtm(set.get("utm")!.value).utm_campaign).toBe(campaign);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await eventually(async () => (await hitsOf(affiliate)).length)).toBe(1);
    }
    // One copy for both, and it holds neither visitor's values: the page without marketing parameters is the same page.
    const plain = await visit(path, { cookie: ALL });
    expect(plain.headers.get("x-page-cache")).toBe("HIT");
    expect(cookiesSet(plain).size).toBe(0);
    const pages = [firstHtml, await second.text(), await plain.text()];
    for (const html of pages)
      for (const value of [ana, ben, "ana-campaign", "ben-campaign", "ana-click", "ben-click", "utm_", "afcust"])
        expect(html).not.toContain(value);
  });
});
