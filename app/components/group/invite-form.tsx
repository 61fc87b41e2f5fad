import { Form } from "react-router";
import { ACCOUNT_PERMISSIONS } from "@contract/api/enums";
import type { Permission } from "@contract/api/groups";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { FormAlert, SubmitButton, TextField } from "../form/fields";
import { useShell } from "../use-shell";
import { PermissionChecks } from "./permission-checks";

const FORM = "invite";

/** Invites a staff member by e-mail; their permissions start as the company's config says. */
export function InviteForm({
  defaults,
  refusal,
  busy,
}: {
  defaults: readonly Permission[];
  refusal: FormRefusal | undefined;
  busy: boolean;
}) {
  const { t } = useShell();
  const errors = refusal?.fieldErrors ?? {};
  const ticked = refusal
    ? ACCOUNT_PERMISSIONS.filter((permission) => refusal.values[`perm_${permission}`] === "on")
    : defaults;
  return (
    <section aria-labelledby="invite-title" className="rounded-card border border-line bg-surface p-5">
      <h2 id="invite-title" className="text-xl font-bold">
        {t("group.invite.title")}
      </h2>
      <p className="mt-1 text-muted">{t("group.invite.intro")}</p>
      <FormAlert form={FORM} refusal={refusal} fixFieldsMessage="group.company.fixErrors" />
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          form={FORM}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          label={t("group.invite.email")}
          defaultValue={refusal?.values.email ?? ""}
          error={errors.email}
          required
        />
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            form={FORM}
            name="first_name"
            autoComplete="off"
            label={t("group.invite.firstName")}
            defaultValue={refusal?.values.first_name ?? ""}
            error={errors.first_name}
            required
          />
          <TextField
            form={FORM}
            name="last_name"
            autoComplete="off"
            label={t("group.invite.lastName")}
            defaultValue={refusal?.values.last_name ?? ""}
            error={errors.last_name}
            required
          />
        </div>
        <PermissionChecks
          form={FORM}
          prefix="perm_"
          checked={ticked}
          legend={t("group.invite.permissions")}
          error={errors.permissions}
        />
        <SubmitButton busy={busy} className="w-full tablet:w-auto">
          {t("group.invite.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
