import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import { firstRow, rows, sql } from "../db/query";
import { now, validOptions } from "./queries";

export type NewCartLine = { articleId: number; optionIds: number[]; quantity: number; designId: string | null };

/** Whether the site still sells the article with these options (each the article's own, one per group). */
export async function sellsLine(env: ProductApiEnv, site: string, line: Pick<NewCartLine, "articleId" | "optionIds">) {
  const article = await firstRow(env, sql`SELECT id FROM articles WHERE id = ${line.articleId} AND site = ${site}`);
  return !!article && (await validOptions(env, line.articleId, line.optionIds));
}

/** Adds a checked line: the same article with the same options and design is one line, whose quantity grows (to the most a line takes). */
export async function addLine(env: ProductApiEnv, cartId: string, line: NewCartLine) {
  const options = line.optionIds.join(",");
  const same = await firstRow<{ id: number; quantity: number }>(env, sql`SELECT id, quantity FROM cart_lines WHERE cart_id = ${cartId}
    AND article_id = ${line.articleId} AND options = ${options} AND COALESCE(design_id, '') = ${line.designId ?? ""}`);
  if (same) await rows(env, sql`UPDATE cart_lines SET quantity = ${Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity)} WHERE id = ${same.id}`);
  else {
    await rows(env, sql`INSERT INTO cart_lines (cart_id, article_id, options, quantity, design_id, created_at)
      VALUES (${cartId}, ${line.articleId}, ${options}, ${Math.min(MAX_LINE_QUANTITY, line.quantity)}, ${line.designId}, ${now()})`);
  }
}
