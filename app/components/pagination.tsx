import { useLocation } from "react-router";
import { Link } from "./link";
import { useShell } from "./use-shell";

/** Page links that keep every other URL parameter (filters and sort live in the URL too). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useShell();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const href = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  return (
    <nav aria-label={t("catalogue.pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className="button-secondary">
          {t("catalogue.previous")}
        </Link>
      ) : null}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((target) => (
        <Link
          key={target}
          to={href(target)}
          aria-current={target === page ? "page" : undefined}
          aria-label={t("catalogue.pageNumber", { page: target })}
          className="flex min-h-11 min-w-11 items-center justify-center rounded-button border border-line no-underline aria-[current]:bg-brand aria-[current]:text-on-brand"
        >
          {target}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className="button-secondary">
          {t("catalogue.next")}
        </Link>
      ) : null}
    </nav>
  );
}
