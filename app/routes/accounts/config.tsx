import { useNavigation } from "react-router";
import type { Route } from "./+types/config";
import { AccountPageIntro } from "~/components/accounts/page-intro";
import { refusalOf } from "~/components/form/fields";
import { CompanyForm } from "~/components/group/company-form";
import { InviteForm } from "~/components/group/invite-form";
import { StaffList } from "~/components/group/staff-list";
import { groupsApi } from "~/lib/groups/api.server";
import { CONFIG_NOTICES, configAction } from "~/lib/groups/config-page.server";
import { requireGroupOwner } from "~/lib/guards/auth.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { pageMeta } from "~/lib/seo/meta";

export async function loader(args: Route.LoaderArgs) {
  requireGroupOwner(args);
  const api = groupsApi(args.context);
  const [config, staff] = await Promise.all([api.config(), api.staff()]);
  const done = pageUrl(args.request).searchParams.get("done");
  return {
    title: translate(args.context, "routes.accountsConfig"),
    noindex: true,
    config,
    staff,
    notice: CONFIG_NOTICES.find((notice) => notice === done) ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  requireGroupOwner(args);
  return configAction(args);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Config({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const refusal = refusalOf(actionData);
  const of = (intent: string) => (refusal?.values.intent === intent ? refusal : undefined);
  // A refusal about no form on the page (a staff member not of this group, an unknown action) is said at the top.
  const unplaced =
    refusal &&
    !of("config") &&
    !of("invite") &&
    !loaderData.staff.some((member) => member.id === refusal.values.staffId)
      ? refusal
      : undefined;
  return (
    <div className="space-y-8">
      <AccountPageIntro
        title={loaderData.title}
        intro="group.intro"
        notice={loaderData.notice && !refusal ? `group.notices.${loaderData.notice}` : null}
        refusal={unplaced}
        form="config"
      />
      <CompanyForm config={loaderData.config} refusal={of("config")} busy={busy} />
      <StaffList staff={loaderData.staff} refusal={refusal?.values.staffId ? refusal : undefined} busy={busy} />
      <InviteForm defaults={loaderData.config.staffPermissions} refusal={of("invite")} busy={busy} />
    </div>
  );
}
