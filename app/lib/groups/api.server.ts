import type { RouterContextProvider } from "react-router";
import { API_ERROR_CODES } from "@contract/api/errors";
import type { FieldErrors } from "@contract/api/field-errors";
import type { STAFF_STATUS_CHANGES } from "@contract/api/enums";
import {
  groupConfigSchema,
  staffListSchema,
  staffMemberSchema,
  type GroupConfig,
  type Permission,
  type StaffMember,
} from "@contract/api/groups";
import { apiCalls } from "~/lib/product-api/calls.server";
import { fieldErrorsOfRefusal, isApiError } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, customerContext } from "~/lib/request/context/keys";

type Context = Readonly<RouterContextProvider>;
export type StaffForm = { email: string; first_name: string; last_name: string; permissions: Permission[] };
/**
 * What a change to one staff member came to: done, someone not of this group (404), or not possible in their status
 * (409).
 */
export type StaffChange = { ok: true; member: StaffMember } | { ok: false; reason: "notFound" | "conflict" };

async function staffChange(call: Promise<StaffMember>): Promise<StaffChange> {
  try {
    return { ok: true, member: await call };
  } catch (thrown) {
    if (isApiError(thrown, API_ERROR_CODES.notFound)) return { ok: false, reason: "notFound" };
    if (isApiError(thrown, API_ERROR_CODES.conflict)) return { ok: false, reason: "conflict" };
    throw thrown;
  }
}

async function orFieldErrors<T>(
  call: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; fieldErrors: FieldErrors }> {
  try {
    return { ok: true, value: await call };
  } catch (thrown) {
    const fieldErrors = fieldErrorsOfRefusal(thrown);
    if (fieldErrors) return { ok: false, fieldErrors };
    throw thrown;
  }
}

/** The signed-in master's group: its config and staff (the product API answers the group's owner only). */
export function groupsApi(context: Context) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  return apiCalls({
    config: (): Promise<GroupConfig> => api.get("/groups/config", actor, groupConfigSchema),
    /** The saved config, or the API's field errors. */
    saveConfig: (fields: Record<string, string>) =>
      orFieldErrors(api.post("/groups/config", { ...fields, ...actor }, groupConfigSchema)),
    staff: async (): Promise<StaffMember[]> => (await api.get("/groups/staff", actor, staffListSchema)).items,
    /** The invited member, or the API's field errors (an e-mail that has an account). */
    invite: (form: StaffForm, siteUrl: string) =>
      orFieldErrors(
        api.post(
          "/groups/staff",
          { ...form, permissions: form.permissions.join(","), site_url: siteUrl, ...actor },
          staffMemberSchema,
        ),
      ),
    update: (id: string, permissions: Permission[], canMakeOrders: boolean) =>
      staffChange(
        api.post(
          `/groups/staff/${encodeURIComponent(id)}`,
          { ...actor, permissions: permissions.join(","), can_make_orders: canMakeOrders },
          staffMemberSchema,
        ),
      ),
    setStatus: (id: string, status: (typeof STAFF_STATUS_CHANGES)[number]) =>
      staffChange(api.post(`/groups/staff/${encodeURIComponent(id)}/status`, { ...actor, status }, staffMemberSchema)),
    resendInvitation: (id: string, siteUrl: string) =>
      staffChange(
        api.post(
          `/groups/staff/${encodeURIComponent(id)}/invitation`,
          { ...actor, site_url: siteUrl },
          staffMemberSchema,
        ),
      ),
  });
}
