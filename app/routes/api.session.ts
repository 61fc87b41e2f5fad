import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/api.session";
import { parseViewport, VIEWPORT_COOKIE } from "~/lib/marketing/viewport";
import { readCookie } from "~/lib/request/cookies";
import { requestInfoContext, sessionContext } from "~/lib/request/context";
import { translate } from "~/lib/i18n/translate.server";
import { readJsonBody } from "~/lib/forms/json-body.server";
import { customerSchema, publicSession } from "~/lib/session/data";
import { SessionError } from "~/lib/session/seal";

const sealedBody = z.strictObject({ session: z.string().min(1).max(8192) });
const consentBody = z.strictObject({
  isConsentGiven: z.boolean(),
  isAdsAccepted: z.boolean(),
  isAnalyticsAccepted: z.boolean(),
  consentVersion: z.string().min(1).max(32),
});
const screenBody = z.strictObject({
  screenWidth: z.number().int().min(1).max(20000),
  screenHeight: z.number().int().min(1).max(20000),
  screenDevicePixelRatio: z.number().min(0.1).max(10),
});
const analyticsBody = z.strictObject({
  ga4ClientId: z.string().min(1).max(128),
  ga4SessionId: z.string().min(1).max(128),
  ga4SessionNumber: z.number().int().min(0),
});
const customerBody = z.strictObject({
  customer: customerSchema.pick({ id: true, email: true, firstName: true, lastName: true }).strict(),
  updateDateCustomer: z.iso.datetime({ offset: true }),
});

/** GET: the visitor's session (created on first use). */
export function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(sessionContext);
  session.ensure();
  // The screen fields come from the viewport cookie the page's script keeps (written only when they changed).
  const viewport = parseViewport(readCookie(request.headers.get("cookie"), VIEWPORT_COOKIE.name));
  const { screenWidth, screenHeight, screenDevicePixelRatio } = session.data;
  if (viewport && (viewport.screenWidth !== screenWidth || viewport.screenHeight !== screenHeight || viewport.screenDevicePixelRatio !== screenDevicePixelRatio)) {
    session.update(viewport);
  }
  return Response.json(publicSession(session.data));
}

/** POST: one of the spec's body shapes; anything else is a 400 that says what was wrong. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const session = context.get(sessionContext);
  const body = await readJsonBody(request);
  const invalid = () => data({ error: translate(context, "session.invalidBody") }, { status: 400 });
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
      if (error instanceof SessionError) return data({ error: error.message }, { status: 400 });
      throw error;
    }
    return Response.json(publicSession(session.data));
  }

  const update =
    consentBody.safeParse(body).data ?? screenBody.safeParse(body).data ?? analyticsBody.safeParse(body).data ?? null;
  if (update) {
    session.update(update);
    return Response.json(publicSession(session.data));
  }

  const customer = customerBody.safeParse(body);
  if (customer.success) {
    // The customer's identity, kind and permissions come from login, never from the browser: only their own
    // profile fields can be refreshed here.
    const current = session.data.customer;
    if (!current || current.id !== customer.data.customer.id) {
      return data({ error: translate(context, "session.customerMismatch") }, { status: 403 });
    }
    session.update({ customer: { ...current, ...customer.data.customer }, updateDateCustomer: customer.data.updateDateCustomer });
    return Response.json(publicSession(session.data));
  }

  return invalid();
}
