import { Hono } from "hono";
import { idParams } from "@contract/api/params";
import { helpFeedbackParams, helpParams, helpTopicListParams } from "@contract/api/catalogue";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, inList, rows, sql } from "../db/query";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";

type TopicRow = { id: number; slug: string; title: string; categoryId: number };
const topicSummaries = (locale: string) => sql`SELECT p.id, x.slug, x.title, p.category_id AS categoryId
  FROM help_topics p JOIN help_topic_texts x ON x.topic_id = p.id AND x.locale = ${locale}`;

/** The help centre, shared by every brand of a language. */
export const help = new Hono<ProductApi>()
  .get("/categories", validate("query", helpParams), async (c) => {
    const { locale } = c.req.valid("query");
    const [categories, topics] = await Promise.all([
      rows<{ id: number; icon: string; name: string; description: string }>(
        c.env,
        sql`SELECT k.id, k.icon, x.name, x.description
        FROM help_categories k JOIN help_category_texts x ON x.category_id = k.id AND x.locale = ${locale} ORDER BY k.position`,
      ),
      rows<TopicRow>(c.env, sql`${topicSummaries(locale)} ORDER BY p.position`),
    ]);
    return c.json({
      items: categories.map((category) => ({
        ...category,
        topics: topics.filter((topic) => topic.categoryId === category.id),
      })),
    });
  })
  .get("/topics", validate("query", helpTopicListParams), async (c) => {
    const { locale, ids } = c.req.valid("query");
    const wanted = ids?.split(",").map(Number);
    const found = await rows<TopicRow>(
      c.env,
      sql`${topicSummaries(locale)} ${wanted ? sql`WHERE p.id IN (${inList(wanted)})` : sql``} ORDER BY p.position`,
    );
    // Keep the caller's order: topic sets are ordered lists.
    const items = wanted ? wanted.map((id) => found.find((topic) => topic.id === id)).filter(Boolean) : found;
    return c.json({ items });
  })
  .get("/topics/:id{[0-9]+}", validate("param", idParams), validate("query", helpParams), async (c) => {
    const { locale } = c.req.valid("query");
    const { id } = c.req.valid("param");
    const topic = await firstRow<TopicRow & { body: string; categoryName: string }>(
      c.env,
      sql`SELECT p.id, x.slug, x.title, x.body,
      p.category_id AS categoryId, n.name AS categoryName FROM help_topics p
      JOIN help_topic_texts x ON x.topic_id = p.id AND x.locale = ${locale}
      JOIN help_category_texts n ON n.category_id = p.category_id AND n.locale = ${locale} WHERE p.id = ${id}`,
    );
    if (!topic) return apiError(c, 404, API_ERROR_CODES.noResults, `Help topic ${id} not found`);
    const related = await rows<TopicRow>(
      c.env,
      sql`${topicSummaries(locale)} WHERE p.category_id = ${topic.categoryId} AND p.id != ${id} ORDER BY p.position LIMIT 4`,
    );
    return c.json({ ...topic, body: JSON.parse(topic.body) as string[], related });
  })
  .post(
    "/topics/:id{[0-9]+}/feedback",
    validate("param", idParams),
    validate("form", helpFeedbackParams),
    async (c) => {
      const { id } = c.req.valid("param");
      const { helpful, ext_session_id } = c.req.valid("form");
      const topic = await firstRow(c.env, sql`SELECT id FROM help_topics WHERE id = ${id}`);
      if (!topic) return apiError(c, 404, API_ERROR_CODES.notFound, `Help topic ${id} not found`);
      // One vote per visitor and topic: a second vote replaces the first.
      await rows(c.env, sql`DELETE FROM help_feedback WHERE topic_id = ${id} AND ext_session_id = ${ext_session_id}`);
      await rows(
        c.env,
        sql`INSERT INTO help_feedback (topic_id, helpful, ext_session_id, created_at) VALUES (${id}, ${helpful === "true" ? 1 : 0}, ${ext_session_id}, ${new Date().toISOString()})`,
      );
      return c.json({ ok: true });
    },
  );
