import { defaults, seal } from "iron-webcrypto";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/lib/request/config.server";
import { createSessionProvider } from "~/lib/session/providers";
import { sealValue, unsealValue } from "~/lib/session/seal";
import { customer, postJson, sessionCookie, sessionCookieFrom, testEnv, TTL_SECONDS, visit } from "../setup/app";
import { accountIn, csrfFor } from "../setup/accounts";
import { TEST_SECRETS } from "../setup/secrets";

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

async function logCount(message: string) {
  const row = await testEnv.ANALYTICS_DB.prepare("SELECT COUNT(*) AS n FROM log_entries WHERE message = ?")
    .bind(message)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

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

async function sealedWith(object: unknown, options: Partial<typeof defaults> = {}) {
  return seal(object, TEST_SECRETS.sessionPassword, { ...defaults, ttl: TTL_SECONDS * 1000, ...options });
}

describe("the seal error catalogue", () => {
  it("adopts a valid sealed session", async () => {
    const { sealed, id } = await sessionCookie({ consentVersion: "adopted" });
    const response = await postJson("/api/session", { session: sealed });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { consentVersion: string }).consentVersion).toBe("adopted");
    expect(await testEnv.SESSIONS.get(`session:${id}`)).not.toBeNull();
    expect(sessionCookieFrom(response)).toMatch(/^__session=Fe26\.2/);
  });

  const valid = () => sessionCookie().then(({ sealed }) => sealed);
  /** A valid seal whose stored data is this text. */
  const storedAs = async (text: string) => {
    const { sealed, id } = await sessionCookie();
    await testEnv.SESSIONS.put(`session:${id}`, text);
    return sealed;
  };
  const cases: [string, () => Promise<string>][] = [
    ["Incorrect number of sealed components", async () => "Fe26.2*only*three"],
    ["Wrong mac prefix", async () => (await valid()).replace("Fe26.2", "Fe26.1")],
    [
      "Invalid expiration",
      async () => {
        const parts = (await valid()).split("*");
        parts[5] = "soon";
        return parts.join("*");
      },
    ],
    [
      "Expired seal",
      () => sealedWith({ id: "0".repeat(32), createdAt: Date.now() }, { ttl: 1000, localtimeOffsetMsec: -600_000 }),
    ],
    [
      "Bad hmac value",
      async () => {
        const parts = (await valid()).split("*");
        parts[7] = parts[7]!.replace(/^./, (c) => (c === "A" ? "B" : "A"));
        return parts.join("*");
      },
    ],
    ["Session expired!", () => sealedWith({ id: "f".repeat(32), createdAt: Date.now() })],
    ["Session expired!", () => sealedWith({ id: "e".repeat(32), createdAt: Date.now() - (TTL_SECONDS + 5) * 1000 })],
    ["Session expired!", () => storedAs("{not json")],
    ["Session expired!", () => storedAs(JSON.stringify({ customer: "nobody", orderIds: 7 }))],
  ];

  it.each(cases)("POST /api/session says '%s'", async (message, make) => {
    const response = await postJson("/api/session", { session: await make() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: "badField", message } });
  });

  it.each(cases)("a cookie with '%s' means a fresh session, logged, never a 500", async (message, make) => {
    const before = await logCount(`Session discarded: ${message}`);
    const cookie = `__session=${encodeURIComponent(await make())}`;
    const page = await visit("/offers", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie()[0]).toMatch(/^__session=; .*Max-Age=0/);
    const api = await visit("/api/session", { cookie });
    expect(api.status).toBe(200);
    expect(sessionCookieFrom(api)).toMatch(/^__session=Fe26\.2/);
    expect(await logCount(`Session discarded: ${message}`)).toBeGreaterThan(before);
  });

  it("takes a cookie header whose values do not decode as no session, never a 500", async () => {
    const cookie = "__session=%E0%A4%A; consent=%ZZ; other=%";
    const page = await visit("/offers", { cookie });
    expect(page.status).toBe(200);
    const api = await visit("/api/session", { cookie });
    expect(api.status).toBe(200);
    expect(sessionCookieFrom(api)).toMatch(/^__session=Fe26\.2/);
  });

  it("refuses a short password and an empty one", async () => {
    await expect(sealValue({ a: 1 }, "too-short", 60)).rejects.toThrow(/^Password string too short/);
    await expect(unsealValue(await valid(), "too-short", 60)).rejects.toThrow(/^Password string too short/);
    await expect(sealValue({ a: 1 }, "", 60)).rejects.toThrow("Empty password");
    await expect(unsealValue(await valid(), undefined, 60)).rejects.toThrow("Empty password");
  });
});

