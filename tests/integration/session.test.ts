import { describe, expect, it } from "vitest";
import { customer, postJson, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";

const SESSION_FIELDS = [
  "fotiApiClient",
  "isConsentGiven",
  "isAdsAccepted",
  "isAnalyticsAccepted",
  "consentVersion",
  "screenWidth",
  "screenHeight",
  "screenDevicePixelRatio",
  "ga4ClientId",
  "ga4SessionId",
  "ga4SessionNumber",
  "customer",
  "updateDateCustomer",
];

describe("GET /api/session", () => {
  it("creates the session on first use, with the spec's fields and nothing secret", async () => {
    const response = await visit("/api/session");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const cookie = sessionCookieFrom(response);
    expect(cookie).toMatch(/^__session=Fe26\.2/);
    expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly; SameSite=Lax; Max-Age=\d+/);
    const session = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(session).sort()).toEqual([...SESSION_FIELDS].sort());
    expect(JSON.stringify(session)).not.toContain("cartId");
  });

  it("is written only when the data changed", async () => {
    const first = await visit("/api/session");
    const cookie = sessionCookieFrom(first)!;
    const { fotiApiClient } = (await first.json()) as { fotiApiClient: { extSessionId: string } };
    const again = await visit("/api/session", { cookie });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(((await again.json()) as { fotiApiClient: unknown }).fotiApiClient).toEqual(fotiApiClient);
  });

  it("is not created by browsing, so anonymous pages stay cacheable", async () => {
    const response = await visit("/offers");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get("cache-control")).not.toBe("private, no-store");
  });

  it("marks pages private for a visitor with a session", async () => {
    const { cookie } = await sessionCookie();
    expect((await visit("/offers", { cookie })).headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("POST /api/session body shapes", () => {
  it("stores consent", async () => {
    const { cookie, id } = await sessionCookie();
    const consent = {
      isConsentGiven: true,
      isAdsAccepted: false,
      isAnalyticsAccepted: true,
      consentVersion: "2026-11",
    };
    const response = await postJson("/api/session", consent, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(consent);
    expect(await testEnv.SESSIONS.get(`session:${id}`, "json")).toMatchObject(consent);
  });

  it("stores the screen size and the analytics ids", async () => {
    const { cookie } = await sessionCookie();
    const screen = { screenWidth: 390, screenHeight: 844, screenDevicePixelRatio: 3 };
    expect(await (await postJson("/api/session", screen, { cookie })).json()).toMatchObject(screen);
    const ids = { ga4ClientId: "123.456", ga4SessionId: "1732262400", ga4SessionNumber: 4 };
    expect(await (await postJson("/api/session", ids, { cookie })).json()).toMatchObject({ ...ids, ...screen });
  });

  it("creates the session when the first write comes without one", async () => {
    const response = await postJson("/api/session", {
      screenWidth: 1366,
      screenHeight: 900,
      screenDevicePixelRatio: 1,
    });
    expect(response.status).toBe(200);
    expect(sessionCookieFrom(response)).toMatch(/^__session=Fe26\.2/);
  });

  it("refreshes the logged-in customer's profile fields, never their identity or rights", async () => {
    const { cookie } = await sessionCookie({ customer: customer() });
    const response = await postJson(
      "/api/session",
      {
        customer: { id: "c-1001", email: "ana.garcia@example.com", firstName: "Ana María", lastName: "García" },
        updateDateCustomer: "2026-11-22T10:00:00Z",
      },
      { cookie },
    );
    expect(response.status).toBe(200);
    const session = (await response.json()) as {
      customer: { firstName: string; kind: string };
      updateDateCustomer: string;
    };
    expect(session.customer.firstName).toBe("Ana María");
    expect(session.customer.kind).toBe("customer");
    expect(session.updateDateCustomer).toBe("2026-11-22T10:00:00Z");
  });

  it("refuses a customer that is not the session's", async () => {
    const body = {
      customer: { id: "c-2002", email: "x@example.com", firstName: "X", lastName: "Y" },
      updateDateCustomer: "2026-11-22T10:00:00Z",
    };
    expect((await postJson("/api/session", body)).status).toBe(403);
    const { cookie } = await sessionCookie({ customer: customer() });
    expect((await postJson("/api/session", body, { cookie })).status).toBe(403);
    const escalate = {
      customer: { ...body.customer, id: "c-1001", kind: "master" },
      updateDateCustomer: "2026-11-22T10:00:00Z",
    };
    expect((await postJson("/api/session", escalate, { cookie })).status).toBe(400);
  });

  it.each([
    ["an empty object", {}],
    [
      "an unknown field",
      { isConsentGiven: true, isAdsAccepted: true, isAnalyticsAccepted: true, consentVersion: "1", extra: 1 },
    ],
    ["a wrong type", { isConsentGiven: "yes", isAdsAccepted: true, isAnalyticsAccepted: true, consentVersion: "1" }],
    [
      "two shapes at once",
      {
        screenWidth: 1,
        screenHeight: 1,
        screenDevicePixelRatio: 1,
        ga4ClientId: "a",
        ga4SessionId: "b",
        ga4SessionNumber: 1,
      },
    ],
    [
      "a bad date",
      { customer: { id: "c-1", email: "a@b.co", firstName: "A", lastName: "B" }, updateDateCustomer: "yesterday" },
    ],
  ])("answers %s with 400 and a clear error", async (_name, body) => {
    const response = await postJson("/api/session", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "badBody", message: "No se ha podido interpretar la actualización de la sesión." },
    });
  });

  it("answers a body that is not JSON with 400", async () => {
    const response = await visit("/api/session", {
      method: "POST",
      body: "isConsentGiven=true",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
  });

  it("refuses a cross-site post", async () => {
    const response = await postJson(
      "/api/session",
      { screenWidth: 1, screenHeight: 1, screenDevicePixelRatio: 1 },
      { headers: { origin: "https://evil.example" } },
    );
    expect(response.status).toBe(403);
  });
});
