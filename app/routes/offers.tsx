import type { Route } from "./+types/offers";
import { OfferCard } from "~/components/offer-card";
import { useShell } from "~/components/use-shell";
import { catalogueApi } from "~/lib/catalogue/api.server";
import { translate } from "~/lib/i18n/translate.server";
import { catalogueHeaders } from "~/lib/catalogue/cache-headers";
import { offerCardView } from "~/lib/catalogue/card-views";
import { pageMeta } from "~/lib/seo/meta";

export async function loader({ context }: Route.LoaderArgs) {
  const offers = await catalogueApi(context).offers("all");
  return {
    title: translate(context, "routes.offers"),
    description: translate(context, "offers.description"),
    path: "/offers",
    current: offers.items.filter((offer) => offer.state === "ACTIVE").map(offerCardView),
    past: offers.items
      .filter((offer) => offer.state === "EXPIRED")
      .slice(0, 3)
      .map(offerCardView),
  };
}

export const meta: Route.MetaFunction = pageMeta;
export const headers = catalogueHeaders;

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { t } = useShell();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold tablet:text-4xl">{loaderData.title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{loaderData.description}</p>
      <h2 className="sr-only">{t("home.offers")}</h2>
      {loaderData.current.length ? (
        <ul className="mt-6 grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
          {loaderData.current.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-card bg-brand-soft p-6">{t("offers.none")}</p>
      )}
      {loaderData.past.length ? (
        <section className="mt-12" aria-labelledby="past-offers">
          <h2 id="past-offers" className="text-xl font-bold">
            {t("offers.past")}
          </h2>
          <ul className="mt-4 grid gap-4 tablet:grid-cols-3">
            {loaderData.past.map((offer) => (
              <li key={offer.id}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