describe("session providers", () => {
  it("fails start-up for an unknown provider", () => {
    expect(() => createSessionProvider("h3")).toThrow("Session provider it`s invalid");
    expect(() => createSessionProvider("")).toThrow("Session provider it`s invalid");
    expect(() => parseConfig({ SESSION_PROVIDER: "redis" })).toThrow("Session provider it`s invalid");
  });

  it("takes the spec's names: h3_session (the data in KV, the default; `kv` its alias) and cookie", () => {
    const vars = { PAYMENT_WEBHOOK_SECRET: "a-local-webhook-secret-of-32-chars!" };
    const kv = createSessionProvider("h3_session");
    expect(createSessionProvider("kv")).toBe(kv);
    expect(createSessionProvider("cookie")).not.toBe(kv);
    expect(parseConfig({ ...vars, SESSION_PROVIDER: "h3_session" }).sessionProvider).toBe(kv);
    expect(parseConfig(vars).sessionProvider).toBe(kv);
  });

  it("keeps the data in the sealed cookie with the cookie provider", async () => {
    const provider = createSessionProvider("cookie");
    const settings = {
      password: TEST_SECRETS.sessionPassword,
      ttlSeconds: 3600,
      skewSeconds: 60,
      kv: testEnv.SESSIONS,
    };
    const data = {
      ...((await (await visit("/api/session")).json()) as object),
      cartId: null,
      orderIds: [],
      oidcPending: null,
    } as never;
    const sealed = await provider.write({ id: "c".repeat(32), createdAt: Date.now(), data }, settings);
    expect(await testEnv.SESSIONS.get(`session:${"c".repeat(32)}`)).toBeNull();
    expect((await provider.read(sealed, settings)).data).toEqual(data);
  });

  it("with KV, never hides a write or an end made in this isolate, whichever cookie of the session comes", async () => {
    const provider = createSessionProvider("kv");
    const settings = {
      password: TEST_SECRETS.sessionPassword,
      ttlSeconds: 3600,
      skewSeconds: 60,
      kv: testEnv.SESSIONS,
    };
    const data = {
      ...((await (await visit("/api/session")).json()) as object),
      cartId: null,
      orderIds: [],
      oidcPending: null,
    } as never;
    const id = crypto.randomUUID().replaceAll("-", "");
    const first = await provider.write({ id, createdAt: Date.now(), data }, settings);
    expect((await provider.read(first, settings)).data).toEqual(data);

    // A write seals a new cookie; a request still carrying the older one (sent before the answer came) reads the new data.
    const second = await provider.write(
      { id, createdAt: Date.now(), data: { ...(data as object), cartId: "cart-1" } as never },
      settings,
    );
    expect(second).not.toBe(first);
    for (const sealed of [second, first]) expect((await provider.read(sealed, settings)).data.cartId).toBe("cart-1");

    // Ended (at sign-out, or everywhere after a password change): no cookie of it opens it any more.
    await provider.remove(id, settings);
    for (const sealed of [second, first])
      await expect(provider.read(sealed, settings)).rejects.toThrow("Session expired!");
  });
});

