import { describe, expect, it } from "vitest";
import { accountIn, csrfFor, PASSWORD } from "../setup/accounts";
import { sessionCookieFrom, testEnv, visit } from "../setup/app";
import { lastEmailTo } from "../setup/product-api";

// /login/password-reset: asking for a link, the link's page, choosing the password, and what that does to sessions.

const NEW_PASSWORD = "Brand-new-horse-9";
const post = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  visit(path, {
    method: "POST",
    cookie,
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

async function askForLink(email: string, path = "/en/login/password-reset") {
  const response = await post(path, { intent: "request", email });
  const mail = await lastEmailTo(email);
  return { response, mail, link: mail ? new URL(/https?:\/\/\S+/.exec(mail.body)![0]) : null };
}

/** Signs in through the sign-in endpoint, as a browser would: a real, separate session. */
async function signedInSession(email: string, password: string) {
  const { token, cookie } = await csrfFor();
  const response = await visit("/api/auth/callback/credentials", {
    method: "POST",
    cookie,
    body: new URLSearchParams({ csrfToken: token, email, password }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return sessionCookieFrom(response)!;
}

const customerOf = async (cookie: string) =>
  ((await (await visit("/api/session", { cookie })).json()) as { customer: { id: string } | null }).customer;

describe("asking for a link", () => {
  it("says the same for an e-mail with and without an account, and e-mails a link in the page's language", async () => {
    const account = await accountIn();
    const known = await askForLink(account.email);
    const unknown = await askForLink(`nobody.${crypto.randomUUID().slice(0, 8)}@example.com`);
    const knownText = (await known.response.text()).replace(account.email, "EMAIL");
    const unknownText = (await unknown.response.text()).replace(/nobody\.[0-9a-f]{8}@example\.com/, "EMAIL");
    expect(knownText).toContain("If EMAIL has an account here, a link to choose a new password is on its way.");
    expect(unknownText).toContain("If EMAIL has an account here, a link to choose a new password is on its way.");
    expect(unknown.mail).toBeNull();
    expect(known.mail?.subject).toBe("Choose a new password");
    expect(known.link?.href).toMatch(/^http:\/\/wpx-es\.localhost\/en\/login\/password-reset\?token=[0-9a-f]{64}$/);
  });

  it("re-renders an invalid e-mail with a translated field error", async () => {
    const response = await post("/login/password-reset", { intent: "request", email: "not-an-email" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Escribe un correo válido");
    expect(html).toContain('value="not-an-email"');
  });

  it("stops the sixth request for one e-mail within a minute, with Retry-After", async () => {
    const account = await accountIn();
    const ask = () => post("/en/login/password-reset", { intent: "request", email: account.email });
    // Five a minute: the sixth is refused (or, when a new minute of the limiter's clock-aligned window begins
    // meanwhile, the next five are counted again).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11 && !statuses.includes(429); attempt++) statuses.push((await ask()).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(await limited.text()).toContain("Too many attempts");
  });
});

describe("the link's page", () => {
  it("greets the account and asks for the new password; a forged or spent link asks for a new one", async () => {
    const account = await accountIn();
    const { link } = await askForLink(account.email);
    const page = await (await visit(`${link!.pathname}${link!.search}`)).text();
    expect(page).toContain(`Choose a new password for ${account.email}`);
    expect(page).toContain('autoComplete="new-password"');
    for (const token of ["f".repeat(64), "short", ""]) {
      const html = await (await visit(`/en/login/password-reset?token=${token}`)).text();
      expect(html, token).toContain("This link has expired or was already used.");
    }
  });

  it("sets the password, signs in here and out on every other device, and spends the link", async () => {
    const account = await accountIn();
    const elsewhere = await signedInSession(account.email, PASSWORD);
    const another = await signedInSession(account.email, PASSWORD);
    expect((await customerOf(elsewhere))?.id).toBe(account.id);
    const { link } = await askForLink(account.email);
    const token = link!.searchParams.get("token")!;
    const page = `${link!.pathname}${link!.search}`;
    const weak = await post(page, { intent: "reset", token, password: "eva12345678" });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toContain("Choose a stronger password");
    const done = await post(page, { intent: "reset", token, password: NEW_PASSWORD });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/en/accounts/home?notice=passwordChanged");
    const here = sessionCookieFrom(done)!;
    expect((await customerOf(here))?.id).toBe(account.id);
    expect(await customerOf(elsewhere)).toBeNull();
    expect(await customerOf(another)).toBeNull();
    expect((await lastEmailTo(account.email))?.subject).toBe("Your password was changed");
    // The old password no longer opens the account; the new one does.
    const { token: csrf, cookie } = await csrfFor();
    const old = await visit("/api/auth/callback/credentials", {
      method: "POST",
      cookie,
      body: new URLSearchParams({ csrfToken: csrf, email: account.email, password: PASSWORD, json: "true" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(((await old.json()) as { url: string }).url).toContain("error=CredentialsSignin");
    expect((await customerOf(await signedInSession(account.email, NEW_PASSWORD)))?.id).toBe(account.id);
    const reused = await post(page, { intent: "reset", token, password: "Another-horse-10" });
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain("This link has expired or was already used.");
  });

  it("lets an invited staff member choose a first password and activate the account", async () => {
    const account = await accountIn();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'INVITED' WHERE id = ?").bind(account.id).run();
    const { link } = await askForLink(account.email, "/login/password-reset");
    const html = await (await visit(`${link!.pathname}${link!.search}`)).text();
    expect(html).toContain("Te damos la bienvenida al equipo");
    const done = await post("/login/password-reset", {
      intent: "reset",
      token: link!.searchParams.get("token")!,
      password: NEW_PASSWORD,
    });
    expect(done.headers.get("location")).toBe("/accounts/home?notice=passwordChanged");
    expect((await visit("/accounts/home", { cookie: sessionCookieFrom(done)! })).status).toBe(200);
  });
});
