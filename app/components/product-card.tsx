import { Link } from "react-router";
import type { Article } from "~/lib/product-api/contract";
import { formatMoney } from "~/lib/rules";
import { LOCALE_TAGS } from "~/lib/i18n/locales";
import { useShell } from "./use-shell";

export function ProductCard({ article }: { article: Article }) {
  const { root, t, to, locale } = useShell();
  const price = formatMoney(article.price, {
    currency: article.currency,
    decimals: root?.brand.decimals ?? true,
    locale: LOCALE_TAGS[locale],
  });
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface transition-shadow hover:shadow-md">
      <img src={article.image} alt="" width={400} height={400} loading="lazy" decoding="async" className="aspect-square w-full object-cover" />
      <div className="flex grow flex-col gap-1 p-4">
        <h3 className="text-lg font-bold">
          <Link to={to(`/${article.slug}`)} className="text-ink no-underline after:absolute after:inset-0 group-hover:text-brand">
            {article.name}
          </Link>
        </h3>
        <p className="line-clamp-2 text-sm text-muted">{article.description}</p>
        <p className="mt-auto pt-2 font-bold text-brand-strong" data-testid="price">{t("home.from", { price })}</p>
      </div>
    </article>
  );
}
