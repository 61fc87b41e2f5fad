import { Hono } from "hono";
import {
  passwordChangeParams,
  passwordResetParams,
  passwordResetRequestParams,
  passwordTokenParams,
} from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import { brandBySlug } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";
import { isStrongEnough } from "@contract/rules/password";
import { rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { PASSWORD_CHANGED, PASSWORD_RESET } from "./email-texts";
import { hashPassword, verifyPassword, type StoredPassword } from "./passwords";
import { accountOfToken, issuePasswordToken, RESET_TTL_MS, tokenHash } from "./password-tokens";
import { accountById, accountByEmail, accountView, storedPassword, type AccountRow } from "./queries";

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The reset page of the storefront, in the locale the person used. */
function resetPage(site: string, siteUrl: string, locale: Locale) {
  const brand = brandBySlug(site)!;
  return `${siteUrl.replace(/\/$/, "")}${localizePath("/login/password-reset", locale, brand)}`;
}

async function queueEmail(
  env: ProductApiEnv,
  account: AccountRow,
  kind: string,
  texts: { subject: string; body: string },
  link: string,
) {
  await rows(
    env,
    sql`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
    VALUES (${account.site}, ${account.email}, ${texts.subject}, ${fill(texts.body, { name: account.firstName, link })}, ${kind}, ${new Date().toISOString()})`,
  );
}

const weak = (c: Parameters<typeof apiError>[0]) =>
  apiError(c, 400, API_ERROR_CODES.invalidRequest, "The password is too weak", {
    fieldErrors: { password: "auth.errors.weakPassword" },
  });
const spentLink = (c: Parameters<typeof apiError>[0]) =>
  apiError(c, 404, API_ERROR_CODES.notFound, "This link is no longer valid");

/**
 * The new password, and every link of the account spent, in one batch. With a token, the token must still be unused
 * as the batch runs (changes() = 1), so two submits of one link set one password. An invited account becomes active.
 */
async function setPassword(
  env: ProductApiEnv,
  accountId: string,
  password: StoredPassword,
  token?: string,
): Promise<boolean> {
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  const spend = token
    ? db
        .prepare(
          "UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND account_id = ? AND used_at IS NULL AND expires_at > ?",
        )
        .bind(now, await tokenHash(token), accountId, now)
    : db.prepare("SELECT 1");
  const [, changed] = await db.batch([
    spend,
    db
      .prepare(`UPDATE accounts SET password_hash = ?, password_salt = ?, password_iterations = ?, updated_at = ?,
        status = CASE status WHEN 'INVITED' THEN 'ACTIVE' ELSE status END
      WHERE id = ? AND status IN ('ACTIVE', 'INVITED') ${token ? "AND changes() = 1" : ""}`)
      .bind(password.hash, password.salt, password.iterations, now, accountId),
    db.prepare("UPDATE password_resets SET used_at = ? WHERE account_id = ? AND used_at IS NULL").bind(now, accountId),
  ]);
  return (changed?.meta.changes ?? 0) === 1;
}

const personal = (account: AccountRow) => [account.email, account.firstName, account.lastName];

/** Password resets (and staff invitations, which use the same links) and password changes. */
export const passwords = new Hono<ProductApi>()
  /** A link by e-mail for an account that may sign in; the same 202 for an e-mail without one. */
  .post("/password-resets", validate("form", passwordResetRequestParams), async (c) => {
    const body = c.req.valid("form");
    if (!brandBySlug(body.site)) return apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${body.site}`);
    const account = await accountByEmail(c.env, body.site, body.email);
    if (account && (account.status === "ACTIVE" || account.status === "INVITED")) {
      const token = await issuePasswordToken(c.env, account.id, RESET_TTL_MS);
      const texts = PASSWORD_RESET[body.locale] ?? PASSWORD_RESET.en!;
      await queueEmail(
        c.env,
        account,
        "password-reset",
        texts,
        `${resetPage(body.site, body.site_url, body.locale)}?token=${token}`,
      );
    }
    return c.json({ accepted: true }, 202);
  })
  .post("/password-resets/check", validate("form", passwordTokenParams), async (c) => {
    const { site, token } = c.req.valid("form");
    const accountId = await accountOfToken(c.env, token);
    const account = accountId ? await accountById(c.env, site, accountId) : undefined;
    if (!account || (account.status !== "ACTIVE" && account.status !== "INVITED")) return spentLink(c);
    return c.json({ email: account.email, firstName: account.firstName, invited: account.status === "INVITED" });
  })
  .post("/password-resets/complete", validate("form", passwordResetParams), async (c) => {
    const body = c.req.valid("form");
    const accountId = await accountOfToken(c.env, body.token);
    const account = accountId ? await accountById(c.env, body.site, accountId) : undefined;
    if (!account) return spentLink(c);
    if (!isStrongEnough(body.password, personal(account))) return weak(c);
    if (!(await setPassword(c.env, account.id, await hashPassword(body.password), body.token))) return spentLink(c);
    const texts = PASSWORD_CHANGED[body.locale] ?? PASSWORD_CHANGED.en!;
    await queueEmail(c.env, account, "password-changed", texts, resetPage(body.site, body.site_url, body.locale));
    return c.json(accountView((await accountById(c.env, body.site, account.id))!));
  })
  /** A signed-in account's new password; a wrong current password is a field error, not a sign-out. */
  .post("/:id/password", validate("form", passwordChangeParams), async (c) => {
    const body = c.req.valid("form");
    const account = await accountById(c.env, body.site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return apiError(c, 404, API_ERROR_CODES.notFound, "Account not found");
    if (!(await verifyPassword(body.current_password, storedPassword(account)))) {
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Wrong current password", {
        fieldErrors: { current_password: "auth.errors.currentPassword" },
      });
    }
    if (!isStrongEnough(body.password, personal(account))) return weak(c);
    await setPassword(c.env, account.id, await hashPassword(body.password));
    const texts = PASSWORD_CHANGED[body.locale] ?? PASSWORD_CHANGED.en!;
    await queueEmail(c.env, account, "password-changed", texts, resetPage(body.site, body.site_url, body.locale));
    return c.json(accountView((await accountById(c.env, body.site, account.id))!));
  });
