import type { Route } from "./+types/api.consent";
import { requestConsent, requestConsentId } from "~/lib/consent/consent-cookie.server";
import { methodNotAllowed } from "@contract/http/errors";
import { translate } from "~/lib/i18n/translate.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * GET: the visitor's own consent id (docs/decisions/0035), for Cookie settings to show, and the choice it stands for.
 * Read from the consent cookie the page's scripts cannot read; never a session made, never a cached answer.
 */
export function loader({ request }: Route.LoaderArgs) {
  const consent = requestConsent(request);
  return Response.json(
    { consentId: requestConsentId(request), ads: consent?.ads ?? null, analytics: consent?.analytics ?? null },
    { headers: PRIVATE },
  );
}

/** Only GET: an answer to the banner goes to POST /api/session. */
export function action({ request, context }: Route.ActionArgs) {
  return methodNotAllowed(request.method, ["GET"], {
    message: translate(context, "consent.errors.method"),
    headers: PRIVATE,
  });
}
