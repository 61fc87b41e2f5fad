import type { Brand } from "@contract/brands/brands";
import { designDocumentSchema, type ArtElement } from "@contract/creator/document";
import { templateFor } from "@contract/creator/templates";
import { firstRow, sql } from "../db/query";
import { newCreatorDesignId } from "../designs/creator-queries";

const DAY = 86_400_000;

/**
 * The product each demo design is for and its artwork (public/images/designs/demo-*.svg), in the order of the demo
 * texts' names: a grandmother's mug, a family calendar, a studio's logo on a mug, a holiday poster.
 */
export const DEMO_DESIGN_ART = [
  { kind: "mug", art: "/images/designs/demo-hearts.svg" },
  { kind: "calendar", art: "/images/designs/demo-leaves.svg" },
  { kind: "mug", art: "/images/designs/demo-monogram.svg" },
  { kind: "poster", art: "/images/designs/demo-sunset.svg" },
] as const;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A demo design as the creator makes them: a document of its artwork over the whole print area of the brand's article
 * of that kind (else its most popular one, in its default size), at version 1. Its picture is that artwork, which is
 * what the document shows, and it opens in the creator like any design of the account's.
 */
export async function demoDesign(
  env: ProductApiEnv,
  brand: Brand,
  accountId: string,
  design: { name: string; kind: string; art: string; scope: string; daysAgo: number },
) {
  const article = await firstRow<{ id: number; kind: string; size: string | null }>(
    env,
    sql`SELECT a.id, a.kind, (SELECT code FROM article_options WHERE article_id = a.id AND group_code = 'size'
      ORDER BY is_default DESC, position LIMIT 1) AS size
    FROM articles a WHERE a.site = ${brand.slug} ORDER BY a.kind = ${design.kind} DESC, a.popularity DESC, a.id LIMIT 1`,
  );
  if (!article) return;
  const template = templateFor(article.kind, article.size, false);
  const artwork: ArtElement = {
    id: "art",
    kind: "art",
    src: design.art as ArtElement["src"],
    x: round(template.widthMm / 2),
    y: round(template.heightMm / 2),
    width: round(template.widthMm + 2 * template.bleedMm),
    height: round(template.heightMm + 2 * template.bleedMm),
    rotation: 0,
  };
  // Written as a document of one print area and read through the schema, which makes it the current format.
  const document = designDocumentSchema.parse({
    format: 1,
    articleId: article.id,
    size: article.size,
    landscape: false,
    background: "#ffffff",
    elements: [artwork],
  });
  const id = newCreatorDesignId();
  const at = new Date(Date.now() - design.daysAgo * DAY).toISOString();
  await env.STORE_DB.batch([
    env.STORE_DB.prepare(
      `INSERT INTO designs (id, kind, site, article_id, theme, scope, popularity, created_at, updated_at, image, account_id, name, version)
      VALUES (?, 'CREATOR', ?, ?, 'creator', ?, 0, ?, ?, ?, ?, ?, 1)`,
    ).bind(id, brand.slug, article.id, design.scope, at, at, design.art, accountId, design.name),
    env.STORE_DB.prepare(
      "INSERT INTO design_versions (design_id, version, document, saved_at) VALUES (?, 1, ?, ?)",
    ).bind(id, JSON.stringify(document), at),
  ]);
}
