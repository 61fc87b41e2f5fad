import type { RouterContextProvider } from "react-router";
import { brandContext, localeContext, requestInfoContext } from "~/lib/request/context/keys";
import { pageNotFound } from "../errors";
import { designId } from "../cart/forms";
import { breadcrumbJsonLd } from "~/lib/seo/meta";
import { pageUrl } from "~/lib/request/routing/page-url";
import { readyOrDeferred } from "~/lib/speed/ready-or-deferred.server";
import { catalogueApi } from "./api.server";
import { deliveryWindow } from "@contract/shipping/working-days";
import { defaultOptions, quote } from "@contract/pricing/quote";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function productPage({ request, context }: Args, id: number) {
  const catalogue = catalogueApi(context);
  // Related designs are below the fold: they stream in after the first paint unless they are at hand.
  const later = readyOrDeferred({ designs: catalogue.designs({ articles: String(id), limit: 6 }) });
  const [article, summary, reviews, { designs }] = await Promise.all([
    catalogue.article(id),
    catalogue.reviewSummary(id),
    catalogue.reviews({ article: id, limit: 5 }),
    later,
  ]);
  if (!article) throw pageNotFound(request);
  // Opened for a ready-made design (`?design=`): the line added to the cart keeps it, when it is this article's.
  const designParam = designId.safeParse(pageUrl(request).searchParams.get("design")).data;
  const design = designParam ? await catalogue.design(designParam) : null;
  const brand = context.get(brandContext);
  const origin = new URL(request.url).origin;
  const path = `/${article.slug}`;
  const window = deliveryWindow(article.kind, new Date());
  const image = article.media.find((media) => media.kind === "product")?.url ?? article.image;
  const startPrice = quote(article.price, article.options, defaultOptions(article.options), article.tiers, 1).unit;
  const category = article.categories[0];
  return {
    page: "product" as const,
    title: article.name,
    description: article.description,
    path,
    image,
    type: "product" as const,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: article.name,
        description: article.description,
        image: `${origin}${image}`,
        sku: String(article.id),
        brand: { "@type": "Brand", name: brand.name },
        offers: {
          "@type": "Offer",
          price: (startPrice / 100).toFixed(2),
          priceCurrency: article.currency,
          availability: "https://schema.org/InStock",
          url: `${origin}${pageUrl(request).pathname}`,
        },
        ...(summary.count > 0
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: summary.average,
                reviewCount: summary.count,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
      breadcrumbJsonLd(origin, [
        ...(category ? [{ name: category.name, url: `/${category.slug}` }] : []),
        { name: article.name, url: path },
      ]),
    ],
    article,
    design: design && design.articleId === article.id ? { id: design.id, name: design.name } : null,
    summary,
    reviews: reviews.items,
    delivery: {
      earliest: window.earliest.toISOString(),
      latest: window.latest.toISOString(),
      carriers: brand.carriers,
    },
    designs,
    locale: context.get(localeContext),
    clientApiRequests: context.get(requestInfoContext).config.clientApiRequests,
  };
}
