import type { Route } from "./+types/slug";
import { CategoryPage } from "~/components/catalogue/category-page";
import { ProductPage } from "~/components/catalogue/product-page";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { categoryPage } from "~/lib/catalogue/category-page.server";
import { productPage } from "~/lib/catalogue/product-page.server";
import { pageNotFound } from "~/lib/errors";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { pageMeta } from "~/lib/seo/meta";
import { parseParams, routeParams } from "~/lib/request/routing/route-params";

/** `/{slug}`: a category (list, designs or landing, by its list mode) or a product page. */
export async function loader(args: Route.LoaderArgs) {
  const { slug } = parseParams(args.request, { slug: routeParams.slug }, args.params);
  const page = await catalogueApi(args.context).resolve(slug);
  if (!page) throw pageNotFound(args.request);
  return page.kind === "product" ? productPage(args, page.id) : categoryPage(args, page.id, page.listMode);
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  return loaderData.page === "product" ? <ProductPage data={loaderData} /> : <CategoryPage data={loaderData} />;
}
