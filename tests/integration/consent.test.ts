import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import es from "@locales/es/consent.json";
import pl from "@locales/pl/consent.json";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { consentMessage } from "~/lib/consent/record-consent.server";
import { postJson, sessionCookie, sessionCookieFrom, visit } from "../setup/app";
import { answer, consentCookie, setConsent, kvSession } from "./consent-pages";

// The visitor's consent (docs/decisions/0024): the cookie is the source of truth, the session mirrors it, the edge
// cache keeps one copy per choice, and a page loads only the tags its brand uses and the choice allows.

describe("POST /api/session with the consent fields", () => {
  it("takes a withdrawn consent's cookies with it: what the new choice no longer allows expires, the rest stays", async () => {
    const marketing =
      "afcust=4102; awc=1234_1700000000_ab; clickid=gclid%3Dabc; utm=utm_source%3Dnews; referrer=https%3A%2F%2Fblog.example; landing=x; first_touch=y";
    const expired = (response: Response) =>
      response.headers
        .getSetCookie()
        .filter((cookie) => /Max-Age=0/.test(cookie))
        .map((cookie) => cookie.split("=")[0])
        .sort();

    const analyticsOnly = await postJson("/api/session", answer(false, true), {
      cookie: `${consentCookie(true, true)}; ${marketing}`,
    });
    expect(analyticsOnly.status).toBe(200);
    expect(expired(analyticsOnly)).toEqual(["afcust", "awc", "clickid"]);

    const none = await postJson("/api/session", answer(false, false), {
      cookie: `${consentCookie(true, true)}; ${marketing}`,
    });
    expect(expired(none)).toEqual(["afcust", "awc", "clickid", "first_touch", "landing", "referrer", "utm"]);

    const forgotten = await postJson(
      "/api/session",
      { isConsentGiven: false, isAdsAccepted: false, isAnalyticsAccepted: false, consentVersion: CONSENT_VERSION },
      { cookie: `${consentCookie(true, true)}; utm=utm_source%3Dnews` },
    );
    expect(expired(forgotten)).toEqual(["consent", "utm"]);

    // Nothing to take back: only the consent cookie is set.
    const fresh = await postJson("/api/session", answer(false, false));
    expect(fresh.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["consent"]);
  });

  it("keeps the choice in a first-party cookie for six months, and makes no session for a visitor without one", async () => {
    const response = await postJson("/api/session", answer(false, true));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      isConsentGiven: true,
      isAdsAccepted: false,
      isAnalyticsAccepted: true,
      consentVersion: CONSENT_VERSION,
    });
    const set = setConsent(response)!;
    expect(set.consent).toMatchObject({ version: CONSENT_VERSION, ads: false, analytics: true });
    expect(set.header).toContain("Max-Age=15811200");
    expect(set.header).toContain("Path=/");
    expect(set.header).toContain("SameSite=Lax");
    expect(set.header).toContain("HttpOnly");
    expect(set.header).not.toContain("Secure");
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("is Secure on https", async () => {
    const secure = await exports.default.fetch(
      new Request("https://wpx-es.localhost/api/session", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://wpx-es.localhost" },
        body: JSON.stringify(answer(true, true)),
      }),
    );
    expect(secure.status).toBe(200);
    expect(setConsent(secure)!.header).toContain("Secure");
  });

  it("writes the session's fields when the visitor has a session, and GET /api/session shows them", async () => {
    const { cookie, id } = await sessionCookie();
    const response = await postJson("/api/session", answer(true, false), { cookie });
    expect(response.status).toBe(200);
    const set = setConsent(response)!;
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
      consentVersion: CONSENT_VERSION,
    });
    const session = await (await visit("/api/session", { cookie: `${cookie}; ${set.cookie}` })).json();
    expect(session).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
      consentVersion: CONSENT_VERSION,
    });
  });

  it("makes the session follow the cookie: a session's old answer without a current cookie is no answer", async () => {
    const { cookie, id } = await sessionCookie({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: true,
      consentVersion: "2024-01",
    });
    await visit("/api/session", { cookie: `${cookie}; ${consentCookie(true, true, "2024-01")}` });
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: false,
      isAdsAccepted: false,
      isAnalyticsAccepted: false,
      consentVersion: null,
    });
    await visit("/api/session", { cookie: `${cookie}; ${consentCookie(false, true)}` });
    expect(await kvSession(id)).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: false,
      isAnalyticsAccepted: true,
      consentVersion: CONSENT_VERSION,
    });
  });

  it("gives a session made later the cookie's answer", async () => {
    const response = await visit("/api/session", { cookie: consentCookie(true, false) });
    expect(await response.json()).toMatchObject({
      isConsentGiven: true,
      isAdsAccepted: true,
      isAnalyticsAccepted: false,
    });
  });

  it("forgets the answer when told consent is not given (the banner asks again)", async () => {
    const response = await postJson(
      "/api/session",
      { isConsentGiven: false, isAdsAccepted: false, isAnalyticsAccepted: false, consentVersion: CONSENT_VERSION },
      { cookie: consentCookie(true, true) },
    );
    expect(response.status).toBe(200);
    expect(setConsent(response)!.header).toContain("Max-Age=0");
  });

  it("refuses a choice made on an older version of the text with 409, in the visitor's language", async () => {
    const response = await postJson(
      "/api/session",
      { ...answer(true, true), consentVersion: "2020-01" },
      { brand: "WPX-PL" },
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "conflict", message: pl.consent.errors.outdated } });
    expect(setConsent(response)).toBeNull();
  });

  it.each([
    [
      "a body that is neither JSON nor a form",
      "text/plain",
      "isConsentGiven=true",
      415,
      es.consent.errors.unsupportedBody,
    ],
    ["no content type at all", "", "{}", 415, es.consent.errors.unsupportedBody],
    [
      "broken JSON",
      "application/json",
      '{"isConsentGiven": tru',
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "ads accepted without consent given",
      "application/json",
      JSON.stringify({
        isConsentGiven: false,
        isAdsAccepted: true,
        isAnalyticsAccepted: false,
        consentVersion: CONSENT_VERSION,
      }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "an absurd version",
      "application/json",
      JSON.stringify({ ...answer(true, true), consentVersion: "x".repeat(5000) }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
    [
      "a huge body",
      "application/json",
      JSON.stringify({ ...answer(true, true), pad: "x".repeat(100_000) }),
      400,
      "No se ha podido interpretar la actualización de la sesión.",
    ],
  ])("answers %s with %s and a translated message, never a 5xx", async (_name, type, body, status, message) => {
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    const response = await visit("/api/session", { method: "POST", body, headers });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      error: { code: status === 415 ? "unsupportedMediaType" : "badBody", message },
    });
    expect(setConsent(response)).toBeNull();
  });

  it("refuses a cross-site answer", async () => {
    const response = await postJson("/api/session", answer(true, true), {
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(setConsent(response)).toBeNull();
  });

  it("queues one answer with no identifier of the visitor", () => {
    const message = consentMessage("WPX-PL", {
      ads: true,
      analytics: false,
      version: CONSENT_VERSION,
      decidedAt: Date.UTC(2026, 10, 25, 10),
    });
    expect(Object.keys(message).sort()).toEqual([
      "ads",
      "analytics",
      "brand",
      "createdAt",
      "eventId",
      "kind",
      "version",
    ]);
    expect(message).toMatchObject({
      kind: "consent",
      brand: "WPX-PL",
      ads: true,
      analytics: false,
      version: CONSENT_VERSION,
      createdAt: "2026-11-25T10:00:00.000Z",
    });
  });
});

describe("the banner's form without JavaScript", () => {
  const form = (fields: Record<string, string>, options: Parameters<typeof visit>[1] = {}) =>
    visit("/api/session", {
      method: "POST",
      body: new URLSearchParams(fields).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ...options,
    });

  it.each([
    [{ choice: "all" }, { ads: true, analytics: true }],
    [
      { choice: "none", ads: "on", analytics: "on" },
      { ads: false, analytics: false },
    ],
    [
      { choice: "save", analytics: "on" },
      { ads: false, analytics: true },
    ],
    [{ choice: "save" }, { ads: false, analytics: false }],
  ])("%j records %j and goes back to the page (303)", async (fields, expected) => {
    const response = await form({ ...fields, returnTo: "/en/offers?sort=price" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/en/offers?sort=price");
    expect(setConsent(response)!.consent).toMatchObject(expected);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it.each(["//evil.example/offers", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "offers", ""])(
    "never sends the visitor off the site (returnTo %j goes home)",
    async (returnTo) => {
      const response = await form({ choice: "none", returnTo });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    },
  );

  it.each([
    ["no button", { analytics: "on" }],
    ["an unknown button", { choice: "everything" }],
    ["an unknown field", { choice: "all", isConsentGiven: "true" }],
    ["a box with another value", { choice: "save", ads: "yes" }],
  ])("answers %s with 400 and a translated message", async (_name, fields) => {
    const response = await form(fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "badField", message: es.consent.errors.invalidForm } });
    expect(setConsent(response)).toBeNull();
  });

  it("refuses a cross-site form", async () => {
    const response = await form(
      { choice: "all" },
      { headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
    expect(setConsent(response)).toBeNull();
  });
});
