import type { Account } from "@contract/api/accounts";
import type { PROJECT_SCOPES } from "@contract/api/enums";
import { testEnv } from "./app";

type Saved = {
  scope?: (typeof PROJECT_SCOPES)[number];
  name?: string;
  locale?: string;
  articleId?: number;
  updatedAt?: string;
  popularity?: number;
};

/**
 * A design the account saved (kind SAVED, without a document): on the account's site, a mug (203) of WPX-ES
 * unless told, named in one language. Returns its id.
 */
export async function savedDesign(
  account: Pick<Account, "id" | "site">,
  {
    scope = "PRIVATE",
    name = "Taza de la abuela",
    locale = "es",
    articleId = 203,
    updatedAt,
    popularity = 0,
  }: Saved = {},
) {
  const id = `sd-${crypto.randomUUID().slice(0, 12)}`;
  const now = updatedAt ?? new Date().toISOString();
  await testEnv.STORE_DB.batch([
    testEnv.STORE_DB.prepare(`INSERT INTO designs (id, kind, site, article_id, theme, scope, popularity, created_at, updated_at, image, account_id)
      VALUES (?, 'SAVED', ?, ?, 'own', ?, ?, ?, ?, ?, ?)`).bind(
      id,
      account.site,
      articleId,
      scope,
      popularity,
      now,
      now,
      "/images/designs/birthday-confetti.svg",
      account.id,
    ),
    testEnv.STORE_DB.prepare("INSERT INTO design_texts (design_id, locale, slug, name) VALUES (?, ?, ?, ?)").bind(
      id,
      locale,
      id,
      name,
    ),
  ]);
  return id;
}

export async function designExists(id: string) {
  const found = await testEnv.STORE_DB.prepare(
    "SELECT (SELECT COUNT(*) FROM designs WHERE id = ?) + (SELECT COUNT(*) FROM design_texts WHERE design_id = ?) AS n",
  )
    .bind(id, id)
    .first<{ n: number }>();
  return found!.n > 0;
}
