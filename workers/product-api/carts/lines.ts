import { isCreatorDesignId } from "@contract/api/design-links";
import { innerPages, isPaged, pageCountProblem, pageRules, type PageRules } from "@contract/creator/pages";
import type { DesignKind } from "@contract/api/enums";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { firstRow, rows, sql } from "../db/query";
import { printedVersionFor, versionDocument, type CreatorVisitor } from "../designs/creator-queries";
import { now, validOptions } from "./queries";

/** A line to add; `designVersion` is the printed version of a creator design (null for a catalogue design or none). */
export type NewCartLine = {
  articleId: number;
  optionIds: number[];
  quantity: number;
  designId: string | null;
  designVersion: number | null;
  /** A paged creator design's inner pages (designPages), null for anything else. */
  innerPages?: number | null;
};

/**
 * The line as it may go in: a catalogue design's id as given; a creator design only when it is the visitor's, for this
 * article and printed, with the version it sells (`version` asks for that one, as "buy again" does). Null when the
 * design may not be sold on this line, or names no creator design in the creator's id format (`cd_…`).
 */
export async function withDesignVersion(
  env: ProductApiEnv,
  visitor: CreatorVisitor,
  line: Omit<NewCartLine, "designVersion">,
  version: number | null = null,
): Promise<NewCartLine | null> {
  if (!line.designId) return { ...line, designVersion: null };
  const design = await firstRow<{ kind: DesignKind }>(env, sql`SELECT kind FROM designs WHERE id = ${line.designId}`);
  if (design?.kind !== "CREATOR")
    return !design && isCreatorDesignId(line.designId) ? null : { ...line, designVersion: null };
  const designVersion = await printedVersionFor(env, visitor, {
    designId: line.designId,
    articleId: line.articleId,
    version,
  });
  return designVersion ? { ...line, designVersion } : null;
}

/**
 * The inner pages a line sells: a creator design's on a paged article (a photo book, a calendar), counted here from
 * the version's saved document, never taken from the browser; null for a product of one page or a line without a
 * creator design. A count the article cannot print is refused with the article's rules, for the message.
 */
export async function designPages(
  env: ProductApiEnv,
  line: Pick<NewCartLine, "articleId" | "designId" | "designVersion">,
): Promise<{ innerPages: number | null } | { refused: { count: number; rules: PageRules } }> {
  if (!line.designId || line.designVersion === null) return { innerPages: null };
  const article = await firstRow<{ kind: string }>(env, sql`SELECT kind FROM articles WHERE id = ${line.articleId}`);
  const rules = pageRules(article?.kind ?? "");
  if (!isPaged(rules)) return { innerPages: null };
  const document = await versionDocument(env, line.designId, line.designVersion);
  const count = document ? innerPages(rules, document) : 0;
  return pageCountProblem(rules, count) ? { refused: { count, rules } } : { innerPages: count };
}

/** The API's words for a refused count (the storefront shows its own, translated, by the error code). */
export const pageCountMessage = ({ count, rules }: { count: number; rules: PageRules }) =>
  `design_id: the design has ${count} inner pages; this article prints ${rules.minPages} to ${rules.maxPages}, in steps of ${rules.step}`;

/** Whether the site still sells the article with these options (each the article's own, one per group). */
export async function sellsLine(env: ProductApiEnv, site: string, line: Pick<NewCartLine, "articleId" | "optionIds">) {
  const article = await firstRow(env, sql`SELECT id FROM articles WHERE id = ${line.articleId} AND site = ${site}`);
  return !!article && (await validOptions(env, line.articleId, line.optionIds));
}

/**
 * Adds a checked line: the same article with the same options and design (and version) is one line, whose quantity
 * grows (to the most a line takes).
 */
export async function addLine(env: ProductApiEnv, cartId: string, line: NewCartLine) {
  const options = line.optionIds.join(",");
  const same = await firstRow<{ id: number; quantity: number }>(
    env,
    sql`SELECT id, quantity FROM cart_lines WHERE cart_id = ${cartId}
    AND article_id = ${line.articleId} AND options = ${options} AND COALESCE(design_id, '') = ${line.designId ?? ""}
    AND COALESCE(design_version, 0) = ${line.designVersion ?? 0}`,
  );
  if (same)
    await rows(
      env,
      sql`UPDATE cart_lines SET quantity = ${Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity)} WHERE id = ${same.id}`,
    );
  else {
    await rows(
      env,
      sql`INSERT INTO cart_lines (cart_id, article_id, options, quantity, design_id, design_version, inner_pages, created_at)
      VALUES (${cartId}, ${line.articleId}, ${options}, ${Math.min(MAX_LINE_QUANTITY, line.quantity)}, ${line.designId}, ${line.designVersion}, ${line.innerPages ?? null}, ${now()})`,
    );
  }
}
