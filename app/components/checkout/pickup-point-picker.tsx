import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { PickupPoint } from "@contract/api/checkout";
import { useShell } from "../use-shell";
import { FieldError } from "~/components/form/fields";
import { PickupMap } from "./pickup-map";

type Props = {
  option: { deliveryType: string; carrier: string };
  /** Points the page came with (null: search when shown); the chosen point's id. */
  initial: { postcode: string; points: PickupPoint[] | null; chosen: string };
  error?: string;
};

/**
 * Search by postcode and choose a point, from the list or the map. Without JavaScript the search button sends the
 * form as a GET (the page lists the points); with it, /api/pickup-points answers in place.
 */
export function PickupPointPicker({ option, initial, error }: Props) {
  const { t, to } = useShell();
  const fetcher = useFetcher<{ items: PickupPoint[] }>();
  const [postcode, setPostcode] = useState(initial.postcode);
  const [chosen, setChosen] = useState(initial.chosen);
  const kind = option.deliveryType === "PICKPOINT" ? "CARRIER" : "PARTNER";
  const search = (code: string) => {
    if (!/\d/.test(code)) return;
    void fetcher.load(
      `${to("/api/pickup-points")}?${new URLSearchParams({ postcode: code, kind, carrier: option.carrier })}`,
    );
  };
  // A delivery chosen in the browser has no points from the page yet: look them up near the address.
  const lookUpFirst = initial.points === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetcher is a new object each render; this runs once per shown delivery (the picker is keyed by it)
  useEffect(() => {
    if (lookUpFirst && /\d/.test(initial.postcode))
      void fetcher.load(
        `${to("/api/pickup-points")}?${new URLSearchParams({ postcode: initial.postcode, kind, carrier: option.carrier })}`,
      );
  }, [lookUpFirst, initial.postcode, kind, option.carrier, to]);
  const points = fetcher.data?.items ?? initial.points ?? [];
  const chosenPoint = points.find((point) => point.id === chosen);
  const searching = fetcher.state !== "idle";
  return (
    <fieldset
      className="tablet:rounded-card tablet:border tablet:border-line tablet:p-4"
      aria-describedby={error ? "checkout-pickupPointId-error" : undefined}
      data-testid="pickup-picker"
    >
      <legend className="text-lg font-bold tablet:px-1 tablet:text-base">{t("checkout.pickup.title")}</legend>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor="checkout-postcode-search" className="block font-semibold">
            {t("checkout.pickup.postcode")}
          </label>
          <input
            id="checkout-postcode-search"
            name="postcode"
            autoComplete="postal-code"
            value={postcode}
            onChange={(event) => setPostcode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              search(postcode);
            }}
            className="mt-1 min-h-11 w-full rounded-button border-2 border-line bg-surface px-3"
          />
        </div>
        <button
          type="submit"
          formMethod="get"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            search(postcode);
          }}
          className="button-secondary"
        >
          {t("checkout.pickup.search")}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm text-muted">
        {searching
          ? t("checkout.pickup.searching")
          : points.length
            ? t("checkout.pickup.found", { count: points.length })
            : t("checkout.pickup.none")}
      </p>
      {error ? <FieldError id="checkout-pickupPointId-error" message={error} /> : null}
      {points.length ? (
        <div className="mt-3 grid gap-4 tablet:grid-cols-2">
          <div className="order-last tablet:order-none">
            <ol className="space-y-2" id="checkout-pickupPointId" tabIndex={-1}>
              {points.map((point, index) => (
                <li key={point.id}>
                  <label
                    className="flex min-h-11 cursor-pointer items-start gap-3 rounded-button border-2 border-line p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                    data-point={point.id}
                  >
                    <input
                      type="radio"
                      name="pickupPointId"
                      value={point.id}
                      checked={chosen === point.id}
                      onChange={() => setChosen(point.id)}
                      className="mt-1 h-5 w-5 shrink-0"
                    />
                    <span
                      aria-hidden="true"
                      className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-xs font-bold text-on-brand"
                    >
                      {index + 1}
                    </span>
                    <span>
                      <span className="block font-semibold">{point.name}</span>
                      <span className="block text-sm">
                        {point.street}, {point.postcode} {point.city}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ol>
          </div>
          <div className="tablet:sticky tablet:top-4 tablet:self-start">
            <PickupMap points={points} selected={chosen} onSelect={setChosen} />
          </div>
        </div>
      ) : null}
      {chosenPoint ? (
        <div className="mt-4 rounded-card bg-page p-3" data-testid="pickup-chosen">
          <p className="font-semibold">{t("checkout.pickup.chosen")}</p>
          <p>{chosenPoint.name}</p>
          <p className="text-sm">
            {chosenPoint.street}, {chosenPoint.postcode} {chosenPoint.city}
          </p>
          <p className="text-sm text-muted">
            {t("checkout.pickup.openingHours")}: {chosenPoint.openingHours}
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
