import { Hono, type Context } from "hono";
import { accountSchema } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import { fieldErrorsOf } from "@contract/api/field-errors";
import {
  accountDeletionParams,
  addressUpdateParams,
  emailChangeParams,
  profileFieldsSchema,
  profileUpdateParams,
  type Profile,
} from "@contract/api/profile";
import { brandBySlug } from "@contract/brands/brands";
import { checkAddress } from "@contract/checkout/step-rules";
import { firstRow, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { verifyPassword } from "./passwords";
import { accountById, accountView, storedPassword, type AccountRow } from "./queries";

type ProfileRow = {
  birthDate: string | null;
  phone: string | null;
  defaultAddress: string | null;
  newsletter: string | null;
};

/** The account with its profile fields and its newsletter state (the newsletter's own table, by e-mail). */
async function profileOf(env: ProductApiEnv, account: AccountRow): Promise<Profile> {
  const extra = (await firstRow<ProfileRow>(
    env,
    sql`SELECT a.birth_date AS birthDate, a.phone, a.default_address AS defaultAddress,
      (SELECT status FROM newsletter_subscribers n WHERE n.site = a.site AND n.email = a.email) AS newsletter
    FROM accounts a WHERE a.id = ${account.id}`,
  ))!;
  return {
    ...accountView(account),
    birthDate: extra.birthDate,
    phone: extra.phone,
    defaultAddress: extra.defaultAddress ? JSON.parse(extra.defaultAddress) : null,
    hasPassword: storedPassword(account) !== null,
    newsletter: extra.newsletter === "PENDING" || extra.newsletter === "CONFIRMED" ? extra.newsletter : "NONE",
  };
}

const notFound = (c: Context<ProductApi>) => apiError(c, 404, API_ERROR_CODES.notFound, "Account not found");
const refused = (c: Context<ProductApi>, fieldErrors: Record<string, string>, status: 400 | 409 = 400) =>
  apiError(c, status, status === 409 ? API_ERROR_CODES.conflict : API_ERROR_CODES.invalidRequest, "Refused", {
    fieldErrors,
  });

/** The signed-in account's own profile: read, change, move to another e-mail, set its default address, delete. */
export const profiles = new Hono<ProductApi>()
  .get("/:id/profile", validate("query", accountSchema.pick({ site: true })), async (c) => {
    const account = await accountById(c.env, c.req.valid("query").site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return notFound(c);
    return c.json(await profileOf(c.env, account));
  })
  .post("/:id/profile", validate("form", profileUpdateParams), async (c) => {
    const { site, ...form } = c.req.valid("form");
    const account = await accountById(c.env, site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return notFound(c);
    const parsed = profileFieldsSchema(brandBySlug(site)!.country).safeParse(form);
    if (!parsed.success) return refused(c, fieldErrorsOf(parsed.error));
    const p = parsed.data;
    await rows(
      c.env,
      sql`UPDATE accounts SET first_name = ${p.first_name}, last_name = ${p.last_name}, phone = ${p.phone}, birth_date = ${p.birth_date},
      customer_type = ${p.customer_type}, company_name = ${p.company_name}, tax_id = ${p.tax_id}, updated_at = ${new Date().toISOString()}
      WHERE id = ${account.id}`,
    );
    return c.json(await profileOf(c.env, (await accountById(c.env, site, account.id))!));
  })
  /** A new e-mail needs the password (whoever has a signed-in browser for a moment cannot take the account over). */
  .post("/:id/email", validate("form", emailChangeParams), async (c) => {
    const body = c.req.valid("form");
    const account = await accountById(c.env, body.site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return notFound(c);
    if (!(await verifyPassword(body.current_password, storedPassword(account))))
      return refused(c, { current_password: "auth.errors.currentPassword" });
    const taken = await firstRow(
      c.env,
      sql`SELECT 1 AS found FROM accounts WHERE site = ${body.site} AND email = ${body.email} AND id != ${account.id}`,
    );
    if (taken) return refused(c, { email: "auth.errors.emailTaken" }, 409);
    await rows(
      c.env,
      sql`UPDATE accounts SET email = ${body.email}, updated_at = ${new Date().toISOString()} WHERE id = ${account.id}`,
    );
    return c.json(await profileOf(c.env, (await accountById(c.env, body.site, account.id))!));
  })
  .post("/:id/address", validate("form", addressUpdateParams), async (c) => {
    const { site, clear, ...form } = c.req.valid("form");
    const account = await accountById(c.env, site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return notFound(c);
    let stored: string | null = null;
    if (!clear) {
      const checked = checkAddress(brandBySlug(site)!, form);
      if (!checked.ok) return refused(c, checked.fieldErrors);
      stored = JSON.stringify(checked.value);
    }
    await rows(
      c.env,
      sql`UPDATE accounts SET default_address = ${stored}, updated_at = ${new Date().toISOString()} WHERE id = ${account.id}`,
    );
    return c.json(await profileOf(c.env, (await accountById(c.env, site, account.id))!));
  })
  /**
   * Deleting an account: what identifies the person goes (names, e-mail, password, phone, birth date, address, linked
   * sign-ins, tickets, saved designs, the newsletter); orders and invoices stay, with the details the law requires a
   * seller to keep, no longer linked to anyone who can sign in. A business (master) account is closed by support.
   */
  .post("/:id/delete", validate("form", accountDeletionParams), async (c) => {
    const body = c.req.valid("form");
    const account = await accountById(c.env, body.site, c.req.param("id"));
    if (account?.status !== "ACTIVE") return notFound(c);
    if (account.kind === "master" && !account.masterId)
      return refused(c, { confirm: "profile.errors.masterDeletion" }, 409);
    const password = storedPassword(account);
    if (password && !(await verifyPassword(body.current_password ?? "", password)))
      return refused(c, { current_password: "auth.errors.currentPassword" });
    const db = c.env.STORE_DB;
    const id = account.id;
    const now = new Date().toISOString();
    await db.batch([
      db.prepare("DELETE FROM account_identities WHERE account_id = ?").bind(id),
      db.prepare("DELETE FROM password_resets WHERE account_id = ?").bind(id),
      db
        .prepare("DELETE FROM ticket_messages WHERE ticket_id IN (SELECT id FROM tickets WHERE account_id = ?)")
        .bind(id),
      db.prepare("DELETE FROM tickets WHERE account_id = ?").bind(id),
      db.prepare("DELETE FROM design_texts WHERE design_id IN (SELECT id FROM designs WHERE account_id = ?)").bind(id),
      db.prepare("DELETE FROM designs WHERE account_id = ?").bind(id),
      db.prepare("DELETE FROM newsletter_subscribers WHERE site = ? AND email = ?").bind(account.site, account.email),
      db.prepare("UPDATE carts SET customer_id = NULL WHERE customer_id = ?").bind(id),
      db
        .prepare(`UPDATE accounts SET email = ?, first_name = '', last_name = '', password_hash = NULL, password_salt = NULL, password_iterations = NULL,
          phone = NULL, birth_date = NULL, default_address = NULL, company_name = NULL, tax_id = NULL, status = 'DELETED', updated_at = ? WHERE id = ?`)
        .bind(`deleted-${id}@deleted.invalid`, now, id),
    ]);
    return c.json({ deleted: true });
  });
