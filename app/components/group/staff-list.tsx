import { Form } from "react-router";
import { ACCOUNT_PERMISSIONS } from "@contract/api/enums";
import type { StaffMember } from "@contract/api/groups";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { CheckboxField, FormAlert } from "../form/fields";
import { useShell } from "../use-shell";
import { PermissionChecks } from "./permission-checks";

const STATUS_STYLES: Record<StaffMember["status"], string> = {
  ACTIVE: "bg-brand-soft text-brand-strong",
  INVITED: "bg-page text-ink border border-line",
  SUSPENDED: "bg-red-50 text-red-800",
  DELETED: "bg-page text-muted",
};

/**
 * One staff member: who they are, what they may see and do (saved per person), suspend or reactivate, resend an
 * invitation.
 */
function StaffCard({
  member,
  refusal,
  busy,
}: {
  member: StaffMember;
  refusal: FormRefusal | undefined;
  busy: boolean;
}) {
  const { t } = useShell();
  const form = `staff-${member.id}`;
  const name = `${member.firstName} ${member.lastName}`.trim();
  const ticked =
    refusal?.values.intent === "staff"
      ? ACCOUNT_PERMISSIONS.filter((permission) => refusal.values[`perm_${permission}`] === "on")
      : member.permissions;
  return (
    <li className="rounded-card border border-line bg-surface p-4" data-testid="staff-member">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-bold">{name}</h3>
        <span
          className={`rounded-button px-2 py-0.5 text-sm font-semibold ${STATUS_STYLES[member.status]}`}
          data-testid="staff-status"
        >
          {t(`group.staff.statuses.${member.status}`)}
        </span>
      </div>
      <p className="break-all text-muted">{member.email}</p>
      {member.status === "INVITED" ? (
        <p className="mt-1 text-sm text-muted">{t("group.staff.invitedHint", { name: member.firstName })}</p>
      ) : null}
      <FormAlert form={form} refusal={refusal} />
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value="staff" />
        <input type="hidden" name="staffId" value={member.id} />
        <PermissionChecks
          form={form}
          prefix="perm_"
          checked={ticked}
          legend={t("group.permissions.legend", { name })}
        />
        <CheckboxField
          form={form}
          name="can_make_orders"
          label={t("group.staff.canMakeOrders")}
          defaultChecked={
            refusal?.values.intent === "staff" ? refusal.values.can_make_orders === "on" : member.canMakeOrders
          }
        />
        <button type="submit" disabled={busy} className="button-primary">
          {t("group.staff.save")}
        </button>
      </Form>
      <div className="mt-3 flex flex-wrap gap-3 border-t border-line pt-3">
        {member.status === "ACTIVE" || member.status === "SUSPENDED" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="staffId" value={member.id} />
            <input type="hidden" name="status" value={member.status === "ACTIVE" ? "SUSPENDED" : "ACTIVE"} />
            <button
              type="submit"
              disabled={busy}
              className="button-secondary"
              aria-label={t(member.status === "ACTIVE" ? "group.staff.suspendLabel" : "group.staff.reactivateLabel", {
                name,
              })}
            >
              {t(member.status === "ACTIVE" ? "group.staff.suspend" : "group.staff.reactivate")}
            </button>
          </Form>
        ) : null}
        {member.status === "INVITED" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="staffId" value={member.id} />
            <button
              type="submit"
              disabled={busy}
              className="button-secondary"
              aria-label={t("group.staff.resendLabel", { name })}
            >
              {t("group.staff.resend")}
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

export function StaffList({
  staff,
  refusal,
  busy,
}: {
  staff: StaffMember[];
  refusal: FormRefusal | undefined;
  busy: boolean;
}) {
  const { t } = useShell();
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title" className="text-xl font-bold">
        {t("group.staff.title")}
      </h2>
      {staff.length === 0 ? (
        <p className="mt-2 text-muted" data-testid="staff-empty">
          {t("group.staff.empty")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 desktop:grid-cols-2">
          {staff.map((member) => (
            <StaffCard
              key={member.id}
              member={member}
              busy={busy}
              refusal={refusal?.values.staffId === member.id ? refusal : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
