import { ACCOUNT_PERMISSIONS, STAFF_STATUS_CHANGES } from "@contract/api/enums";
import { staffIdParams, staffInviteFields } from "@contract/api/groups";
import { checkGroupConfig } from "@contract/groups/config-rules";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { localRedirect, type GuardArgs } from "~/lib/guards/redirect.server";
import { brandContext } from "~/lib/request/context/keys";
import { groupsApi, type StaffChange } from "./api.server";

/** What a done change says on the page it leads back to (`?done=`). */
export const CONFIG_NOTICES = [
  "configSaved",
  "invited",
  "staffSaved",
  "suspended",
  "reactivated",
  "invitationResent",
] as const;
type Notice = (typeof CONFIG_NOTICES)[number];

/** The permissions ticked in a form, each a checkbox named `{prefix}{permission}`. */
export const permissionsTicked = (values: Record<string, string>, prefix: string) =>
  ACCOUNT_PERMISSIONS.filter((permission) => values[`${prefix}${permission}`] === "on");

const done = (args: GuardArgs, notice: Notice) => localRedirect(args.context, `/accounts/config?done=${notice}`, 303);

function afterStaffChange(args: GuardArgs, values: Record<string, string>, change: StaffChange, notice: Notice) {
  if (change.ok) return done(args, notice);
  return change.reason === "notFound"
    ? refuse(values, {}, "group.errors.staffGone", 404)
    : refuse(values, {}, "group.errors.statusConflict", 409);
}

/**
 * The config page's forms, told apart by `intent`: the company's details, inviting a staff member, and one staff
 * member's permissions, status or invitation. Each answers a refusal in the form's shape, or leads back with a notice.
 */
export async function configAction(args: GuardArgs) {
  const values = await readForm(args);
  const api = groupsApi(args.context);
  const siteUrl = new URL(args.request.url).origin;
  if (values.intent === "config") {
    const fields = {
      company_name: values.company_name ?? "",
      tax_id: values.tax_id ?? "",
      phone: values.phone ?? "",
      street: values.street ?? "",
      postcode: values.postcode ?? "",
      city: values.city ?? "",
      staff_permissions: permissionsTicked(values, "staff_perm_").join(","),
      staff_can_make_orders: values.staff_can_make_orders === "on" ? "true" : "false",
    };
    const checked = checkGroupConfig(args.context.get(brandContext), fields);
    if (!checked.ok) return refuse(values, checked.fieldErrors, "group.company.fixErrors");
    const saved = await api.saveConfig(fields);
    return saved.ok ? done(args, "configSaved") : refuse(values, saved.fieldErrors, "group.company.fixErrors");
  }
  if (values.intent === "invite") {
    const parsed = parseForm(staffInviteFields, {
      ...values,
      permissions: permissionsTicked(values, "perm_").join(","),
    });
    if (!parsed.ok) return refuse(values, parsed.fieldErrors, "group.company.fixErrors");
    const invited = await api.invite(parsed.value, siteUrl);
    return invited.ok ? done(args, "invited") : refuse(values, invited.fieldErrors, "group.company.fixErrors");
  }
  if (values.intent !== "staff" && values.intent !== "status" && values.intent !== "resend")
    return refuse(values, {}, "group.errors.unknownAction");
  const staffId = staffIdParams.safeParse({ id: values.staffId }).data?.id;
  if (!staffId) return refuse(values, {}, "group.errors.staffGone", 404);
  if (values.intent === "staff") {
    return afterStaffChange(
      args,
      values,
      await api.update(staffId, permissionsTicked(values, "perm_"), values.can_make_orders === "on"),
      "staffSaved",
    );
  }
  if (values.intent === "status") {
    const status = STAFF_STATUS_CHANGES.find((change) => change === values.status);
    if (!status) return refuse(values, {}, "group.errors.unknownAction");
    return afterStaffChange(
      args,
      values,
      await api.setStatus(staffId, status),
      status === "SUSPENDED" ? "suspended" : "reactivated",
    );
  }
  return afterStaffChange(args, values, await api.resendInvitation(staffId, siteUrl), "invitationResent");
}
