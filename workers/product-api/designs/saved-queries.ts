import type { DESIGN_SORTS, PROJECT_SCOPES } from "@contract/api/enums";
import type { SavedDesign } from "@contract/api/saved-designs";
import type { Actor } from "../accounts/actor";
import type { SQL } from "drizzle-orm";
import { firstRow, rows, sql } from "../db/query";
import { DESIGN_ORDER } from "./listing";

/** The accounts of the actor's group (the owner and its staff; a customer alone). */
const groupAccounts = (actor: Actor) =>
  sql`SELECT id FROM accounts WHERE id = ${actor.groupId} OR master_id = ${actor.groupId}`;

/** What an account sees of saved designs: its own, and those its group shares (GROUP_APPLICATIONS). */
const visibleTo = (actor: Actor) =>
  sql`(d.account_id = ${actor.account.id} OR (d.scope = 'GROUP_APPLICATIONS' AND d.account_id IN (${groupAccounts(actor)})))`;
/** Every design saved by the group's accounts: what its owner administers. */
const ofGroup = (actor: Actor) => sql`d.account_id IN (${groupAccounts(actor)})`;

type Row = Omit<SavedDesign, "savedBy" | "deletable"> & { accountId: string; savedByName: string };

// Names in the page's language, else in any language the design or article has.
const columns = (
  locale: string,
) => sql`d.id, d.kind, d.article_id AS articleId, d.image, d.scope, d.popularity, d.created_at AS createdAt, d.updated_at AS updatedAt,
  d.account_id AS accountId, trim(s.first_name || ' ' || s.last_name) AS savedByName,
  COALESCE(d.name, (SELECT name FROM design_texts WHERE design_id = d.id AND locale = ${locale}),
    (SELECT name FROM design_texts WHERE design_id = d.id ORDER BY locale LIMIT 1), d.theme) AS name,
  COALESCE((SELECT name FROM article_texts WHERE article_id = d.article_id AND locale = ${locale}),
    (SELECT name FROM article_texts WHERE article_id = d.article_id ORDER BY locale LIMIT 1), '') AS articleName`;
const from = sql`FROM designs d JOIN accounts s ON s.id = d.account_id`;

/** The owner of a group may delete any design of it; anyone else only their own. */
const mayDelete = (actor: Actor, accountId: string) => actor.isGroupOwner || accountId === actor.account.id;

function view(actor: Actor, { accountId, savedByName, ...row }: Row): SavedDesign {
  return { ...row, savedBy: { id: accountId, name: savedByName }, deletable: mayDelete(actor, accountId) };
}

/** The account's designs and its group's shared ones on a site, last changed first. */
export async function savedDesignsOf(
  env: ProductApiEnv,
  actor: Actor,
  site: string,
  locale: string,
  limit = 500,
): Promise<SavedDesign[]> {
  const found = await rows<Row>(
    env,
    sql`SELECT ${columns(locale)} ${from} WHERE d.site = ${site} AND ${visibleTo(actor)}
    ORDER BY d.updated_at DESC, d.id LIMIT ${limit}`,
  );
  return found.map((row) => view(actor, row));
}

/**
 * One saved design, as the account sees it: its own or one its group shares, or for the group's owner any of its
 * group's.
 */
export async function savedDesignOf(
  env: ProductApiEnv,
  actor: Actor,
  site: string,
  locale: string,
  id: string,
): Promise<SavedDesign | null> {
  const reach = actor.isGroupOwner ? sql`(${visibleTo(actor)} OR ${ofGroup(actor)})` : visibleTo(actor);
  const row = await firstRow<Row>(
    env,
    sql`SELECT ${columns(locale)} ${from} WHERE d.id = ${id} AND d.site = ${site} AND ${reach}`,
  );
  return row ? view(actor, row) : null;
}

