import type { RouterContextProvider } from "react-router";
import type { PageKind } from "@contract/api/content-blocks";
import { requestInfoContext } from "~/lib/request/context/keys";
import { catalogueApi } from "./api.server";
import { contentBlockView, type ContentBlockView } from "./content-block-view";

/**
 * A page kind's content block (docs/decisions/0039), or null when the product API cannot give it: a suggestion is
 * not worth the page's error screen. Kept in the isolate like the rest of the catalogue ("long").
 */
export async function pageContentBlock(
  context: Readonly<RouterContextProvider>,
  pageKind: PageKind,
): Promise<ContentBlockView | null> {
  try {
    return contentBlockView(await catalogueApi(context).contentBlock(pageKind));
  } catch (error) {
    context.get(requestInfoContext).log.failure(`Content block ${pageKind} failed`, error);
    return null;
  }
}
