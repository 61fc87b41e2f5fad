import { Hono } from "hono";
import {
  creatorDesignAdoptParams,
  creatorDesignCreateParams,
  creatorDesignDuplicateParams,
  creatorDesignIdParams,
  creatorDesignOwnerParams,
  creatorDesignPrintParams,
  creatorDesignReadParams,
  creatorDesignRenameParams,
  creatorDesignSaveParams,
} from "@contract/api/creator-designs";
import { API_ERROR_CODES } from "@contract/api/errors";
import { innerPages, pageRules, pagesWithinRules } from "@contract/creator/pages";
import { preflightDesign } from "@contract/creator/preflight";
import { designQuality } from "@contract/creator/quality";
import { printPixels, templateFor } from "@contract/creator/templates";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import {
  adoptCreatorDesigns,
  articleForDesign,
  copyName,
  creatorDesignFor,
  creatorDesignsOf,
  duplicateCreatorDesign,
  insertCreatorDesign,
  ownCreatorDesign,
  recordPrintFile,
  renameCreatorDesign,
  saveCreatorDesign,
  versionDocument,
  type CreatorVisitor,
} from "./creator-queries";
import { deleteDesign } from "./saved-queries";

type Ctx = Parameters<typeof apiError>[0];
const noDesign = (c: Ctx) => apiError(c, 404, API_ERROR_CODES.notFound, "Design not found");
const visitorOf = (params: { site: string; ext_session_id: string; customer_id?: string }): CreatorVisitor => ({
  site: params.site,
  extSessionId: params.ext_session_id,
  customerId: params.customer_id ?? null,
});

/**
 * Designs made in the creator (contract/api/creator-designs.ts): the visitor's own, each save a version; nobody else's
 * exists for them (404).
 */
export const creatorDesigns = new Hono<ProductApi>()
  .get("/", validate("query", creatorDesignOwnerParams), async (c) => {
    const rows = await creatorDesignsOf(c.env, visitorOf(c.req.valid("query")));
    return c.json({ items: rows });
  })
  .post("/", validate("form", creatorDesignCreateParams), async (c) => {
    const body = c.req.valid("form");
    const article = await articleForDesign(c.env, body.site, body.document.articleId);
    if (!article)
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "document.articleId: the site sells no such article");
    return c.json(
      await insertCreatorDesign(c.env, visitorOf(body), {
        name: body.name,
        document: body.document,
        image: article.image,
      }),
      201,
    );
  })
  .post("/adopt", validate("form", creatorDesignAdoptParams), async (c) => {
    const body = c.req.valid("form");
    return c.json({ moved: await adoptCreatorDesigns(c.env, body.site, body.ext_session_id, body.customer_id) });
  })
  .get("/:id", validate("param", creatorDesignIdParams), validate("query", creatorDesignReadParams), async (c) => {
    const query = c.req.valid("query");
    const design = await creatorDesignFor(c.env, visitorOf(query), c.req.valid("param").id, query.version);
    return design ? c.json(design) : noDesign(c);
  })
  .post("/:id", validate("param", creatorDesignIdParams), validate("form", creatorDesignSaveParams), async (c) => {
    const body = c.req.valid("form");
    const design = await ownCreatorDesign(c.env, visitorOf(body), c.req.valid("param").id);
    if (!design) return noDesign(c);
    if (body.document.articleId !== design.articleId)
      return apiError(c, 400, API_ERROR_CODES.invalidRequest, "document.articleId: a design stays with its article");
    if (body.base_version !== design.version) return conflict(c, design.version);
    const saved = await saveCreatorDesign(c.env, design.id, body.base_version, body.document, body.name);
    return saved ? c.json(saved) : conflict(c, body.base_version + 1);
  })
  .post(
    "/:id/rename",
    validate("param", creatorDesignIdParams),
    validate("form", creatorDesignRenameParams),
    async (c) => {
      const body = c.req.valid("form");
      const design = await ownCreatorDesign(c.env, visitorOf(body), c.req.valid("param").id);
      if (!design) return noDesign(c);
      await renameCreatorDesign(c.env, design.id, body.name);
      return c.json({ id: design.id, version: design.version });
    },
  )
  .post(
    "/:id/duplicate",
    validate("param", creatorDesignIdParams),
    validate("form", creatorDesignDuplicateParams),
    async (c) => {
      const body = c.req.valid("form");
      const visitor = visitorOf(body);
      const design = await ownCreatorDesign(c.env, visitor, c.req.valid("param").id);
      if (!design) return noDesign(c);
      const copy = await duplicateCreatorDesign(c.env, visitor, design.id, copyName(design.name, body.name_suffix));
      return copy ? c.json(copy, 201) : noDesign(c);
    },
  )
  .post(
    "/:id/delete",
    validate("param", creatorDesignIdParams),
    validate("form", creatorDesignOwnerParams),
    async (c) => {
      const design = await ownCreatorDesign(c.env, visitorOf(c.req.valid("form")), c.req.valid("param").id);
      if (!design) return noDesign(c);
      await deleteDesign(c.env, design.id);
      return c.json({ id: design.id, version: design.version });
    },
  )
  .post(
    "/:id/print",
    validate("param", creatorDesignIdParams),
    validate("form", creatorDesignPrintParams),
    async (c) => {
      const body = c.req.valid("form");
      const visitor = visitorOf(body);
      const design = await ownCreatorDesign(c.env, visitor, c.req.valid("param").id);
      if (!design) return noDesign(c);
      const [document, article] = await Promise.all([
        versionDocument(c.env, design.id, body.version),
        articleForDesign(c.env, body.site, design.articleId),
      ]);
      if (!document || !article)
        return apiError(c, 404, API_ERROR_CODES.notFound, `Design ${design.id} has no version ${body.version}`);
      // A book or a calendar is printed only with the pages its article has (decision 0049).
      const rules = pageRules(article.kind);
      if (!pagesWithinRules(rules, document))
        return apiError(
          c,
          400,
          API_ERROR_CODES.invalidRequest,
          `version: the design has ${innerPages(rules, document)} inner pages; this product has ${rules.minPages} to ${rules.maxPages} in steps of ${rules.step}${rules.cover ? ", after its cover" : ""}`,
        );
      // The checks are the server's own, from the stored version: what the browser says of its quality is not trusted.
      const template = templateFor(article.kind, document.size, document.landscape);
      const quality = designQuality(document, template);
      const problems = preflightDesign(document, template);
      if (problems.length)
        return apiError(
          c,
          422,
          API_ERROR_CODES.printQualityBlocked,
          "The design does not pass the print checks: each problem names its page and element",
          { quality, problems },
        );
      const print = await recordPrintFile(c.env, design.id, {
        version: body.version,
        upload: null,
        preview: body.preview_upload,
        width: null,
        height: null,
        dpi: printPixels(template).dpi,
        checks: quality,
      });
      return c.json(print);
    },
  );

/** Another save came first: the browser's copy is stale; the answer names the version it should reload. */
function conflict(c: Ctx, current: number) {
  return apiError(c, 409, API_ERROR_CODES.conflict, "The design was saved since this copy was made", {
    version: current,
  });
}
