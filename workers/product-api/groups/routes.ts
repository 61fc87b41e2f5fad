import { Hono, type Context } from "hono";
import { actorParams, type Account } from "@contract/api/accounts";
import { API_ERROR_CODES } from "@contract/api/errors";
import {
  groupConfigParams,
  staffIdParams,
  staffInvitationParams,
  staffInviteParams,
  staffStatusParams,
  staffUpdateParams,
} from "@contract/api/groups";
import { brandBySlug } from "@contract/brands/brands";
import { checkGroupConfig } from "@contract/groups/config-rules";
import { groupOwnerOrAnswer } from "../accounts/group-owner";
import { INVITATION_TTL_MS, issuePasswordToken } from "../accounts/password-tokens";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { invitationEmail } from "./invitation-email";
import {
  changeStaffStatus,
  groupConfigOf,
  insertStaff,
  queueEmail,
  saveGroupConfig,
  spendOpenTokens,
  staffMemberOf,
  staffOfGroup,
  updateStaff,
} from "./queries";

const unknownSite = (c: Context, site: string) =>
  apiError(c, 400, API_ERROR_CODES.invalidRequest, `Unknown site ${site}`);
const noStaff = (c: Context) => apiError(c, 404, API_ERROR_CODES.notFound, "Staff member not found");
/** Who the invitation says invites: the company, or the master's name before it has one. */
const inviterOf = (config: { companyName: string }, owner: Account) =>
  config.companyName || `${owner.firstName} ${owner.lastName}`;

/**
 * The owner acting and one of its staff members, or the answer to give (403 for anyone but an owner, 404 for anyone not
 * its staff).
 */
async function ownStaffOrAnswer(c: Context<ProductApi>, site: string, accountId: string, id: string) {
  const owner = await groupOwnerOrAnswer(c, site, accountId);
  if (owner instanceof Response) return owner;
  const staff = await staffMemberOf(c.env, site, owner.account.id, id);
  return staff ? { owner: owner.account, staff } : noStaff(c);
}

/** Sends a new invitation link to an invited staff member, spending the links sent before. */
async function invite(
  env: ProductApiEnv,
  site: string,
  siteUrl: string,
  staff: { id: string; email: string; firstName: string },
  company: string,
) {
  const brand = brandBySlug(site)!;
  await spendOpenTokens(env, staff.id);
  const token = await issuePasswordToken(env, staff.id, INVITATION_TTL_MS);
  await queueEmail(env, site, staff.email, invitationEmail(brand, siteUrl, token, staff, company), "staff-invitation");
}

/**
 * A master's group, for its owner only: the company's config and the staff sub-accounts (invited, their permissions,
 * suspended or active again). Another group's staff member is "not found".
 */
export const groups = new Hono<ProductApi>()
  .get("/config", validate("query", actorParams), async (c) => {
    const { site, account_id } = c.req.valid("query");
    const owner = await groupOwnerOrAnswer(c, site, account_id);
    if (owner instanceof Response) return owner;
    return c.json(await groupConfigOf(c.env, owner.account));
  })
  .post("/config", validate("form", groupConfigParams), async (c) => {
    const { site, account_id, ...form } = c.req.valid("form");
    const brand = brandBySlug(site);
    if (!brand) return unknownSite(c, site);
    const owner = await groupOwnerOrAnswer(c, site, account_id);
    if (owner instanceof Response) return owner;
    const fields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
    const checked = checkGroupConfig(brand, fields);
    if (!checked.ok)
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "Invalid config", { fieldErrors: checked.fieldErrors });
    await saveGroupConfig(c.env, owner.account.id, checked.value);
    return c.json(await groupConfigOf(c.env, owner.account));
  })
  .get("/staff", validate("query", actorParams), async (c) => {
    const { site, account_id } = c.req.valid("query");
    const owner = await groupOwnerOrAnswer(c, site, account_id);
    if (owner instanceof Response) return owner;
    return c.json({ items: await staffOfGroup(c.env, site, owner.account.id) });
  })
  /** Invites a staff member: an INVITED sub-account that may order as the config says, and the e-mail with its link. */
  .post("/staff", validate("form", staffInviteParams), async (c) => {
    const body = c.req.valid("form");
    const brand = brandBySlug(body.site);
    if (!brand) return unknownSite(c, body.site);
    const owner = await groupOwnerOrAnswer(c, body.site, body.account_id);
    if (owner instanceof Response) return owner;
    const config = await groupConfigOf(c.env, owner.account);
    const staff = { email: body.email, firstName: body.first_name, lastName: body.last_name };
    const id = await insertStaff(c.env, owner.account.id, {
      ...staff,
      site: body.site,
      locale: brand.defaultLocale,
      permissions: body.permissions,
      canMakeOrders: config.staffCanMakeOrders,
      companyName: config.companyName || owner.account.companyName,
      taxId: config.taxId,
    });
    if (!id)
      return apiError(c, 409, API_ERROR_CODES.conflict, "An account with this e-mail exists", {
        fieldErrors: { email: "group.errors.emailTaken" },
      });
    await invite(c.env, body.site, body.site_url, { id, ...staff }, inviterOf(config, owner.account));
    return c.json(await staffMemberOf(c.env, body.site, owner.account.id, id), 201);
  })
  .post("/staff/:id", validate("param", staffIdParams), validate("form", staffUpdateParams), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("form");
    const found = await ownStaffOrAnswer(c, body.site, body.account_id, id);
    if (found instanceof Response) return found;
    await updateStaff(c.env, body.site, found.owner.id, id, body.permissions, body.can_make_orders);
    return c.json(await staffMemberOf(c.env, body.site, found.owner.id, id));
  })
  /**
   * Suspends an active staff member or reactivates a suspended one; an invited one becomes active only by accepting.
   */
  .post("/staff/:id/status", validate("param", staffIdParams), validate("form", staffStatusParams), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("form");
    const found = await ownStaffOrAnswer(c, body.site, body.account_id, id);
    if (found instanceof Response) return found;
    if (found.staff.status !== body.status) {
      const from = body.status === "SUSPENDED" ? "ACTIVE" : "SUSPENDED";
      if (!(await changeStaffStatus(c.env, body.site, found.owner.id, id, from, body.status))) {
        return apiError(
          c,
          409,
          API_ERROR_CODES.conflict,
          `A ${found.staff.status} staff member cannot become ${body.status}`,
        );
      }
    }
    return c.json(await staffMemberOf(c.env, body.site, found.owner.id, id));
  })
  .post(
    "/staff/:id/invitation",
    validate("param", staffIdParams),
    validate("form", staffInvitationParams),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("form");
      const found = await ownStaffOrAnswer(c, body.site, body.account_id, id);
      if (found instanceof Response) return found;
      if (found.staff.status !== "INVITED")
        return apiError(c, 409, API_ERROR_CODES.conflict, "Only an invited staff member gets an invitation");
      await invite(
        c.env,
        body.site,
        body.site_url,
        found.staff,
        inviterOf(await groupConfigOf(c.env, found.owner), found.owner),
      );
      return c.json(found.staff);
    },
  );
