import { describe, expect, it } from "vitest";
import { affiliateIn, hitsOf } from "@test-setup/marketing";
import { productApi } from "@test-setup/product-api";

// POST /affiliates/hits as the api-proxy sends it: the storefront's brand in x-brand, the spec's payload as a form.

const FOOTPRINT = "0a1b2c3d4e5f".repeat(6).slice(0, 64);
const hitOf = (affiliateId: string, fields: Record<string, string> = {}) => ({
  ext_session_id: "edge",
  customer_id: affiliateId,
  device_footprint: FOOTPRINT,
  domain: "wpx-es.localhost",
  url: "http://wpx-es.localhost/offers",
  ip: "203.0.113.77",
  campaign: "verano-2026",
  ...fields,
});
const sendHit = (form: Record<string, string>, brand = "WPX-ES") =>
  productApi("/affiliates/hits", { form, headers: brand ? { "x-brand": brand } : {} });

describe("POST /affiliates/hits", () => {
  it("stores the hit of an active affiliate of the brand, its address truncated, and answers success", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    const answer = await sendHit(hitOf(affiliate, { ip: "203.0.113.77" }));
    expect(answer).toEqual({ status: 201, body: { success: true } });
    const ipv6 = await sendHit(hitOf(affiliate, { ip: "2001:db8:85a3:8d3:1319:8a2e:370:7348", campaign: "" }));
    expect(ipv6.body).toEqual({ success: true });
    expect(await hitsOf(affiliate)).toEqual([
      {
        site: "WPX-ES",
        affiliate_id: Number(affiliate),
        device_footprint: FOOTPRINT,
        domain: "wpx-es.localhost",
        url: "http://wpx-es.localhost/offers",
        ip: "203.0.113.0",
        campaign: "verano-2026",
      },
      expect.objectContaining({ ip: "2001:db8:85a3::", campaign: null }),
    ]);
  });

  it("answers no success, and stores nothing, for an unknown id, a paused affiliate or another brand's", async () => {
    const paused = await affiliateIn("WPX-ES", { status: "PAUSED" });
    const polish = await affiliateIn("WPX-PL");
    for (const [form, brand] of [
      [hitOf("999999999999"), "WPX-ES"],
      [hitOf(paused), "WPX-ES"],
      [hitOf(polish), "WPX-ES"],
    ] as const) {
      expect(await sendHit(form, brand)).toEqual({ status: 200, body: { success: false } });
    }
    expect(await hitsOf(paused)).toEqual([]);
    expect(await hitsOf(polish)).toEqual([]);
    expect((await sendHit(hitOf(polish), "WPX-PL")).body).toEqual({ success: true });
  });

  it("cleans a campaign before keeping it: no markup is stored", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    expect((await sendHit(hitOf(affiliate, { campaign: `<script>alert("x")</script>` }))).body).toEqual({
      success: true,
    });
    const [stored] = await hitsOf(affiliate);
    expect(stored!.campaign).toBe("scriptalert(x)/script");
  });

  it.each([
    ["a customer_id with a letter", { customer_id: "12a" }],
    ["a customer_id in exponent notation", { customer_id: "1e3" }],
    ["a customer_id of 13 digits", { customer_id: "1234567890123" }],
    ["an empty customer_id", { customer_id: "" }],
    ["a footprint that is no SHA-256", { device_footprint: "xyz" }],
    ["an address that is no address", { ip: "<script>" }],
    ["a host with markup", { domain: "<b>wpx</b>" }],
    ["a url that is no web address", { url: "javascript:alert(1)" }],
    ["an oversized campaign", { campaign: "x".repeat(151) }],
  ])("refuses %s with 400 in the API's error shape, storing nothing", async (_case, fields) => {
    const affiliate = await affiliateIn("WPX-ES");
    const answer = await sendHit(hitOf(affiliate, fields));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 4000, message: expect.any(String) });
    expect(await hitsOf(affiliate)).toEqual([]);
  });

  it("refuses a hit that names no brand or one that does not exist, and JSON where a form is expected", async () => {
    const affiliate = await affiliateIn("WPX-ES");
    expect((await sendHit(hitOf(affiliate), "")).status).toBe(400);
    expect((await sendHit(hitOf(affiliate), "EVIL-XX")).body.error).toMatchObject({ code: 4000 });
    const json = await productApi("/affiliates/hits", {
      method: "POST",
      body: JSON.stringify(hitOf(affiliate)),
      headers: { "x-brand": "WPX-ES", "content-type": "application/json" },
    });
    expect(json.status).toBe(400);
    expect(await hitsOf(affiliate)).toEqual([]);
  });
});
