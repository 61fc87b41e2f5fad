import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.session";
import { errorResponse, methodNotAllowed } from "@contract/http/errors";
import { CONSENT_VERSION } from "@contract/marketing/consent";
import { requestConsent } from "~/lib/consent/consent-cookie.server";
import { forgetConsent, mirrorConsent, recordConsent, sessionConsentFields } from "~/lib/consent/record-consent.server";
import { readForm } from "~/lib/forms/form.server";
import { parseViewport, VIEWPORT_COOKIE } from "~/lib/marketing/viewport";
import { readCookie } from "~/lib/request/cookies/cookie-headers";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { safeReturnPath } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { requestInfoContext, sessionContext } from "~/lib/request/context/keys";
import { customerSchema, publicSession } from "~/lib/session/data";
import { SessionError } from "~/lib/session/seal";

const sealedBody = z.strictObject({ session: z.string().min(1).max(8192) });
const consentBody = z.strictObject({
  isConsentGiven: z.boolean(),
  isAdsAccepted: z.boolean(),
  isAnalyticsAccepted: z.boolean(),
  consentVersion: z.string().min(1).max(32),
  /**
   * The page saw `navigator.globalPrivacyControl` (a browser may send it without the Sec-GPC header): kept with the
   * record.
   */
  globalPrivacyControl: z.literal(true).optional(),
});
const screenBody = z.strictObject({
  screenWidth: z.number().int().min(1).max(20000),
  screenHeight: z.number().int().min(1).max(20000),
  screenDevicePixelRatio: z.number().min(0.1).max(10),
});
const analyticsBody = z.strictObject({
  ga4ClientId: z.string().min(1).max(128),
  ga4SessionId: z.string().min(1).max(128),
  ga4SessionNumber: z.number().int().min(0).max(1_000_000_000),
});
const customerBody = z.strictObject({
  customer: customerSchema.pick({ id: true, email: true, firstName: true, lastName: true }).strict(),
  updateDateCustomer: z.iso.datetime({ offset: true }),
});
/** The consent banner's form, posted without JavaScript: the button pressed, the two boxes, the page to go back to. */
const consentForm = z.strictObject({
  choice: z.enum(["all", "none", "save"]),
  ads: z.literal("on").optional(),
  analytics: z.literal("on").optional(),
  returnTo: z.string().max(2048).optional(),
});

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** GET: the visitor's session (created on first use, with the consent cookie's answer already in it). */
export function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  session.ensure();
  mirrorConsent(session, requestConsent(request));
  // The screen fields come from the viewport cookie the page's script keeps (written only when they changed).
  const viewport = parseViewport(readCookie(request.headers.get("cookie"), VIEWPORT_COOKIE.name));
  const { screenWidth, screenHeight, screenDevicePixelRatio } = session.data;
  if (
    viewport &&
    (viewport.screenWidth !== screenWidth ||
      viewport.screenHeight !== screenHeight ||
      viewport.screenDevicePixelRatio !== screenDevicePixelRatio)
  ) {
    session.update(viewport);
  }
  return Response.json(publicSession(session.data));
}

/**
 * POST: one of the spec's JSON body shapes, or the consent banner's form; anything else is a 4xx that says what was
 * wrong.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(request.method, ["GET", "POST"]);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (FORM_TYPES.includes(type)) return consentFormAction({ request, context });
  if (type !== "application/json")
    return errorResponse(415, "unsupportedMediaType", translate(context, "consent.errors.unsupportedBody"));

  const session = context.get(sessionContext);
  const body = await readJsonBody(request);
  const invalid = () => errorResponse(400, "badBody", translate(context, "session.invalidBody"));
  if (body === undefined) return invalid();

  const sealed = sealedBody.safeParse(body);
  if (sealed.success) {
    const { config, env } = context.get(requestInfoContext);
    try {
      const adopted = await config.sessionProvider.read(sealed.data.session, {
        password: config.sessionPassword,
        ttlSeconds: config.ttlSeconds,
        skewSeconds: config.skewSeconds,
        kv: env.SESSIONS,
      });
      session.adopt(adopted);
    } catch (error) {
      if (error instanceof SessionError) return errorResponse(400, "badField", error.message);
      throw error;
    }
    return Response.json(publicSession(session.data));
  }

  const consent = consentBody.safeParse(body);
  if (consent.success) return consentAnswer({ request, context }, consent.data);

  const ids = analyticsBody.safeParse(body);
  if (ids.success) {
    // Analytics ids alone do not make a session (that would make every measured visitor's pages uncacheable).
    if (!session.exists) return new Response(null, { status: 204 });
    session.update(ids.data);
    return Response.json(publicSession(session.data));
  }

  const screen = screenBody.safeParse(body);
  if (screen.success) {
    session.update(screen.data);
    return Response.json(publicSession(session.data));
  }

  const customer = customerBody.safeParse(body);
  if (customer.success) {
    // The customer's identity, kind and permissions come from login, never from the browser: only their own
    // profile fields can be refreshed here.
    const current = session.data.customer;
    if (!current || current.id !== customer.data.customer.id) {
      return errorResponse(403, "forbidden", translate(context, "session.customerMismatch"));
    }
    session.update({
      customer: { ...current, ...customer.data.customer },
      updateDateCustomer: customer.data.updateDateCustomer,
    });
    return Response.json(publicSession(session.data));
  }

  return invalid();
}

type Args = Pick<Route.ActionArgs, "request" | "context">;

/**
 * The spec's consent fields: a choice for this version of the text is recorded (cookie, session if any, queue);
 * `isConsentGiven: false` with nothing accepted forgets the answer; a choice for another version is refused.
 */
function consentAnswer({ request, context }: Args, body: z.infer<typeof consentBody>) {
  const session = context.get(sessionContext);
  if (!body.isConsentGiven) {
    if (body.isAdsAccepted || body.isAnalyticsAccepted)
      return errorResponse(400, "badBody", translate(context, "session.invalidBody"));
    const cookies = forgetConsent(request, context);
    return Response.json(session.exists ? publicSession(session.data) : sessionConsentFields(null), {
      headers: setCookies(cookies),
    });
  }
  if (body.consentVersion !== CONSENT_VERSION)
    return errorResponse(409, "conflict", translate(context, "consent.errors.outdated"));
  const { consent, cookies } = recordConsent(
    request,
    context,
    { ads: body.isAdsAccepted, analytics: body.isAnalyticsAccepted },
    { gpc: body.globalPrivacyControl },
  );
  return Response.json(session.exists ? publicSession(session.data) : sessionConsentFields(consent), {
    headers: setCookies(cookies),
  });
}

/** The banner without JavaScript: record the button's choice and go back to the page (on this site only), 303. */
async function consentFormAction(args: Args) {
  const form = consentForm.safeParse(await readForm(args));
  if (!form.success) return errorResponse(400, "badField", translate(args.context, "consent.errors.invalidForm"));
  const { choice, ads, analytics, returnTo } = form.data;
  const accepted =
    choice === "all"
      ? { ads: true, analytics: true }
      : choice === "none"
        ? { ads: false, analytics: false }
        : { ads: ads === "on", analytics: analytics === "on" };
  const { cookies } = recordConsent(args.request, args.context, accepted);
  return redirect(safeReturnPath(returnTo), { status: 303, headers: setCookies(cookies) });
}

const setCookies = (cookies: string[]) =>
  new Headers(cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]));
