import { useFocusOnError } from "~/components/use-focus-on-error";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tracking";
import { useShell } from "~/components/use-shell";
import { trackingRedirectIfLogged } from "~/lib/guards/visitor-redirects.server";
import { localRedirect } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageMeta } from "~/lib/meta";
import { pageUrl } from "~/lib/page-url";
import { routeParams } from "~/lib/route-params";
import { isEmail } from "@contract/rules/email";
import { rememberOrder } from "~/lib/tracking/access.server";
import { trackingApi } from "~/lib/tracking/api.server";

const lookupForm = z.object({
  // Order numbers are upper case (ES-7K3M9Q2X); read out or typed, they often are not.
  public_id: z.string().trim().toUpperCase().min(1, "tracking.lookup.errors.publicIdRequired").refine((value) => routeParams.publicId.safeParse(value).success, "tracking.lookup.errors.publicIdInvalid"),
  email: z.string().trim().min(1, "tracking.lookup.errors.emailRequired").refine(isEmail, "tracking.lookup.errors.emailInvalid"),
});
type Field = keyof z.infer<typeof lookupForm>;
type LookupResult = { values: Record<Field, string>; errors?: Partial<Record<Field, string>>; notFound?: string };

export function loader(args: Route.LoaderArgs) {
  trackingRedirectIfLogged(args);
  const asked = pageUrl(args.request).searchParams.get("public_id") ?? "";
  const publicId = routeParams.publicId.safeParse(asked).success ? asked : "";
  return { title: translate(args.context, "routes.tracking"), path: "/tracking", publicId };
}

export async function action(args: Route.ActionArgs) {
  trackingRedirectIfLogged(args);
  const form = await args.request.formData();
  const values = { public_id: String(form.get("public_id") ?? "").trim(), email: String(form.get("email") ?? "").trim() };
  const parsed = lookupForm.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] ??= translate(args.context, issue.message);
    return Response.json({ values, errors } satisfies LookupResult, { status: 400 });
  }
  const publicId = await trackingApi(args.context).lookup(parsed.data.public_id, parsed.data.email);
  if (!publicId) return Response.json({ values, notFound: translate(args.context, "tracking.lookup.notFound") } satisfies LookupResult, { status: 400 });
  rememberOrder(args, publicId);
  throw localRedirect(args.context, `/tracking/${encodeURIComponent(publicId)}`, 303);
}

export const meta: Route.MetaFunction = pageMeta;

export default function Tracking({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const navigation = useNavigation();
  const result = actionData as LookupResult | undefined;
  const failed = Boolean(result?.notFound || result?.errors);
  const summary = useFocusOnError(result, failed);
  const field = (name: Field, type: string, autoComplete: string) => {
    const error = result?.errors?.[name];
    const id = `tracking-${name}`;
    return (
      <div>
        <label htmlFor={id} className="block font-semibold">{t(`tracking.lookup.${name}`)}</label>
        {name === "public_id" ? <p id={`${id}-hint`} className="text-sm text-muted">{t("tracking.lookup.publicIdHint")}</p> : null}
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={result?.values[name] ?? (name === "public_id" ? loaderData.publicId : "")}
          aria-invalid={error ? true : undefined}
          aria-describedby={[name === "public_id" ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
          className="mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700"
        />
        {error ? <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-800">{error}</p> : null}
      </div>
    );
  };
  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{t("tracking.lookup.intro")}</p>
      {loaderData.publicId && !result ? (
        <p role="status" className="mt-6 rounded-card bg-brand-soft p-4" data-testid="tracking-notice">
          {t("tracking.lookup.confirmEmail", { publicId: loaderData.publicId })}
        </p>
      ) : null}
      {failed ? (
        <div ref={summary} tabIndex={-1} role="alert" className="mt-6 rounded-card border-2 border-red-700 bg-surface p-4 font-semibold text-red-800" data-testid="tracking-error">
          {result?.notFound ?? t("tracking.lookup.fixErrors")}
        </div>
      ) : null}
      <Form method="post" noValidate className="mt-6 space-y-4 rounded-card border border-line bg-surface p-5">
        {field("public_id", "text", "off")}
        {field("email", "email", "email")}
        <button type="submit" disabled={navigation.state !== "idle"} className="button-primary w-full tablet:w-auto">{t("tracking.lookup.submit")}</button>
      </Form>
    </div>
  );
}