/** How many designs savedDesignsOf would list without a limit. */
export async function savedDesignCount(env: ProductApiEnv, actor: Actor, site: string): Promise<number> {
  return (
    (
      await firstRow<{ total: number }>(
        env,
        sql`SELECT COUNT(*) AS total FROM designs d WHERE d.site = ${site} AND ${visibleTo(actor)}`,
      )
    )?.total ?? 0
  );
}

export type GroupDesignQuery = {
  site: string;
  locale: string;
  scope?: (typeof PROJECT_SCOPES)[number];
  sort: (typeof DESIGN_SORTS)[number];
  /** Only designs some order holds (true), only those none does (false), or either (null). */
  ordered: boolean | null;
  limit: number;
  offset: number;
};

/** A page of every design the group's accounts saved, for its owner. */
export async function groupDesignsOf(env: ProductApiEnv, actor: Actor, query: GroupDesignQuery) {
  const where = [sql`d.site = ${query.site}`, ofGroup(actor)];
  if (query.scope) where.push(sql`d.scope = ${query.scope}`);
  if (query.ordered !== null)
    where.push(sql`${query.ordered ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM order_lines l WHERE l.design_id = d.id)`);
  const condition = sql.join(where, sql` AND `);
  const [found, total] = await Promise.all([
    rows<Row>(
      env,
      sql`SELECT ${columns(query.locale)} ${from} WHERE ${condition} ORDER BY ${DESIGN_ORDER[query.sort]} LIMIT ${query.limit} OFFSET ${query.offset}`,
    ),
    firstRow<{ n: number }>(env, sql`SELECT COUNT(*) AS n FROM designs d WHERE ${condition}`),
  ]);
  return { items: found.map((row) => view(actor, row)), total: total?.n ?? 0 };
}

/**
 * A saved design the actor may act on: "visible" for the designs the account sees, "group" for its owner's admin.
 * Null for anything else (another group's, the shop's own): the caller answers 404 and reveals nothing.
 */
export async function designFor(
  env: ProductApiEnv,
  actor: Actor,
  site: string,
  id: string,
  reach: "visible" | "group",
) {
  const condition: SQL = reach === "visible" ? visibleTo(actor) : ofGroup(actor);
  const found = await firstRow<{ id: string; accountId: string }>(
    env,
    sql`SELECT d.id, d.account_id AS accountId FROM designs d
    WHERE d.id = ${id} AND d.site = ${site} AND ${condition}`,
  );
  return found ? { ...found, deletable: mayDelete(actor, found.accountId) } : null;
}

/** The upload a design's picture is (`/images/uploads/{id}`), with its author; null for a picture of the shop's own. */
export async function designPicture(env: ProductApiEnv, id: string) {
  const found = await firstRow<{ image: string; accountId: string }>(
    env,
    sql`SELECT image, account_id AS accountId FROM designs WHERE id = ${id}`,
  );
  const upload = /^\/images\/uploads\/(up_[A-Za-z0-9]{24})$/.exec(found?.image ?? "")?.[1];
  return upload && found ? { upload, author: found.accountId } : null;
}

/** A design with its names, and for a creator design its versions and the open carts' lines that would sell it. */
export async function deleteDesign(env: ProductApiEnv, id: string) {
  await env.STORE_DB.batch([
    env.STORE_DB.prepare(
      "DELETE FROM cart_lines WHERE design_id = ? AND cart_id IN (SELECT id FROM carts WHERE closed_at IS NULL)",
    ).bind(id),
    env.STORE_DB.prepare("DELETE FROM design_versions WHERE design_id = ?").bind(id),
    env.STORE_DB.prepare("DELETE FROM design_texts WHERE design_id = ?").bind(id),
    env.STORE_DB.prepare("DELETE FROM designs WHERE id = ?").bind(id),
  ]);
}

export async function changeDesignScope(env: ProductApiEnv, id: string, scope: string): Promise<boolean> {
  const changed = await rows<{ id: string }>(
    env,
    sql`UPDATE designs SET scope = ${scope} WHERE id = ${id} AND scope != ${scope} RETURNING id`,
  );
  return changed.length > 0;
}
