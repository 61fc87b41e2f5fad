import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { CREATOR_DESIGN_NAME_MAX, creatorDesignId } from "@contract/api/creator-designs";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { uploadId } from "@contract/api/uploads";
import { designDocumentField } from "@contract/creator/document";
import type { PreflightProblem } from "@contract/creator/preflight";
import { addToCart } from "~/lib/cart/current.server";
import { readForm, refuse } from "~/lib/forms/form.server";
import type { FormRefusal } from "~/lib/forms/form-refusal";
import { localRedirect } from "~/lib/guards/redirect.server";
import { logServerError } from "~/lib/log/server-errors.server";
import { uploadFacts } from "~/lib/uploads/facts.server";
import { creatorDesignsApi } from "./designs-api.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const positive = z.coerce.number().int().positive();

/** The creator's one form, by intent; a refused field is reported as `creator.errors.{problem}` (FIELD_MESSAGES). */
export const creatorForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    name: z.string().trim().min(1).max(CREATOR_DESIGN_NAME_MAX),
    document: designDocumentField,
    design_id: creatorDesignId.optional(),
    base_version: positive.optional(),
  }),
  z.object({
    intent: z.literal("add-to-cart"),
    design_id: creatorDesignId,
    version: positive,
    preview_upload: uploadId,
    option_size: positive.optional(),
    quantity: positive.max(MAX_LINE_QUANTITY),
  }),
]);

export type CreatorSaved = { ok: true; intent: "save"; id: string; version: number };
/**
 * A design refused at the cart: which photos are below the blocking DPI, and each preflight problem with its page and
 * element (the editor names the element and translates the line).
 */
export type CreatorRefusal = FormRefusal & { blocked?: string[]; problems?: PreflightProblem[] };

const FIELD_MESSAGES: Record<string, string> = {
  document: "document",
  name: "name",
  quantity: "quantity",
  intent: "invalid",
};

/**
 * Saves the design (a new one, or a new version of the visitor's own from the version the browser had), or runs its
 * preflight, records its checks and preview, and puts it in the cart (its print file is made once ordered: 0048). Bad input is a 400 with a translated field error, never a 500; the designs
 * service being down is a 503 whose message says the work stays on the device.
 */
export async function creatorAction(args: Args, articleId: number) {
  const { request, context } = args;
  const values = await readForm(args);
  const echo = { intent: values.intent ?? "", name: values.name ?? "" };
  const fail = (
    formError: string,
    status = 400,
    fieldErrors: Record<string, string> = {},
    more: Partial<CreatorRefusal> = {},
  ) => data<CreatorRefusal>({ ok: false, fieldErrors, formError, values: echo, ...more }, { status });

  const parsed = creatorForm.safeParse(values);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "form");
    const problem = FIELD_MESSAGES[field] ?? "invalid";
    return refuse(echo, { [field]: `creator.errors.${problem}` }, `creator.errors.${problem}`);
  }
  const form = parsed.data;
  const designs = creatorDesignsApi(context);

  if (form.intent === "save") {
    if (form.document.articleId !== articleId)
      return fail("creator.errors.document", 400, { document: "creator.errors.document" });
    if (form.design_id && !form.base_version)
      return fail("creator.errors.invalid", 400, { base_version: "creator.errors.invalid" });
    let outcome: Awaited<ReturnType<typeof designs.save>>;
    try {
      outcome = form.design_id
        ? await designs.save(form.design_id, form.document, form.base_version!, form.name)
        : await designs.create(form.name, form.document);
    } catch (error) {
      logServerError(error, request, context);
      return fail("creator.errors.saveFailed", 503);
    }
    if (!outcome.ok)
      return outcome.reason === "conflict"
        ? fail("creator.errors.conflict", 409)
        : fail("creator.errors.notFound", 404);
    return data<CreatorSaved>({ ok: true, intent: "save", id: outcome.id, version: outcome.version });
  }

  let print: Awaited<ReturnType<ReturnType<typeof creatorDesignsApi>["recordPrint"]>>;
  try {
    // The preview is the visitor's own image, as its bytes said.
    const preview = await uploadFacts(context, form.preview_upload);
    if (!preview?.width) return fail("creator.errors.printFailed", 422);
    print = await designs.recordPrint(form.design_id, { version: form.version, previewUpload: preview.id });
  } catch (error) {
    logServerError(error, request, context);
    return fail("creator.errors.cartFailed", 503);
  }
  if (!print.ok) {
    if (print.reason === "notFound") return fail("creator.errors.notFound", 404);
    const blocked =
      print.quality?.elements.filter((element) => element.level === "block").map((element) => element.id) ?? [];
    return fail("creator.errors.blocked", 422, {}, { blocked, problems: print.problems ?? [] });
  }
  let cart: Awaited<ReturnType<typeof addToCart>>;
  try {
    cart = await addToCart(context, {
      articleId,
      options: form.option_size ? [form.option_size] : [],
      quantity: form.quantity,
      designId: form.design_id,
    });
  } catch (error) {
    logServerError(error, request, context);
    return fail("creator.errors.cartFailed", 503);
  }
  if (cart === "refused") return fail("creator.errors.options");
  if (cart === "pages") return fail("creator.errors.pages");
  return localRedirect(context, "/cart?added=1", 303);
}
