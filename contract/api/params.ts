import { z } from "zod";
import { BOOLEAN_FILTERS } from "./enums";

/** Parameters many calls share. Each call's own parameters sit beside its answers (catalogue.ts, cart.ts ...). */

/** A record's numeric id: a positive integer the database holds (anything larger is no record). */
export const recordId = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id: recordId });

/** A slug as pages and the API name things by. */
export const slugParam = z.string().min(1).max(200);

/** The storefront's origin, for links in the e-mails the API writes (tracking, password reset...). */
export const siteUrlParam = z.url({ protocol: /^https?$/ }).max(200);

/** The language a call answers in. */
export const localeParam = z.string().min(2).max(5);
export const siteParams = z.object({ site: z.string().min(1) });

/**
 * Who is calling about their own data (a cart, its checkout, an order): the storefront session's ext_session_id (the
 * api-proxy adds it) and, for a logged-in visitor, the customer's id, which makes their carts and orders follow them
 * from session to session.
 */
export const customerIdParam = z.string().min(1).max(64);
export const visitorParams = z.object({
  ext_session_id: z.string().min(1).max(100),
  customer_id: customerIdParam.optional(),
});

/** A yes/no filter of a list (the spec's boolean filter: ALL, true, false); ALL when not given. */
export const booleanFilterParam = z.enum(BOOLEAN_FILTERS).default("ALL");
