import type { ContentBlockView } from "~/lib/catalogue/content-block-view";
import { ArticleCard } from "./article-card";
import { Link } from "./link";
import { useShell } from "./use-shell";

/**
 * The product API's content block of a page kind (docs/decisions/0039): pages of the shop to go on to (RESOURCE),
 * products (ARTICLE) and help answers folded until opened (TAB), each kind in its own group. Nothing when it is empty.
 */
export function ContentBlock({ block, className = "" }: { block: ContentBlockView | null; className?: string }) {
  const { t, to } = useShell();
  if (!block || block.items.length === 0) return null;
  const id = `content-block-${block.pageKind}`;
  const resources = block.items.filter((item) => item.kind === "RESOURCE");
  const articles = block.items.flatMap((item) => (item.kind === "ARTICLE" ? [item.article] : []));
  const tabs = block.items.filter((item) => item.kind === "TAB");
  return (
    <section aria-labelledby={id} className={`space-y-4 ${className}`} data-testid={id}>
      <h2 id={id} className="text-xl font-bold">
        {t(`contentBlocks.${block.pageKind}`)}
      </h2>
      {resources.length ? (
        <ul className="flex flex-wrap gap-2" data-testid="content-block-resources">
          {resources.map((item) => (
            <li key={item.path}>
              <Link
                to={to(item.path)}
                title={item.description}
                className="inline-flex min-h-11 items-center rounded-button bg-brand-soft px-3 py-2 font-semibold text-brand-strong no-underline hover:underline"
              >
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {articles.length ? (
        // Two across even on a phone: a suggestion, not the page's main list.
        <ul className="grid grid-cols-2 gap-3 desktop:grid-cols-4">
          {articles.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      ) : null}
      {tabs.length ? (
        <div
          className="divide-y divide-line rounded-card border border-line bg-surface"
          data-testid="content-block-tabs"
        >
          {tabs.map((item) => (
            <details key={item.path} className="group p-4">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 font-semibold">
                {item.title}
                <span aria-hidden="true" className="shrink-0 text-brand transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <div className="mt-2 space-y-2 text-muted">
                {item.body.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                <p>
                  <Link to={to(item.path)} className="font-semibold text-brand-strong">
                    {t("contentBlocks.readMore")}
                  </Link>
                </p>
              </div>
            </details>
          ))}
        </div>
      ) : null}
    </section>
  );
}