describe("POST /api/log", () => {
  it("stores the entry with the request's user agent, referrer, url and session", async () => {
    const { cookie, id } = await sessionCookie();
    const message = `checkout button missing ${crypto.randomUUID()}`;
    const response = await postJson(
      "/api/log",
      { level: "WARN", message },
      {
        cookie,
        headers: { "user-agent": "Mozilla/5.0 test", referer: "http://wpx-es.localhost/cart" },
      },
    );
    expect(response.status).toBe(204);
    const row = await testEnv.ANALYTICS_DB.prepare("SELECT * FROM log_entries WHERE message = ?").bind(message).first();
    expect(row).toMatchObject({
      level: "WARN",
      session: id,
      user_agent: "Mozilla/5.0 test",
      referrer: "http://wpx-es.localhost/cart",
      url: "http://wpx-es.localhost/api/log",
    });
  });

  it.each([
    {},
    { level: "LOUD", message: "x" },
    { level: "INFO", message: "" },
    { level: "INFO", message: "x".repeat(5000) },
  ])("refuses %j", async (body) => expect((await postJson("/api/log", body)).status).toBe(400));
});

describe("a session belongs to the brand whose host made it", () => {
  const signInForm = (fields: Record<string, string>, cookie: string) => ({
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const authSession = async (cookie: string, brand: "WPX-ES" | "WPX-PL") =>
    (await (await visit("/api/auth/session", { cookie, brand })).json()) as { user: { name: string } } | null;

  it("is a guest's on another brand's host: no name, no signed-in header; back home it is still signed in", async () => {
    const account = await accountIn("WPX-ES");
    const { token, cookie } = await csrfFor();
    const signedIn = await visit(
      "/api/auth/callback/credentials",
      signInForm({ csrfToken: token, email: account.email, password: account.password }, cookie),
    );
    const session = sessionCookieFrom(signedIn)!;
    expect((await authSession(session, "WPX-ES"))?.user.name).toBe("Eva Moreno");

    // The same cookie presented on WPX-PL's host (copied, or a proxy that shares cookies): a guest there.
    expect(await authSession(session, "WPX-PL")).toBeNull();
    const home = await visit("/", { brand: "WPX-PL", cookie: session });
    const html = await home.text();
    expect(html).not.toContain("Eva");
    expect(html).not.toContain(account.email);
    // Its cookie is dropped there, as a broken one would be; a fresh session starts on first use.
    expect(
      home.headers.getSetCookie().some((line) => line.startsWith("__session=;") && line.includes("Max-Age=0")),
    ).toBe(true);
    const fresh = (await (await visit("/api/session", { brand: "WPX-PL", cookie: session })).json()) as {
      customer: unknown;
    };
    expect(fresh.customer).toBeNull();
    // Nothing of the WPX-PL visit touched it: on WPX-ES the customer is still signed in.
    expect((await authSession(session, "WPX-ES"))?.user.name).toBe("Eva Moreno");
  });

  it("is refused when handed over sealed on another brand's host, and bound to the first brand that writes it", async () => {
    const made = await visit("/api/session", { brand: "WPX-ES" });
    const sealed = decodeURIComponent(sessionCookieFrom(made)!.split("=")[1]!);
    const handed = await postJson("/api/session", { session: sealed }, { brand: "WPX-PL" });
    expect(handed.status).toBe(400);
    expect(await handed.json()).toEqual({ error: { code: "badField", message: "Session of another brand" } });

    // A seal older than the rule names no brand: the first brand that writes it keeps it.
    const { cookie } = await sessionCookie();
    const written = await postJson(
      "/api/session",
      { screenWidth: 390, screenHeight: 844, screenDevicePixelRatio: 3 },
      { brand: "WPX-PL", cookie },
    );
    const bound = sessionCookieFrom(written)!;
    expect(
      (await (await visit("/api/session", { brand: "WPX-PL", cookie: bound })).json()) as { screenWidth: number },
    ).toMatchObject({ screenWidth: 390 });
    expect(
      (await (await visit("/api/session", { brand: "WPX-ES", cookie: bound })).json()) as {
        screenWidth: number | null;
      },
    ).toMatchObject({ screenWidth: null });
  });
});
