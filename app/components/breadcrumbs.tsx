import { Link } from "./link";
import { useShell } from "./use-shell";

export type Crumb = { name: string; path?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, to } = useShell();
  return (
    <nav aria-label={t("catalogue.breadcrumbs")} className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to={to("/")} className="text-muted">
            {t("nav.home")}
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.name} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            {item.path ? (
              <Link to={to(item.path)} className="text-muted">
                {item.name}
              </Link>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
