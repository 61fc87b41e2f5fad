import { Form } from "react-router";
import { Link } from "~/components/link";
import { z } from "zod";
import type { Route } from "./+types/unsubscribe";
import { refusalOf } from "~/components/form/fields";
import { useShell } from "~/components/use-shell";
import { readForm, refuse } from "~/lib/forms/form.server";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, requestInfoContext } from "~/lib/request/context/keys";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/seo/meta";
import { isUnsubscribeToken } from "~/lib/newsletter/token.server";
import { pageUrl } from "~/lib/request/routing/page-url";

const link = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  token: z.string().regex(/^[a-f0-9]{64}$/),
});

async function signedLink(params: unknown, context: Route.LoaderArgs["context"]) {
  const parsed = link.safeParse(params);
  if (!parsed.success) return null;
  const { config } = context.get(requestInfoContext);
  const valid = await isUnsubscribeToken(
    config.sessionPassword,
    context.get(brandContext).slug,
    parsed.data.email,
    parsed.data.token,
  );
  return valid ? parsed.data : null;
}

/** Leaving the newsletter from the e-mail's signed link: no login, and leaving twice is fine. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signed = await signedLink(Object.fromEntries(pageUrl(request).searchParams), context);
  return {
    title: translate(context, "routes.unsubscribe"),
    noindex: true,
    email: signed?.email ?? null,
    token: signed?.token ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const values = await readForm(args);
  const signed = await signedLink(values, args.context);
  if (!signed) return refuse(values, {}, "unsubscribe.invalid");
  await catalogueApi(args.context).unsubscribe(signed.email);
  return { ok: true as const };
}

export const meta: Route.MetaFunction = pageMeta;

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useShell();
  const refusal = refusalOf(actionData);
  const done = actionData && !refusal;
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      {done ? (
        <p role="status" className="mt-6 rounded-card bg-brand-soft p-5 font-semibold" data-testid="unsubscribe-status">
          {t("unsubscribe.done", { email: loaderData.email })}
        </p>
      ) : loaderData.email && !refusal ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="email" value={loaderData.email} />
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <p>{t("unsubscribe.question", { email: loaderData.email })}</p>
          <button type="submit" className="button-primary mt-4">
            {t("unsubscribe.confirm")}
          </button>
        </Form>
      ) : (
        <div className="mt-6 rounded-card bg-brand-soft p-5" data-testid="unsubscribe-invalid">
          <p className="font-semibold">{t("unsubscribe.invalid")}</p>
          <Link to={to("/help-center")} className="mt-3 inline-block text-brand">
            {t("nav.helpCenter")}
          </Link>
        </div>
      )}
    </div>
  );
}
