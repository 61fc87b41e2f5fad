import { Link } from "~/components/link";
import { optionLabel, pagesText } from "@contract/catalogue/option-label";
import { useMoney } from "~/components/use-money";
import { useShell } from "~/components/use-shell";
import type { CartLine as Line } from "@contract/api/cart";
import { uploadPath, uploadPreviewPath } from "@contract/api/upload-previews";
import { Picture } from "~/components/picture";
import { MAX_LINE_QUANTITY, OPTION_GROUPS } from "@contract/api/enums";
import { isIntent, isOfLine, useCartForm, type CartAnswer } from "./use-cart-form";

/** One line: picture, name (to the product), options, prices, quantity and options to change, and removal. */
export function CartLine({ line, actionData }: { line: Line; actionData?: CartAnswer }) {
  const { t, to } = useShell();
  const money = useMoney();
  const ofThisLine = isOfLine(line.id);
  const update = useCartForm(
    `cart-update-${line.id}`,
    actionData,
    (answer) => isIntent("update")(answer) && ofThisLine(answer),
  );
  const remove = useCartForm(
    `cart-remove-${line.id}`,
    actionData,
    (answer) => isIntent("remove")(answer) && ofThisLine(answer),
  );
  const error = update.refusal ?? remove.refusal;
  const errorId = `line-${line.id}-error`;
  const quantityInvalid = !!update.refusal?.fieldErrors.quantity;
  const productPath = to(`/${line.slug}`);
  // A creator design (its line sells a printed version) opens in the creator again; a catalogue design on its page.
  const designPath =
    line.designId && line.designVersion !== null
      ? to(`/create/${line.articleId}?design=${encodeURIComponent(line.designId)}`)
      : null;
  // Its print file is made for its size: finish and paper may change here, the size only in the creator.
  const fixed = (group: string) => !!designPath && group === "size";
  const groups = OPTION_GROUPS.map((group) => ({
    group,
    choices: line.availableOptions.filter((option) => option.group === group),
  })).filter(({ group, choices }) => choices.length > 1 && !fixed(group));
  const chosen = (group: string) => line.options.find((option) => option.group === group)?.id;
  const fixedSize = designPath ? chosen("size") : undefined;

  return (
    <li
      className="flex gap-3 border-b border-line py-5 tablet:gap-5"
      aria-busy={update.busy || remove.busy}
      data-testid="cart-line"
    >
      <Link
        to={designPath ?? productPath}
        reloadDocument={!!designPath}
        className="shrink-0"
        tabIndex={-1}
        aria-hidden="true"
      >
        {line.designPreview ? (
          <Picture
            src={uploadPreviewPath(uploadPath(line.designPreview), 320, "jpg")}
            format="jpg"
            alt=""
            width={96}
            height={96}
            className="h-20 w-20 rounded-card border border-line bg-surface object-contain tablet:h-24 tablet:w-24"
            testId="line-design-preview"
          />
        ) : (
          <img
            src={line.image}
            alt=""
            width={96}
            height={96}
            className="h-20 w-20 rounded-card border border-line bg-surface object-contain tablet:h-24 tablet:w-24"
          />
        )}
      </Link>
      <div className={`min-w-0 grow ${update.busy || remove.busy ? "opacity-60" : ""}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 className="text-lg font-bold">
            <Link to={productPath} className="text-ink hover:text-brand">
              {line.name}
            </Link>
          </h2>
          <p className="font-bold" data-testid="line-total">
            {money(line.total)}
          </p>
        </div>
        {line.options.length ? (
          <p className="text-sm text-muted" data-testid="line-options">
            {line.options
              .map((option) => `${t(`options.groups.${option.group}`)}: ${optionLabel(t, option.group, option.code)}`)
              .join(" · ")}
          </p>
        ) : null}
        {line.innerPages !== null ? (
          <p className="text-sm text-muted" data-testid="line-pages">
            {pagesText(t, line)}
          </p>
        ) : null}
        {designPath ? (
          <p className="text-sm">
            <span className="font-semibold" data-testid="line-design-name">
              {t("cart.line.yourDesign", { name: line.designName ?? "" })}
            </span>
            {" · "}
            <Link to={designPath} reloadDocument className="text-brand-strong underline">
              {t("cart.line.editDesign")}
            </Link>
          </p>
        ) : line.designId ? (
          <p className="text-sm">
            <Link
              to={to(`/design/${line.slug}/${encodeURIComponent(line.designId)}`)}
              className="text-brand-strong underline"
            >
              {t("cart.line.design")}
            </Link>
          </p>
        ) : null}
        <p className="text-sm text-muted">{t("product.unitPrice", { price: money(line.unitPrice) })}</p>
        {line.discountPercent > 0 ? (
          <p className="mt-1 text-sm">
            <span className="inline-block rounded-button bg-brand-soft px-2 py-0.5 font-semibold text-brand-strong">
              {t("cart.line.tier", { percent: line.discountPercent })}
            </span>
          </p>
        ) : null}

        <update.fetcher.Form
          method="post"
          action={to("/cart")}
          noValidate
          className="mt-3 flex flex-wrap items-end gap-3"
          onChange={(event) => {
            // A new option is a change on its own; a typed quantity waits for the button.
            if (event.target instanceof HTMLSelectElement)
              void update.fetcher.submit(event.currentTarget, { method: "post" });
          }}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="line" value={line.id} />
          {fixedSize !== undefined ? <input type="hidden" name="option_size" value={fixedSize} /> : null}
          {groups.map(({ group, choices }) => (
            <label key={group} className="flex flex-col text-sm font-semibold">
              {t(`options.groups.${group}`)}
              <select
                name={`option_${group}`}
                defaultValue={chosen(group)}
                className="mt-1 min-h-11 rounded-button border-2 border-line bg-surface px-2 font-normal"
              >
                {choices.map((option) => (
                  <option key={option.id} value={option.id}>
                    {optionLabel(t, group, option.code)}
                    {option.priceDelta > 0 ? ` (+${money(option.priceDelta)})` : ""}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <div className="flex flex-col text-sm font-semibold">
            <label htmlFor={`quantity-${line.id}`}>{t("product.quantity")}</label>
            <div className="mt-1 flex items-center">
              <button
                type="submit"
                name="step"
                value="-1"
                disabled={line.quantity <= 1 || update.busy}
                aria-label={t("cart.line.decrease")}
                className="flex h-11 w-11 items-center justify-center rounded-l-button border-2 border-line bg-surface text-xl disabled:opacity-40"
              >
                −
              </button>
              <input
                key={`${line.id}-${line.quantity}`}
                id={`quantity-${line.id}`}
                type="number"
                name="quantity"
                inputMode="numeric"
                min={1}
                max={MAX_LINE_QUANTITY}
                defaultValue={quantityInvalid ? update.refusal?.values.quantity : line.quantity}
                aria-invalid={quantityInvalid || undefined}
                aria-describedby={quantityInvalid ? errorId : undefined}
                className="h-11 w-16 border-y-2 border-line bg-surface text-center font-normal aria-[invalid]:border-red-700"
              />
              <button
                type="submit"
                name="step"
                value="1"
                disabled={line.quantity >= MAX_LINE_QUANTITY || update.busy}
                aria-label={t("cart.line.increase")}
                className="flex h-11 w-11 items-center justify-center rounded-r-button border-2 border-line bg-surface text-xl disabled:opacity-40"
              >
                +
              </button>
            </div>
          </div>
          <button type="submit" disabled={update.busy} className="button-secondary">
            {t("cart.line.update")}
          </button>
        </update.fetcher.Form>
        <remove.fetcher.Form method="post" action={to("/cart")} className="mt-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="line" value={line.id} />
          <button
            type="submit"
            disabled={remove.busy}
            className="min-h-11 text-sm font-semibold text-brand-strong underline"
          >
            {t("cart.line.remove")}
            <span className="sr-only">: {line.name}</span>
          </button>
        </remove.fetcher.Form>
        {error ? (
          <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {t(error.formError ?? "cart.errors.invalid")}
          </p>
        ) : null}
      </div>
    </li>
  );
}
