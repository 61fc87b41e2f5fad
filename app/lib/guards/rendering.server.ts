import { redirectDocument } from "react-router";
import { brandContext, requestInfoContext } from "~/lib/request/context/keys";
import { localRedirect, type GuardArgs } from "./redirect.server";
import { pageUrl } from "~/lib/request/routing/page-url";

/** The page must be rendered by the server as a document: a client navigation's data request becomes a reload. */
export function forceServerRendering({ request, context }: GuardArgs) {
  if (context.get(requestInfoContext).isDataRequest) {
    const url = pageUrl(request);
    throw redirectDocument(`${url.pathname}${url.search}`);
  }
}

export type PageLayout = "creator";

/**
 * The creator's route has no layout up front; this picks the creator's layout for it (the spec's "set constructor
 * layout").
 */
export function setCreatorLayout(_args: GuardArgs): { layout: PageLayout } {
  return { layout: "creator" };
}

/** Product pages (designs, the creator) exist only on brands that sell products. */
export function redirectNotProductBrand({ context }: GuardArgs) {
  if (!context.get(brandContext).features.products) throw localRedirect(context, "/");
}
