import { Hono } from "hono";
import { contentBlockParams, pageKindParam, type ContentBlockItem } from "@contract/api/content-blocks";
import type { ArticleCard } from "@contract/api/catalogue";
import { inList, rows, sql } from "../db/query";
import type { ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { articleCards } from "./queries";

type BlockRow = { resourceKind: string; ref: string };
type NamedRow = { key: string; slug: string; name: string; description: string };
type TopicRow = { id: number; slug: string; title: string; body: string };

/**
 * A page kind's content block on a site, in a locale: its items in order, each filled from what it points at in one
 * read per kind of target. Items whose target is gone in that locale are left out.
 */
export const contentBlocks = new Hono<ProductApi>().get(
  "/:pageKind",
  validate("param", pageKindParam),
  validate("query", contentBlockParams),
  async (c) => {
    const { pageKind } = c.req.valid("param");
    const { site, locale } = c.req.valid("query");
    const found = await rows<BlockRow>(
      c.env,
      sql`SELECT resource_kind AS resourceKind, ref FROM content_blocks
    WHERE site = ${site} AND page_kind = ${pageKind} ORDER BY position, id`,
    );
    const refs = (kind: string, prefix = "") =>
      found
        .filter((row) => row.resourceKind === kind && row.ref.startsWith(prefix))
        .map((row) => row.ref.slice(prefix.length));
    const articleIds = refs("ARTICLE").map(Number).filter(Number.isInteger);
    const topicIds = refs("TAB").map(Number).filter(Number.isInteger);
    const categoryKeys = refs("RESOURCE", "category:");
    const tagKeys = refs("RESOURCE", "tag:");
    const [articles, topics, categories, tags] = await Promise.all([
      articleCards(c.env, site, locale, articleIds),
      topicIds.length
        ? rows<TopicRow>(
            c.env,
            sql`SELECT p.id, x.slug, x.title, x.body FROM help_topics p
          JOIN help_topic_texts x ON x.topic_id = p.id AND x.locale = ${locale} WHERE p.id IN (${inList(topicIds)})`,
          )
        : [],
      categoryKeys.length
        ? rows<NamedRow>(
            c.env,
            sql`SELECT k.key, x.slug, x.name, x.description FROM categories k
          JOIN category_texts x ON x.category_id = k.id AND x.locale = ${locale} WHERE k.site = ${site} AND k.key IN (${inList(categoryKeys)})`,
          )
        : [],
      tagKeys.length
        ? rows<NamedRow>(
            c.env,
            sql`SELECT g.key, x.slug, x.name, x.description FROM tags g
          JOIN tag_texts x ON x.tag_id = g.id AND x.locale = ${locale} WHERE g.site = ${site} AND g.key IN (${inList(tagKeys)})`,
          )
        : [],
    ]);
    const items = found.flatMap(({ resourceKind, ref }): ContentBlockItem[] => {
      if (resourceKind === "ARTICLE") {
        const article = articles.find((card) => card.id === Number(ref));
        // The card as the catalogue's lists answer it (its collection is one of the contract's, as stored).
        return article ? [{ kind: "ARTICLE", article: article as ArticleCard }] : [];
      }
      if (resourceKind === "TAB") {
        const topic = topics.find((row) => row.id === Number(ref));
        return topic
          ? [
              {
                kind: "TAB",
                title: topic.title,
                body: JSON.parse(topic.body) as string[],
                path: `/help-center/topic/${topic.slug}_${topic.id}`,
              },
            ]
          : [];
      }
      const [target, key] = ref.split(":");
      const named = (target === "category" ? categories : target === "tag" ? tags : []).find((row) => row.key === key);
      if (!named) return [];
      return [
        {
          kind: "RESOURCE",
          title: named.name,
          description: named.description,
          path: target === "tag" ? `/t/${named.slug}` : `/${named.slug}`,
        },
      ];
    });
    return c.json({ pageKind, items });
  },
);
