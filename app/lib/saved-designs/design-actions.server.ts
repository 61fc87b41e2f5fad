import { PROJECT_SCOPES } from "@contract/api/enums";
import { designIdParams } from "@contract/api/saved-designs";
import { readForm, refuse } from "~/lib/forms/form.server";
import { localRedirect, type GuardArgs } from "~/lib/guards/redirect.server";
import { pageUrl } from "~/lib/request/page-url";
import { savedDesignsApi, type DesignChange } from "./api.server";

export const DESIGN_NOTICES = ["deleted", "scopeChanged"] as const;

function answer(args: GuardArgs, values: Record<string, string>, change: DesignChange, backTo: string, notice: (typeof DESIGN_NOTICES)[number]) {
  if (change === "done") {
    // Back to the same list (its filters and page), with the notice.
    const params = new URLSearchParams(pageUrl(args.request).search);
    params.set("done", notice);
    return localRedirect(args.context, `${backTo}?${params}`, 303);
  }
  return change === "notFound" ? refuse(values, {}, "savedDesigns.errors.gone", 404) : refuse(values, {}, "savedDesigns.errors.notYours", 403);
}

/** A design's delete (the account's own list) or, in the group's admin, its delete or scope change. */
export async function designAction(args: GuardArgs, where: "saved" | "admin") {
  const values = await readForm(args);
  const id = designIdParams.safeParse({ id: values.designId }).data?.id;
  if (!id) return refuse(values, {}, "savedDesigns.errors.gone", 404);
  const api = savedDesignsApi(args.context);
  const backTo = where === "saved" ? "/accounts/designs" : "/accounts/designs/admin";
  if (values.intent === "delete") return answer(args, values, await (where === "saved" ? api.remove(id) : api.removeFromGroup(id)), backTo, "deleted");
  const scope = PROJECT_SCOPES.find((known) => known === values.scope);
  if (where === "admin" && values.intent === "scope" && scope) return answer(args, values, await api.setScope(id, scope), backTo, "scopeChanged");
  return refuse(values, {}, "savedDesigns.errors.unknownAction");
}
