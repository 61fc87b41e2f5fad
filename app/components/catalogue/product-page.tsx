import { Suspense, useEffect, useState } from "react";
import { Await, useFetcher } from "react-router";
import { Link } from "~/components/link";
import { dateTimeFormat } from "@contract/rules/intl-formats";
import type { CartAnswer } from "~/components/cart/use-cart-form";
import { isFormRefusal } from "~/lib/forms/form-refusal";
import { reportInteraction } from "~/lib/analytics/report-event";
import type { productPage } from "~/lib/catalogue/product-page.server";
import { defaultOptions, quote } from "@contract/pricing/quote";
import { pageRules } from "@contract/creator/pages";
import { LOCALE_TAGS } from "@contract/locales/locales";
import { OPTION_GROUPS } from "@contract/api/enums";
import { Breadcrumbs } from "../breadcrumbs";
import { Picture } from "../picture";
import { RatingStars } from "../rating-stars";
import { ReviewList } from "./review-list";
import { DesignGrid } from "./design-card";
import { optionLabel } from "@contract/catalogue/option-label";
import { useMoney } from "../use-money";
import { useShell } from "../use-shell";

type Data = Awaited<ReturnType<typeof productPage>>;

export function ProductPage({ data }: { data: Data }) {
  const { root, t, to, locale } = useShell();
  const money = useMoney();
  const { article } = data;
  const [chosen, setChosen] = useState(() => defaultOptions(article.options));
  const [quantity, setQuantity] = useState(1);
  const [shown, setShown] = useState(0);
  const cart = useFetcher<CartAnswer>({ key: `add-to-cart-${article.id}` });
  const adding = cart.state !== "idle";
  const answer = cart.state === "idle" ? cart.data : undefined;
  const added = answer && !isFormRefusal(answer) ? answer : undefined;
  useEffect(() => {
    if (added) reportInteraction("add_to_cart");
  }, [added]);
  const price = quote(article.price, article.options, chosen, article.tiers, Math.max(1, quantity));
  const dates = dateTimeFormat(LOCALE_TAGS[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  const category = article.categories[0];
  const media = article.media.length
    ? article.media
    : [
        {
          kind: "product" as const,
          type: "IMAGE" as const,
          url: article.image,
          format: "svg" as const,
          width: 400,
          height: 400,
        },
      ];

  return (
    <div className="container-page py-6">
      <Breadcrumbs
        items={[...(category ? [{ name: category.name, path: `/${category.slug}` }] : []), { name: article.name }]}
      />
      <div className="mt-4 grid gap-8 desktop:grid-cols-2">
        <section aria-label={t("product.gallery")}>
          <div className="overflow-hidden rounded-card border border-line bg-surface">
            <Picture
              {...media[shown]!}
              src={media[shown]!.url}
              alt={article.name}
              eager
              className="aspect-square w-full object-contain"
            />
          </div>
          {media.length > 1 ? (
            <ul className="mt-3 flex gap-3">
              {media.map((item, index) => (
                <li key={item.url}>
                  <button
                    type="button"
                    onClick={() => setShown(index)}
                    aria-pressed={index === shown}
                    aria-label={t("product.showPicture", { number: index + 1 })}
                    className="block overflow-hidden rounded-card border-2 border-line aria-pressed:border-brand"
                  >
                    <Picture
                      src={item.url}
                      format={item.format}
                      alt=""
                      width={80}
                      height={item.kind === "environment" ? 60 : 80}
                      className="h-16 w-20 object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section aria-labelledby="product-title">
          <h1 id="product-title" className="text-3xl font-bold tablet:text-4xl">
            {article.name}
          </h1>
          {data.summary.count > 0 ? (
            <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-muted">
              <RatingStars average={data.summary.average} count={data.summary.count} />
            </a>
          ) : null}
          <p className="mt-4 text-lg text-muted">{article.description}</p>

          <cart.Form method="post" action={to("/cart")} className="mt-6 space-y-5">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="article_id" value={article.id} />
            {data.design ? (
              <>
                <input type="hidden" name="design_id" value={data.design.id} />
                <p className="rounded-card bg-brand-soft px-4 py-3" data-testid="chosen-design">
                  {t("cart.withDesign", { design: data.design.name })}
                </p>
              </>
            ) : null}
            {OPTION_GROUPS.map((group) => {
              const choices = article.options.filter((option) => option.group === group);
              if (!choices.length) return null;
              return (
                <fieldset key={group}>
                  <legend className="mb-2 font-semibold">{t(`options.groups.${group}`)}</legend>
                  <div className="flex flex-wrap gap-2">
                    {choices.map((option) => (
                      <label
                        key={option.id}
                        className="flex min-h-11 cursor-pointer items-center gap-2 rounded-button border-2 border-line px-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                      >
                        <input
                          type="radio"
                          name={`option_${group}`}
                          value={option.id}
                          checked={chosen.includes(option.id)}
                          onChange={() =>
                            setChosen((current) => [
                              ...current.filter((id) => !choices.some((c) => c.id === id)),
                              option.id,
                            ])
                          }
                          className="accent-[var(--brand)]"
                        />
                        <span>{optionLabel(t, group, option.code)}</span>
                        {option.priceDelta > 0 ? (
                          <span className="text-sm text-muted">+{money(option.priceDelta)}</span>
                        ) : null}
                      </label>
                    ))}
                  </div>
                </fieldset>
              );
            })}
            <div className="flex flex-wrap items-end gap-4">
              <label className="flex flex-col gap-1 font-semibold">
                {t("product.quantity")}
                <input
                  type="number"
                  name="quantity"
                  min={1}
                  max={999}
                  value={quantity}
                  onChange={(event) => setQuantity(Math.min(999, Math.max(1, Number(event.target.value) || 1)))}
                  className="min-h-11 w-24 rounded-button border-2 border-line px-3"
                />
              </label>
              <div aria-live="polite">
                <p className="text-3xl font-bold text-brand-strong" data-testid="live-price">
                  {money(price.total)}
                </p>
                <p className="text-sm text-muted">
                  {t("product.unitPrice", { price: money(price.unit) })}
                  {price.discountPercent > 0
                    ? ` · ${t("product.tierApplied", { percent: price.discountPercent, saved: money(price.fullTotal - price.total) })}`
                    : ""}
                </p>
                {article.extraPagePrice > 0 ? (
                  <p className="text-sm text-muted" data-testid="extra-page-price">
                    {t("product.pagesIncluded", {
                      included: pageRules(article.kind).includedPages,
                      price: money(article.extraPagePrice),
                    })}
                  </p>
                ) : null}
              </div>
            </div>
            {article.tiers.length ? (
              <div>
                <h2 className="font-semibold">{t("product.tiers")}</h2>
                <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                  {article.tiers.map((tier) => (
                    <li key={tier.minQuantity} className="rounded-button bg-brand-soft px-3 py-1 text-brand-strong">
                      {t("product.tier", { count: tier.minQuantity, percent: tier.discountPercent })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                disabled={adding}
                aria-describedby="cart-answer"
                className="button-primary disabled:opacity-60"
                data-testid="add-to-cart"
              >
                {adding ? t("cart.adding") : t("product.addToCart")}
              </button>
              {root?.brand.designCreator ? (
                <Link to={to(`/create/${article.id}`)} reloadDocument className="button-secondary">
                  {t("product.personalise")}
                </Link>
              ) : null}
            </div>
            <div id="cart-answer" aria-live="polite">
              {answer && !isFormRefusal(answer) ? (
                <p
                  role="status"
                  className="flex flex-wrap items-center gap-x-3 rounded-card border border-line bg-brand-soft px-4 py-3 font-semibold"
                  data-testid="added-to-cart"
                >
                  {t("cart.added")}
                  <Link to={to("/cart")} className="text-brand-strong underline">
                    {t("cart.viewCart")}
                  </Link>
                </p>
              ) : answer ? (
                <p role="alert" className="font-semibold text-red-800">
                  {t(answer.formError ?? "cart.errors.invalid")}
                </p>
              ) : null}
            </div>
          </cart.Form>

          <div className="mt-6 rounded-card border border-line bg-surface p-4">
            <h2 className="font-semibold">{t("product.delivery")}</h2>
            <p className="mt-1" data-testid="delivery-estimate">
              {t("product.deliveryWindow", {
                earliest: dates.format(new Date(data.delivery.earliest)),
                latest: dates.format(new Date(data.delivery.latest)),
              })}
            </p>
          </div>
          {article.tags.length ? (
            <ul className="mt-4 flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={to(`/t/${tag.slug}`)}
                    className="rounded-button border border-line px-3 py-1 text-sm text-ink no-underline hover:border-brand"
                  >
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>

      <section id="reviews" className="mt-12" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-2xl font-bold">
          {t("product.reviews")}
        </h2>
        {data.summary.count > 0 ? (
          <p className="mt-2 flex items-center gap-2">
            <RatingStars average={data.summary.average} />{" "}
            {t("home.reviewsSummary", { average: data.summary.average.toFixed(1), count: data.summary.count })}
          </p>
        ) : (
          <p className="mt-2 text-muted">{t("product.noReviews")}</p>
        )}
        <ReviewList reviews={data.reviews} />
      </section>

      <Suspense fallback={null}>
        <Await resolve={data.designs}>
          {(designs) =>
            designs.items.length ? (
              <section className="mt-12" aria-labelledby="designs-title">
                <h2 id="designs-title" className="text-2xl font-bold">
                  {t("product.relatedDesigns")}
                </h2>
                <div className="mt-4">
                  <DesignGrid designs={designs.items} />
                </div>
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </div>
  );
}
