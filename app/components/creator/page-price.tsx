import { innerPages, isPaged, pageRules } from "@contract/creator/pages";
import type { DesignDocument } from "@contract/creator/document";
import { pagedQuote } from "@contract/pricing/quote";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";
import type { CreatorData } from "./creator-data";

/**
 * The price of the design for its current number of pages, as the cart will charge it (the chosen size, the article's
 * extra-page price past the included pages), and what is included. Nothing for a product of one page. A count outside
 * the article's rules is priced at the nearest it prints (the editor keeps the count inside them).
 */
export function PagePrice({ data, document }: { data: CreatorData; document: DesignDocument }) {
  const { t } = useShell();
  const money = useMoney();
  const rules = pageRules(data.pricing.kind);
  if (!isPaged(rules)) return null;
  const pages = Math.min(rules.maxPages, Math.max(rules.minPages, innerPages(rules, document)));
  const price = pagedQuote(data.pricing, data.size ? [data.size.id] : [], pages).unit;
  return (
    <p className="rounded-card border border-line bg-surface p-3" aria-live="polite" data-testid="page-price">
      <span className="block font-semibold">{t("creator.pagePrice.total", { count: pages, price: money(price) })}</span>
      {data.pricing.extraPagePrice > 0 ? (
        <span className="block text-sm text-muted">
          {t("creator.pagePrice.included", {
            included: rules.includedPages,
            price: money(data.pricing.extraPagePrice),
          })}
        </span>
      ) : null}
    </p>
  );
}
