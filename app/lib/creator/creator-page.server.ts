import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { creatorDesignId } from "@contract/api/creator-designs";
import { calendarSettings } from "@contract/creator/calendar";
import { emptyDocument, type DesignDocument } from "@contract/creator/document";
import { templateFor } from "@contract/creator/templates";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { brandContext, localeContext, sessionContext } from "~/lib/request/context/keys";
import { localRedirect } from "~/lib/guards/redirect.server";
import { logServerError } from "~/lib/log/server-errors.server";
import { creatorDesignsApi } from "./designs-api.server";
import { relayout } from "./editing";
import { documentFromCatalogueDesign } from "./from-catalogue-design";
import { startingPages } from "./page-editing";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page's query; anything else in it is ignored rather than refused (a shared link may carry more). */
const creatorQuery = z.object({
  design: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .catch(undefined),
  size: z.string().min(1).max(20).optional().catch(undefined),
});

/** Why the page opened an empty design instead of the one asked for. */
export type CreatorNotice = "designNotFound" | "designUnavailable";

/**
 * What the creator opens with: the article (kind and sizes, from the catalogue), the chosen size, and the starting
 * document: a saved design of the visitor's (`?design=cd_…`), one of the shop's designs, or an empty one, with the
 * pages the article needs (a calendar's in the shop's language and country). Null when the brand does not sell the
 * article.
 */
export async function creatorPage({ request, context }: Args, articleId: number) {
  // Uploads and designs belong to the session: it must exist before the page sends several photos at once, or each
  // upload would start a session of its own and all but the last photo would be unreadable.
  context.get(sessionContext).ensure();
  const url = new URL(request.url);
  const query = creatorQuery.parse(Object.fromEntries(url.searchParams));
  const catalogue = catalogueApi(context);
  const savedId = creatorDesignId.safeParse(query.design).success ? query.design! : null;
  const [article, start] = await Promise.all([
    catalogue.article(articleId),
    savedId
      ? savedDesign({ request, context }, savedId)
      : query.design
        ? catalogue.design(query.design)
        : Promise.resolve(null),
  ]);
  if (!article) return null;

  const sizes = article.options
    .filter((option) => option.group === "size")
    .map(({ id, code, isDefault }) => ({ id, code, isDefault }));
  const unavailable = start === "unavailable";
  const saved = start && start !== "unavailable" && "document" in start ? start : null;
  const shopDesign = start && start !== "unavailable" && "image" in start ? start : null;
  if (saved && saved.articleId !== article.id)
    throw localRedirect(context, `/create/${saved.articleId}?design=${saved.id}`);
  const wanted = query.size ?? saved?.document.size;
  const size =
    sizes.find((option) => option.code === wanted) ?? sizes.find((option) => option.isDefault) ?? sizes[0] ?? null;
  const sizeCode = size?.code ?? null;

  let document: DesignDocument = emptyDocument(article.id, sizeCode);
  let notice: CreatorNotice | null = null;
  if (unavailable) notice = "designUnavailable";
  else if (saved) document = relayout(saved.document, article.kind, sizeCode, saved.document.landscape);
  else if (shopDesign) document = documentFromCatalogueDesign(shopDesign, article, sizeCode);
  else if (query.design) notice = "designNotFound";
  if (article.kind === "calendar" && !document.calendar)
    document = {
      ...document,
      calendar: calendarSettings(context.get(localeContext), context.get(brandContext).country),
    };
  const template = templateFor(article.kind, sizeCode, document.landscape);
  document = startingPages(document, article.kind, template);

  return {
    article: { id: article.id, name: article.name, kind: article.kind, slug: article.slug },
    /** What the price is made of, for the price of the current number of pages (PagePrice). */
    pricing: {
      kind: article.kind,
      price: article.price,
      options: article.options,
      tiers: article.tiers,
      extraPagePrice: article.extraPagePrice,
    },
    sizes,
    size,
    template,
    document,
    /** The `design` of the URL, which names the device's draft. */
    designParam: notice ? null : (query.design ?? null),
    saved: saved ? { id: saved.id, version: saved.version, name: saved.name } : null,
    notice,
  };
}

/** A saved design of the visitor's; "unavailable" when the designs service cannot answer (the page still opens). */
async function savedDesign({ request, context }: Args, id: string) {
  try {
    return await creatorDesignsApi(context).get(id);
  } catch (error) {
    logServerError(error, request, context);
    return "unavailable" as const;
  }
}
