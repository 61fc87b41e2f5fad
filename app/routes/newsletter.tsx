import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/newsletter";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, localeContext, requestInfoContext } from "~/lib/context";
import { translate } from "~/lib/i18n/translate.server";
import { localizePath } from "@contract/locales/paths";
import { pageMeta } from "~/lib/meta";
import { unsubscribeToken } from "~/lib/newsletter/token.server";
import { pageUrl } from "~/lib/page-url";
import { isEmail } from "@contract/rules/email";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = pageUrl(request).searchParams.get("token");
  return {
    title: translate(context, "routes.newsletter"),
    description: translate(context, "newsletter.description"),
    path: "/newsletter",
    confirmToken: token && /^[a-f0-9]{32}$/.test(token) ? token : null,
  };
}

const subscribeForm = z.object({ intent: z.literal("subscribe"), email: z.string().trim().toLowerCase().max(254), consent: z.literal("on").optional() });
const confirmForm = z.object({ intent: z.literal("confirm"), token: z.string().regex(/^[a-f0-9]{32}$/) });

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const catalogue = catalogueApi(context);
  const confirm = confirmForm.safeParse(form);
  if (confirm.success) {
    const result = await catalogue.confirmSubscription(confirm.data.token);
    return { state: result.ok ? ("confirmed" as const) : ("invalidLink" as const) };
  }
  const parsed = subscribeForm.safeParse(form);
  const email = parsed.success ? parsed.data.email : String(form.email ?? "");
  const errors: { email?: string; consent?: string } = {};
  if (!parsed.success || !isEmail(email)) errors.email = translate(context, "newsletter.invalidEmail");
  if (!parsed.success || !parsed.data.consent) errors.consent = translate(context, "newsletter.consentRequired");
  if (errors.email || errors.consent) return Response.json({ state: "invalid", errors, email }, { status: 400 });
  const origin = new URL(request.url).origin;
  const brand = context.get(brandContext);
  const locale = context.get(localeContext);
  const { config } = context.get(requestInfoContext);
  const token = await unsubscribeToken(config.sessionPassword, brand.slug, email);
  const confirmUrl = `${origin}${localizePath("/newsletter", locale, brand)}`;
  const unsubscribeUrl = `${origin}${localizePath("/unsubscribe", locale, brand)}?email=${encodeURIComponent(email)}&token=${token}`;
  const result = await catalogue.subscribe(email, confirmUrl, unsubscribeUrl);
  return { state: result.status === "CONFIRMED" ? ("alreadySubscribed" as const) : ("checkInbox" as const), email };
}

export const meta: Route.MetaFunction = pageMeta;

type ActionResult = { state: "invalid" | "confirmed" | "invalidLink" | "alreadySubscribed" | "checkInbox"; errors?: { email?: string; consent?: string }; email?: string };

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShell();
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const busy = navigation.state !== "idle";
  const done = result && result.state !== "invalid";
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold">{loaderData.title}</h1>
      <p className="mt-2 text-muted">{loaderData.description}</p>
      {done ? (
        <p role="status" className="mt-6 rounded-card bg-brand-soft p-5 font-semibold" data-testid="newsletter-status">
          {t(`newsletter.${result.state}`, { email: result.email ?? "" })}
        </p>
      ) : loaderData.confirmToken ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={loaderData.confirmToken} />
          <p>{t("newsletter.confirmText")}</p>
          <button type="submit" disabled={busy} className="button-primary mt-4">{t("newsletter.confirm")}</button>
        </Form>
      ) : (
        <Form method="post" noValidate className="mt-6 space-y-4">
          <input type="hidden" name="intent" value="subscribe" />
          <div>
            <label htmlFor="newsletter-email" className="block font-semibold">{t("newsletter.email")}</label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              defaultValue={result?.email ?? ""}
              aria-invalid={result?.errors?.email ? true : undefined}
              aria-describedby={result?.errors?.email ? "newsletter-email-error" : undefined}
              className="mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3 aria-[invalid]:border-red-700"
            />
            {result?.errors?.email ? <p id="newsletter-email-error" className="mt-1 text-sm font-semibold text-red-800">{result.errors.email}</p> : null}
          </div>
          <div>
            <label className="flex items-start gap-2">
              <input type="checkbox" name="consent" aria-invalid={result?.errors?.consent ? true : undefined} aria-describedby={result?.errors?.consent ? "newsletter-consent-error" : undefined} className="mt-1 h-5 w-5" />
              <span>{t("newsletter.consent")}</span>
            </label>
            {result?.errors?.consent ? <p id="newsletter-consent-error" className="mt-1 text-sm font-semibold text-red-800">{result.errors.consent}</p> : null}
          </div>
          <button type="submit" disabled={busy} className="button-primary">{t("newsletter.subscribe")}</button>
        </Form>
      )}
    </div>
  );
}
