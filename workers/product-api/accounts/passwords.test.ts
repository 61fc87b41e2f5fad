import { describe, expect, it } from "vitest";
import { accountIn, PASSWORD } from "@test-setup/accounts";
import { testEnv } from "@test-setup/app";
import { callApi, lastEmailTo } from "@test-setup/product-api";
import { tokenHash } from "./password-tokens";

// Password resets, invitations' first passwords and password changes, in the product API.

const SITE_URL = "http://wpx-es.localhost";
const NEW_PASSWORD = "Brand-new-horse-9";

/** Asks for a reset link and reads the token out of the e-mail the outbox received. */
async function resetLinkFor(email: string, locale = "es") {
  const asked = await callApi("/accounts/password-resets", { site: "WPX-ES", email, locale, site_url: SITE_URL });
  expect(asked.status).toBe(202);
  const mail = await lastEmailTo(email);
  const token = /token=([0-9a-f]{64})/.exec(mail?.body ?? "")?.[1];
  return { mail, token: token! };
}

const signIn = (email: string, password: string) =>
  callApi("/accounts/credentials", { site: "WPX-ES", email, password });

describe("asking for a reset link", () => {
  it("e-mails a single-use link to the reset page, in the language asked, and stores only the token's hash", async () => {
    const account = await accountIn();
    const { mail, token } = await resetLinkFor(account.email, "en");
    expect(mail).toMatchObject({ subject: "Choose a new password", kind: "password-reset" });
    expect(mail!.body).toContain(`${SITE_URL}/en/login/password-reset?token=${token}`);
    expect(mail!.body).toContain("Hi Eva");
    const stored = await testEnv.STORE_DB.prepare(
      "SELECT token_hash AS hash, expires_at AS expires, created_at AS created FROM password_resets WHERE account_id = ?",
    )
      .bind(account.id)
      .all<{ hash: string; expires: string; created: string }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0]!.hash).not.toBe(token);
    expect(Date.parse(stored.results[0]!.expires) - Date.parse(stored.results[0]!.created)).toBe(3600_000);
  });

  it("answers the same for an e-mail without an account, and sends nothing", async () => {
    const unknown = `nobody.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const answer = await callApi("/accounts/password-resets", {
      site: "WPX-ES",
      email: unknown,
      locale: "es",
      site_url: SITE_URL,
    });
    const known = await callApi("/accounts/password-resets", {
      site: "WPX-ES",
      email: (await accountIn()).email,
      locale: "es",
      site_url: SITE_URL,
    });
    expect(answer).toEqual(known);
    expect(await lastEmailTo(unknown)).toBeNull();
  });

  it("refuses hostile input with 400", async () => {
    for (const fields of [
      { site: "WPX-ES", email: "a@b.es", locale: "xx", site_url: SITE_URL },
      { site: "WPX-ES", email: "a@b.es", locale: "es", site_url: "javascript:alert(1)" },
      { site: "WPX-ES", email: "x".repeat(300), locale: "es", site_url: SITE_URL },
      { site: "NOPE", email: "a@b.es", locale: "es", site_url: SITE_URL },
    ]) {
      expect((await callApi("/accounts/password-resets", fields)).status, JSON.stringify(fields)).toBe(400);
    }
    expect((await callApi("/accounts/password-resets/check", { site: "WPX-ES", token: "not-hex" })).status).toBe(400);
  });
});

describe("choosing the new password", () => {
  it("sets it once: the old one stops working, the link is spent, a notice is e-mailed", async () => {
    const account = await accountIn();
    const { token } = await resetLinkFor(account.email);
    expect((await callApi("/accounts/password-resets/check", { site: "WPX-ES", token })).body).toEqual({
      email: account.email,
      firstName: "Eva",
      invited: false,
    });
    const done = await callApi("/accounts/password-resets/complete", {
      site: "WPX-ES",
      token,
      password: NEW_PASSWORD,
      locale: "es",
      site_url: SITE_URL,
    });
    expect(done.status).toBe(200);
    expect(done.body.id).toBe(account.id);
    expect((await signIn(account.email, PASSWORD)).status).toBe(401);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    expect(await lastEmailTo(account.email)).toMatchObject({
      subject: "Tu contraseña ha cambiado",
      kind: "password-changed",
    });
    const again = await callApi("/accounts/password-resets/complete", {
      site: "WPX-ES",
      token,
      password: "Another-horse-10",
      locale: "es",
      site_url: SITE_URL,
    });
    expect(again.status).toBe(404);
    expect((await callApi("/accounts/password-resets/check", { site: "WPX-ES", token })).status).toBe(404);
  });

  it("refuses an expired link, a forged one, one of another site, and spends every other link of the account", async () => {
    const account = await accountIn();
    const expired = await resetLinkFor(account.email);
    const other = await resetLinkFor(account.email);
    await testEnv.STORE_DB.prepare("UPDATE password_resets SET expires_at = ? WHERE token_hash = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), await tokenHash(expired.token))
      .run();
    const complete = (token: string, site = "WPX-ES") =>
      callApi("/accounts/password-resets/complete", {
        site,
        token,
        password: NEW_PASSWORD,
        locale: "es",
        site_url: SITE_URL,
      });
    expect((await complete(expired.token)).status).toBe(404);
    expect((await complete("f".repeat(64))).status).toBe(404);
    expect((await complete(other.token, "WPX-PL")).status).toBe(404);
    const latest = await resetLinkFor(account.email);
    expect((await complete(latest.token)).status).toBe(200);
    expect((await complete(other.token)).status).toBe(404);
  });

  it("refuses a weak password with a field error and keeps the link usable", async () => {
    const account = await accountIn();
    const { token } = await resetLinkFor(account.email);
    const weak = await callApi("/accounts/password-resets/complete", {
      site: "WPX-ES",
      token,
      password: "eva12345678",
      locale: "es",
      site_url: SITE_URL,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors).toEqual({ password: "auth.errors.weakPassword" });
    expect((await callApi("/accounts/password-resets/check", { site: "WPX-ES", token })).status).toBe(200);
  });

  it("sets the same password once when one link is submitted twice at the same moment", async () => {
    const account = await accountIn();
    const { token } = await resetLinkFor(account.email);
    const submit = (password: string) =>
      callApi("/accounts/password-resets/complete", {
        site: "WPX-ES",
        token,
        password,
        locale: "es",
        site_url: SITE_URL,
      });
    const answers = await Promise.all([submit("First-horse-11"), submit("Second-horse-12")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
  });

  it("sends no link to a suspended account", async () => {
    const account = await accountIn();
    await testEnv.STORE_DB.prepare("UPDATE accounts SET status = 'SUSPENDED' WHERE id = ?").bind(account.id).run();
    await callApi("/accounts/password-resets", {
      site: "WPX-ES",
      email: account.email,
      locale: "es",
      site_url: SITE_URL,
    });
    expect(await lastEmailTo(account.email)).toBeNull();
  });
});

describe("an invitation's first password", () => {
  it("makes an invited staff account active", async () => {
    const account = await accountIn();
    await testEnv.STORE_DB.prepare(
      "UPDATE accounts SET status = 'INVITED', password_hash = NULL, password_salt = NULL, password_iterations = NULL WHERE id = ?",
    )
      .bind(account.id)
      .run();
    const { token } = await resetLinkFor(account.email);
    expect((await callApi("/accounts/password-resets/check", { site: "WPX-ES", token })).body).toMatchObject({
      invited: true,
    });
    expect((await signIn(account.email, PASSWORD)).status).toBe(401);
    const done = await callApi("/accounts/password-resets/complete", {
      site: "WPX-ES",
      token,
      password: NEW_PASSWORD,
      locale: "es",
      site_url: SITE_URL,
    });
    expect(done.body).toMatchObject({ status: "ACTIVE" });
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe("changing the password when signed in", () => {
  it("needs the current password, then changes it and e-mails a notice", async () => {
    const account = await accountIn();
    const change = (fields: Record<string, string>) =>
      callApi(`/accounts/${account.id}/password`, {
        site: "WPX-ES",
        locale: "en",
        site_url: SITE_URL,
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        ...fields,
      });
    const wrong = await change({ current_password: "Wrong-horse-8" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ current_password: "auth.errors.currentPassword" });
    expect((await change({ password: "password1" })).body.fieldErrors).toEqual({
      password: "auth.errors.weakPassword",
    });
    expect((await change({})).status).toBe(200);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    expect(await lastEmailTo(account.email)).toMatchObject({ subject: "Your password was changed" });
    expect(
      (
        await callApi(`/accounts/${account.id}/password`, {
          site: "WPX-PL",
          locale: "en",
          site_url: SITE_URL,
          current_password: NEW_PASSWORD,
          password: "Other-horse-13",
        })
      ).status,
    ).toBe(404);
  });
});
