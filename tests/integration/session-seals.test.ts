import { defaults, seal } from "iron-webcrypto";
import { describe, expect, it } from "vitest";
import { sealValue, unsealValue } from "~/lib/session/seal";
import { postJson, sessionCookie, sessionCookieFrom, testEnv, TTL_SECONDS, visit } from "../setup/app";
import { TEST_SECRETS } from "../setup/secrets";

async function logCount(message: string) {
  const row = await testEnv.ANALYTICS_DB.prepare("SELECT COUNT(*) AS n FROM log_entries WHERE message = ?")
    .bind(message)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

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
