import { describe, expect, it } from "vitest";
import { parseConfig } from "~/lib/request/context/config.server";
import { createSessionProvider } from "~/lib/session/providers";
import { postJson, sessionCookie, sessionCookieFrom, testEnv, visit } from "../setup/app";
import { accountIn, csrfFor } from "../setup/accounts";
import { TEST_SECRETS } from "../setup/secrets";

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

    // A write seals a new cookie; a request still carrying the older one (sent before the answer came) reads the new
    // data.
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
