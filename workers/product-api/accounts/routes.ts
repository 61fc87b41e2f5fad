import { Hono } from "hono";
import {
  accountParams,
  credentialsParams,
  identityParams,
  newAccountParams,
  taxIdProblem,
  type CurrentAccount,
} from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import { brandBySlug } from "@contract/brands/brands";
import { customerCartSummary } from "../carts/queries";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { hashPassword, verifyPassword } from "./passwords";
import {
  accountByEmail,
  accountById,
  accountByIdentity,
  accountView,
  insertAccount,
  linkIdentity,
  storedPassword,
} from "./queries";

const unknownSite = (c: Parameters<typeof apiError>[0], site: string) =>
  apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${site}`);

/** Accounts: created with a password, signed in with one or with another provider, and read by their id. */
export const accounts = new Hono<ProductApi>()
  .post("/", validate("form", newAccountParams), async (c) => {
    const body = c.req.valid("form");
    const brand = brandBySlug(body.site);
    if (!brand) return unknownSite(c, body.site);
    const taxId = taxIdProblem(brand.country, body.tax_id);
    if (taxId)
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Invalid tax id", { fieldErrors: { tax_id: taxId } });
    const company = body.customer_type === "COMPANY";
    const id = await insertAccount(c.env, {
      site: body.site,
      locale: body.locale,
      email: body.email,
      password: await hashPassword(body.password),
      firstName: body.first_name,
      lastName: body.last_name,
      customerType: body.customer_type,
      companyName: company ? (body.company_name ?? null) : null,
      taxId: company ? (body.tax_id ?? null) : null,
    });
    if (!id)
      return apiError(c, 409, API_ERROR_CODES.conflict, "An account with this e-mail exists", {
        fieldErrors: { email: "auth.errors.emailTaken" },
      });
    return c.json(accountView((await accountById(c.env, body.site, id))!), 201);
  })
  // The same answer, after the same work, for an unknown e-mail and a wrong password.
  .post("/credentials", validate("form", credentialsParams), async (c) => {
    const { site, email, password } = c.req.valid("form");
    const account = await accountByEmail(c.env, site, email);
    const opened = await verifyPassword(password, account ? storedPassword(account) : null);
    if (!opened || !account || account.status !== "ACTIVE")
      return apiError(c, 401, API_ERROR_CODES.invalidCredentials, "Wrong e-mail or password");
    return c.json(accountView(account));
  })
  /**
   * A sign-in by another provider, which the storefront vouches has verified the e-mail: the account of that identity,
   * else the account of that e-mail (now linked to it), else a new account without a password.
   */
  .post("/identities", validate("form", identityParams), async (c) => {
    const body = c.req.valid("form");
    const brand = brandBySlug(body.site);
    if (!brand) return unknownSite(c, body.site);
    const known = await accountByIdentity(c.env, body.site, body.provider, body.subject);
    if (known && known.status !== "ACTIVE")
      return apiError(c, 401, API_ERROR_CODES.invalidCredentials, "This account cannot sign in");
    if (known) return c.json(accountView(known));
    const byEmail = await accountByEmail(c.env, body.site, body.email);
    if (byEmail && byEmail.status !== "ACTIVE")
      return apiError(c, 401, API_ERROR_CODES.invalidCredentials, "This account cannot sign in");
    const id =
      byEmail?.id ??
      (await insertAccount(c.env, {
        site: body.site,
        locale: brand.defaultLocale,
        email: body.email,
        password: null,
        firstName: body.first_name,
        lastName: body.last_name,
        customerType: "PERSON",
        companyName: null,
        taxId: null,
      })) ??
      (await accountByEmail(c.env, body.site, body.email))!.id;
    await linkIdentity(c.env, body.provider, body.subject, id);
    return c.json(accountView((await accountById(c.env, body.site, id))!), byEmail ? 200 : 201);
  })
  // The account as stored now, with its open cart's counts: what each signed-in page checks and its header shows, read
  // side by side (one D1 batch).
  .get("/:id", validate("query", accountParams), async (c) => {
    const { site } = c.req.valid("query");
    const [account, openCart] = await Promise.all([
      accountById(c.env, site, c.req.param("id")),
      customerCartSummary(c.env, site, c.req.param("id")),
    ]);
    if (!account) return apiError(c, 404, API_ERROR_CODES.notFound, "Account not found");
    const current: CurrentAccount = { ...accountView(account), openCart: openCart ?? null };
    return c.json(current);
  });
