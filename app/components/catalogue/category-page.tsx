import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import type { categoryPage } from "~/lib/catalogue/category-page.server";
import { ARTICLE_SORTS, COLLECTION_TAGS, DESIGN_SORTS } from "@contract/api/enums";
import { ArticleGrid } from "../article-card";
import { Breadcrumbs } from "../breadcrumbs";
import { Pagination } from "../pagination";
import { useShell } from "../use-shell";
import { DesignGrid } from "./design-card";

type Data = Awaited<ReturnType<typeof categoryPage>>;

export function CategoryPage({ data }: { data: Data }) {
  const { t, root } = useShell();
  const { category, filters } = data;
  const location = useLocation();
  const currency = root?.brand.currency ?? "EUR";

  if (data.listMode === "LANDING") {
    return (
      <div>
        <section className="bg-brand-soft">
          <div className="container-page py-12">
            <Breadcrumbs items={[{ name: category.name }]} />
            <h1 className="mt-3 text-4xl font-bold">{category.name}</h1>
            <p className="mt-3 max-w-2xl text-lg text-muted">{category.description}</p>
          </div>
        </section>
        <div className="container-page py-8">
          <div className="max-w-3xl space-y-4 text-lg">
            {category.body.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <h2 className="mt-10 text-2xl font-bold">{t("catalogue.featured")}</h2>
          <div className="mt-4">
            <ArticleGrid articles={data.articles} eagerCount={2} />
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="container-page py-6">
      <Breadcrumbs items={[{ name: category.name }]} />
      <h1 className="mt-3 text-3xl font-bold tablet:text-4xl">{category.name}</h1>
      <p className="mt-2 max-w-3xl text-muted">{category.description}</p>

      {data.listMode === "LIST" ? (
        <Form
          key={location.search}
          method="get"
          action={location.pathname}
          className="mt-6 flex flex-wrap items-end gap-4 rounded-card border border-line bg-surface p-4"
          aria-label={t("catalogue.filters")}
        >
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("catalogue.collection")}
            <select
              name="collection"
              defaultValue={filters.collection ?? ""}
              className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
            >
              <option value="">{t("catalogue.allCollections")}</option>
              {COLLECTION_TAGS.map((tag) => (
                <option key={tag} value={tag}>
                  {t(`collections.${tag}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("catalogue.priceMin", { currency })}
            <input
              type="number"
              name="priceMin"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.priceMin ?? ""}
              className="min-h-11 w-28 rounded-button border-2 border-line px-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("catalogue.priceMax", { currency })}
            <input
              type="number"
              name="priceMax"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.priceMax ?? ""}
              className="min-h-11 w-28 rounded-button border-2 border-line px-2"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("catalogue.sort")}
            <select
              name="sort"
              defaultValue={filters.sort}
              className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
            >
              {ARTICLE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalogue.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button-primary">
            {t("catalogue.apply")}
          </button>
          {location.search ? (
            <Link to={location.pathname} className="min-h-11 content-center text-sm">
              {t("catalogue.clear")}
            </Link>
          ) : null}
        </Form>
      ) : (
        <Form
          key={location.search}
          method="get"
          action={location.pathname}
          className="mt-6 flex items-end gap-3"
          aria-label={t("catalogue.filters")}
        >
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("catalogue.sort")}
            <select
              name="designSort"
              defaultValue={filters.designSort}
              className="min-h-11 rounded-button border-2 border-line bg-surface px-2"
            >
              {DESIGN_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`designs.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button-primary">
            {t("catalogue.apply")}
          </button>
        </Form>
      )}

      <h2 className="sr-only">
        {t(data.listMode === "LIST_DESIGNS" ? "search.kinds.design" : "search.kinds.article")}
      </h2>
      <p className="mt-4 text-sm text-muted" data-testid="result-count">
        {t("catalogue.results", { count: data.total })}
      </p>
      {data.total === 0 ? (
        <p className="mt-6 rounded-card bg-brand-soft p-6">{t("catalogue.noResults")}</p>
      ) : data.listMode === "LIST_DESIGNS" ? (
        <div className="mt-4">
          <DesignGrid designs={data.designs} />
        </div>
      ) : (
        <div className="mt-4">
          <ArticleGrid articles={data.articles} eagerCount={2} />
        </div>
      )}
      <Pagination page={filters.page} pageCount={data.pageCount} />
      {category.body.length ? (
        <div className="mt-10 max-w-3xl space-y-3 text-muted">
          {category.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
