import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionCookie, testEnv, visit } from "../setup/app";

// Every response's security headers (decision 0014), and the nonce that lets only this page's own inline scripts run.

/** The nonce the policy allows, and the nonces the page's inline scripts carry. */
function nonces(response: Response, html: string) {
  const policy = response.headers.get("content-security-policy") ?? "";
  const allowed = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] ?? null;
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
    (match) => !/type="application\/(ld\+)?json"/.test(match[1]!),
  );
  return { policy, allowed, onScripts: inline.map((match) => /nonce="([^"]*)"/.exec(match[1]!)?.[1] ?? null) };
}

const httpsFetch = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(`https://wpx-es.localhost${path}`, { redirect: "manual", ...init }));

describe("a page's Content-Security-Policy", () => {
  it("lets only inline scripts with this response's nonce run, never 'unsafe-inline', and forbids framing", async () => {
    const { cookie } = await sessionCookie();
    const response = await visit("/fotolibro", { cookie });
    const html = await response.text();
    const { policy, allowed, onScripts } = nonces(response, html);
    expect(allowed).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(onScripts.length).toBeGreaterThan(1);
    expect(new Set(onScripts)).toEqual(new Set([allowed]));
    const again = await visit("/fotolibro", { cookie });
    expect(nonces(again, await again.text()).allowed).not.toBe(allowed);
  });

  it("lets only the design creator compile WebAssembly (its HEIC decoder), and no page eval", async () => {
    const creator = (await visit("/create/201")).headers.get("content-security-policy") ?? "";
    expect(creator).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    const other = (await visit("/fotolibro")).headers.get("content-security-policy") ?? "";
    expect(other).not.toContain("wasm-unsafe-eval");
    expect(`${creator} ${other}`).not.toMatch(/'unsafe-eval'/);
  });

  it("gives every copy of an edge-cached page its own nonce, and the page stays cached", async () => {
    const path = `/regalos-con-foto?nonce-check=${crypto.randomUUID()}`;
    const seen = new Set<string | null>();
    for (const expected of ["MISS", "HIT", "HIT"]) {
      const response = await visit(path);
      expect(response.headers.get("x-page-cache")).toBe(expected);
      const { allowed, onScripts } = nonces(response, await response.text());
      expect(new Set(onScripts), expected).toEqual(new Set([allowed]));
      seen.add(allowed);
    }
    expect(seen.size).toBe(3);
  });

  it("upgrades insecure requests on https, and the error screen carries the policy too", async () => {
    const secure = await httpsFetch("/offers");
    expect(secure.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const missing = await visit("/no/such/page");
    expect(missing.status).toBe(404);
    const { allowed, onScripts } = nonces(missing, await missing.text());
    expect(new Set(onScripts)).toEqual(new Set([allowed]));
  });
});

describe("where a page's forms may go", () => {
  it("is this site, and the other sign-in provider's origin where its sign-in form's redirect leads", async () => {
    const policy = (await visit("/login")).headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`form-action 'self' ${new URL(testEnv.OIDC_ISSUER).origin};`);
    const none =
      (await visit("/login", { worker: testEnv.STOREFRONT_NO_SIGN_IN })).headers.get("content-security-policy") ?? "";
    expect(none).toContain("form-action 'self';");
  });
});

describe("headers on every response", () => {
  it.each(["/", "/api/session", "/robots.txt", "/sitemap.xml", "/_locales/general/es/data.json", "/no/such/page"])(
    "%s: no sniffing, a strict referrer, no powerful features, no framing",
    async (path) => {
      const response = await visit(path);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    },
  );

  it("asks for https for a year on https", async () => {
    const response = await httpsFetch("/");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("does not let a JSON answer load anything", async () => {
    const response = await visit("/api/session");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("the session cookie", () => {
  it("is HttpOnly and SameSite=Lax; on https also Secure, with the __Host- prefix", async () => {
    const plain = (await visit("/api/session")).headers.getSetCookie()[0]!;
    expect(plain).toMatch(/^__session=/);
    expect(plain).toContain("HttpOnly");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");
    const secure = (await httpsFetch("/api/session")).headers.getSetCookie()[0]!;
    expect(secure).toMatch(/^__Host-__session=/);
    expect(secure).toContain("Secure");
    expect(secure).toContain("Path=/");
    expect(secure).not.toContain("Domain");
  });

  it("is read back under its __Host- name on https, and not under the plain one", async () => {
    const first = await httpsFetch("/api/session");
    const cookie = first.headers.getSetCookie()[0]!.split(";")[0]!;
    const { fotiApiClient } = (await first.json()) as { fotiApiClient: { extSessionId: string } };
    const again = await httpsFetch("/api/session", { headers: { cookie } });
    expect(((await again.json()) as { fotiApiClient: { extSessionId: string } }).fotiApiClient.extSessionId).toBe(
      fotiApiClient.extSessionId,
    );
    const plainName = cookie.replace("__Host-", "");
    const ignored = await httpsFetch("/api/session", { headers: { cookie: plainName } });
    expect(((await ignored.json()) as { fotiApiClient: { extSessionId: string } }).fotiApiClient.extSessionId).not.toBe(
      fotiApiClient.extSessionId,
    );
  });
});
