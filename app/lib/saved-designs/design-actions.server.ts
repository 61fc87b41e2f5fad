import { z } from "zod";
import { CREATOR_DESIGN_NAME_MAX, creatorDesignId } from "@contract/api/creator-designs";
import { PROJECT_SCOPES } from "@contract/api/enums";
import { designIdParams } from "@contract/api/saved-designs";
import { creatorDesignsApi, type SaveOutcome } from "~/lib/creator/designs-api.server";
import { parseForm, readForm, refuse } from "~/lib/forms/form.server";
import { localRedirect, type GuardArgs } from "~/lib/guards/redirect.server";
import { translate } from "~/lib/i18n/translate.server";
import { pageUrl } from "~/lib/request/routing/page-url";
import { savedDesignsApi, type DesignChange } from "./api.server";

export const DESIGN_NOTICES = ["deleted", "scopeChanged", "renamed", "duplicated"] as const;

/** A creator design's new name, as the rename form sends it. */
export const designRenameForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, "savedDesigns.errors.nameRequired")
    .max(CREATOR_DESIGN_NAME_MAX, "savedDesigns.errors.nameTooLong"),
});

function answer(
  args: GuardArgs,
  values: Record<string, string>,
  change: DesignChange,
  backTo: string,
  notice: (typeof DESIGN_NOTICES)[number],
) {
  if (change === "done") {
    // Back to the same list (its filters and page), with the notice.
    const params = new URLSearchParams(pageUrl(args.request).search);
    params.set("done", notice);
    return localRedirect(args.context, `${backTo}?${params}`, 303);
  }
  return change === "notFound"
    ? refuse(values, {}, "savedDesigns.errors.gone", 404)
    : refuse(values, {}, "savedDesigns.errors.notYours", 403);
}

const changeOf = (outcome: SaveOutcome): DesignChange => (outcome.ok ? "done" : "notFound");

/**
 * A design's delete (the account's own list) or, in the group's admin, its delete or scope change; on the own list, a
 * creator design's rename and copy.
 */
export async function designAction(args: GuardArgs, where: "saved" | "admin") {
  const values = await readForm(args);
  const id = designIdParams.safeParse({ id: values.designId }).data?.id;
  if (!id) return refuse(values, {}, "savedDesigns.errors.gone", 404);
  const api = savedDesignsApi(args.context);
  const backTo = where === "saved" ? "/accounts/designs" : "/accounts/designs/admin";
  if (values.intent === "delete")
    return answer(
      args,
      values,
      await (where === "saved" ? api.remove(id) : api.removeFromGroup(id)),
      backTo,
      "deleted",
    );
  const scope = PROJECT_SCOPES.find((known) => known === values.scope);
  if (where === "admin" && values.intent === "scope" && scope)
    return answer(args, values, await api.setScope(id, scope), backTo, "scopeChanged");
  if (where === "saved" && (values.intent === "rename" || values.intent === "duplicate"))
    return creatorDesignAction(args, values, values.intent);
  return refuse(values, {}, "savedDesigns.errors.unknownAction");
}

/**
 * Renaming or copying one of the account's creator designs; anyone else's is "not available" (404), like one that never
 * was.
 */
async function creatorDesignAction(args: GuardArgs, values: Record<string, string>, intent: "rename" | "duplicate") {
  const id = creatorDesignId.safeParse(values.designId).data;
  if (!id) return refuse(values, {}, "savedDesigns.errors.gone", 404);
  const designs = creatorDesignsApi(args.context);
  if (intent === "duplicate") {
    return answer(
      args,
      values,
      changeOf(await designs.duplicate(id, translate(args.context, "savedDesigns.copySuffix"))),
      "/accounts/designs",
      "duplicated",
    );
  }
  const form = parseForm(designRenameForm, values);
  if (!form.ok) return refuse(values, form.fieldErrors);
  return answer(args, values, changeOf(await designs.rename(id, form.value.name)), "/accounts/designs", "renamed");
}
