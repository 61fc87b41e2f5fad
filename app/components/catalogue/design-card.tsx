import { Link } from "~/components/link";
import type { Design } from "@contract/api/catalogue";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

export function DesignCard({ design }: { design: Design }) {
  const { t, to } = useShell();
  const money = useMoney();
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface hover:shadow-md">
      <img
        src={design.image}
        alt=""
        width={400}
        height={400}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full"
      />
      <div className="p-3">
        <h3 className="font-bold">
          <Link
            to={to(`/design/${design.slug}/${design.id}`)}
            className="text-ink no-underline after:absolute after:inset-0 group-hover:text-brand"
          >
            {design.name}
          </Link>
        </h3>
        <p className="text-sm text-muted">{t("designs.onArticle", { article: design.articleName })}</p>
        <p className="pt-1 font-bold text-brand-strong" data-testid="price">
          {t("home.from", { price: money(design.price) })}
        </p>
      </div>
    </article>
  );
}

export function DesignGrid({ designs }: { designs: Design[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-4">
      {designs.map((design) => (
        <li key={design.id}>
          <DesignCard design={design} />
        </li>
      ))}
    </ul>
  );
}
