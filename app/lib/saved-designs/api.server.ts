import type { RouterContextProvider } from "react-router";
import type { BooleanFilter } from "@contract/rules/boolean-filter";
import type { DESIGN_SORTS, PROJECT_SCOPES } from "@contract/api/enums";
import { API_ERROR_CODES } from "@contract/api/errors";
import {
  designChangeSchema,
  designPictureSchema,
  savedDesignListSchema,
  savedDesignPageSchema,
  savedDesignSchema,
  type SavedDesign,
  type SavedDesignPage,
} from "@contract/api/saved-designs";
import { apiCalls } from "~/lib/product-api/calls.server";
import { isApiError } from "~/lib/product-api/product-api-error";
import { apiContext, brandContext, customerContext, localeContext } from "~/lib/request/context/keys";

/**
 * How a change to a design came out: done, none of this account's to see (404), or seen but not its to change (403).
 */
export type DesignChange = "done" | "notFound" | "forbidden";

async function changeOf(call: Promise<unknown>): Promise<DesignChange> {
  try {
    await call;
    return "done";
  } catch (thrown) {
    if (isApiError(thrown, API_ERROR_CODES.notFound)) return "notFound";
    if (isApiError(thrown, API_ERROR_CODES.forbidden)) return "forbidden";
    throw thrown;
  }
}

export type GroupDesignQuery = {
  scope?: (typeof PROJECT_SCOPES)[number];
  sort: (typeof DESIGN_SORTS)[number];
  ordered: BooleanFilter;
  page: number;
};

/** The signed-in account's saved designs, and for a group's owner its group's designs admin; never cached. */
export function savedDesignsApi(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  const actor = { site: context.get(brandContext).slug, account_id: context.get(customerContext).id };
  const locale = context.get(localeContext);
  // Another account's preview (an upload only its author reads) comes through the design's picture route.
  const seen = (design: SavedDesign): SavedDesign =>
    design.image.startsWith("/images/uploads/") && design.savedBy.id !== actor.account_id
      ? { ...design, image: `/accounts/designs/${encodeURIComponent(design.id)}/picture` }
      : design;
  const path = (scope: "saved" | "group", id: string, action: string) =>
    `/designs/${scope}/${encodeURIComponent(id)}/${action}`;
  return apiCalls({
    mine: async (): Promise<SavedDesign[]> =>
      (await api.get("/designs/saved", { ...actor, locale }, savedDesignListSchema)).items.map(seen),
    /** One design this account may see (its page), or null: missing and not this account's to see are alike. */
    one: async (id: string): Promise<SavedDesign | null> => {
      try {
        return seen(await api.get(`/designs/saved/${encodeURIComponent(id)}`, { ...actor, locale }, savedDesignSchema));
      } catch (thrown) {
        if (isApiError(thrown, API_ERROR_CODES.notFound)) return null;
        throw thrown;
      }
    },
    /** Which upload a design's picture is and whose, when this account may see the design; null otherwise. */
    picture: async (id: string) => {
      try {
        return await api.get(`/designs/saved/${encodeURIComponent(id)}/picture`, actor, designPictureSchema);
      } catch (thrown) {
        if (isApiError(thrown, API_ERROR_CODES.notFound)) return null;
        throw thrown;
      }
    },
    remove: (id: string) => changeOf(api.post(path("saved", id, "delete"), actor, designChangeSchema)),
    group: async (query: GroupDesignQuery): Promise<SavedDesignPage> => {
      const page = await api.get("/designs/group", { ...actor, locale, ...query }, savedDesignPageSchema);
      return { ...page, items: page.items.map(seen) };
    },
    setScope: (id: string, scope: (typeof PROJECT_SCOPES)[number]) =>
      changeOf(api.post(path("group", id, "scope"), { ...actor, scope }, designChangeSchema)),
    removeFromGroup: (id: string) => changeOf(api.post(path("group", id, "delete"), actor, designChangeSchema)),
  });
}
