import { Link } from "./link";
import type { ArticleCardView as Article } from "~/lib/catalogue/card-views";
import { RatingStars } from "./rating-stars";
import { useMoney } from "./use-money";
import { useShell } from "./use-shell";

/** A product in a list: picture, name, rating and the price it starts at. */
export function ArticleCard({ article, eager = false }: { article: Article; eager?: boolean }) {
  const { t, to } = useShell();
  const money = useMoney();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-shadow hover:shadow-md">
      {article.collection ? (
        <span className="absolute left-3 top-3 z-10 rounded-button bg-brand px-2 py-1 text-xs font-bold uppercase text-on-brand">
          {t(`collections.${article.collection}`)}
        </span>
      ) : null}
      <img
        src={article.image}
        alt=""
        width={400}
        height={400}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-square w-full object-cover"
      />
      <div className="flex grow flex-col gap-1 p-4">
        <h3 className="text-lg font-bold">
          <Link
            to={to(`/${article.slug}`)}
            className="text-ink no-underline after:absolute after:inset-0 group-hover:text-brand"
          >
            {article.name}
          </Link>
        </h3>
        {article.rating.count > 0 ? (
          <RatingStars average={article.rating.average} count={article.rating.count} size={14} />
        ) : null}
        <p className="line-clamp-2 text-sm text-muted">{article.description}</p>
        <p className="mt-auto pt-2 font-bold text-brand-strong" data-testid="price">
          {t("home.from", { price: money(article.price) })}
        </p>
      </div>
    </article>
  );
}

export function ArticleGrid({ articles, eagerCount = 0 }: { articles: Article[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 mobile-wide:grid-cols-2 desktop:grid-cols-3 desktop-medium:grid-cols-4">
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard article={article} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
