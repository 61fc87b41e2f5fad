import { useId, useState } from "react";
import type { Translate } from "~/lib/i18n/translator";
import { CREATOR_DESIGN_NAME_MAX } from "@contract/api/creator-designs";
import { MAX_LINE_QUANTITY } from "@contract/api/enums";
import type { PreflightProblem } from "@contract/creator/preflight";
import { Section } from "./panels";
import type { useSaveAndCart } from "./use-save-and-cart";

type Props = {
  t: Translate;
  name: string;
  onName: (name: string) => void;
  saving: ReturnType<typeof useSaveAndCart>;
  blocked: boolean;
  hasContent: boolean;
  signedIn: boolean;
  names: Map<string, string>;
  /** After a conflict: drop the device's copy and open the latest saved version. */
  reloadLatest: (() => void) | null;
  /** The pages with a frame still empty (their names); the cart asks first, and `onShowEmpty` goes to the first. */
  emptyPages: string[];
  onShowEmpty: () => void;
};

export function SavePanel(props: Props) {
  const { t, name, onName, saving, blocked, hasContent, signedIn, names, reloadLatest, emptyPages } = props;
  const ids = { name: useId(), quantity: useId(), status: useId() };
  const [quantity, setQuantity] = useState(1);
  const [askingEmpty, setAskingEmpty] = useState(false);
  const busy = saving.saving || saving.phase !== "idle";
  const problem = saving.problem;
  const phaseText =
    saving.phase === "uploading"
      ? t("creator.cart.uploading", { percent: Math.round(saving.progress * 100) })
      : saving.phase !== "idle"
        ? t(`creator.cart.${saving.phase}`)
        : "";
  return (
    <Section title={t("creator.save.title")} testId="save-panel">
      <label htmlFor={ids.name} className="block font-semibold">
        {t("creator.save.name")}
        <input
          id={ids.name}
          value={name}
          maxLength={CREATOR_DESIGN_NAME_MAX}
          onChange={(event) => onName(event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-button border-2 border-line px-3 font-normal"
        />
      </label>
      <button
        type="button"
        className="button-secondary w-full"
        disabled={busy || !name.trim()}
        onClick={saving.save}
        aria-describedby={ids.status}
        data-testid="save-design"
      >
        {saving.saving && saving.phase === "idle" ? t("creator.save.saving") : t("creator.save.button")}
      </button>
      {!signedIn ? <p className="text-sm text-muted">{t("creator.save.guest")}</p> : null}
      <div className="flex items-end gap-2 border-t border-line pt-3">
        <label htmlFor={ids.quantity} className="font-semibold">
          {t("creator.cart.quantity")}
          <input
            id={ids.quantity}
            type="number"
            min={1}
            max={MAX_LINE_QUANTITY}
            value={quantity}
            onChange={(event) => setQuantity(Math.min(MAX_LINE_QUANTITY, Math.max(1, Number(event.target.value) || 1)))}
            className="mt-1 block min-h-11 w-20 rounded-button border-2 border-line px-3 font-normal"
          />
        </label>
        <button
          type="button"
          className="button-primary grow disabled:opacity-60"
          disabled={busy || blocked || !hasContent}
          onClick={() => (emptyPages.length ? setAskingEmpty(true) : saving.addToCart(quantity))}
          aria-describedby={ids.status}
          data-testid="creator-add-to-cart"
        >
          {t("creator.cart.button")}
        </button>
      </div>
      {askingEmpty && emptyPages.length ? (
        <div
          role="alert"
          className="space-y-2 rounded-card bg-amber-50 px-3 py-2 text-amber-900"
          data-testid="empty-frames"
        >
          <p className="font-semibold">{t("creator.emptyFrames.title")}</p>
          <p>{t("creator.emptyFrames.pages", { pages: emptyPages.join(", ") })}</p>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="button-secondary"
              onClick={() => {
                setAskingEmpty(false);
                props.onShowEmpty();
              }}
              data-testid="empty-frames-fix"
            >
              {t("creator.emptyFrames.fix")}
            </button>
            <button
              type="button"
              className="button-primary"
              onClick={() => {
                setAskingEmpty(false);
                saving.addToCart(quantity);
              }}
              data-testid="empty-frames-confirm"
            >
              {t("creator.emptyFrames.confirm")}
            </button>
          </div>
        </div>
      ) : null}
      <div id={ids.status} aria-live="polite" className="space-y-2" data-testid="save-status">
        {blocked ? <p className="text-sm font-semibold text-red-800">{t("creator.cart.blocked")}</p> : null}
        {phaseText ? <p role="status">{phaseText}</p> : null}
        {saving.phase === "uploading" ? (
          <progress
            className="h-2 w-full accent-[var(--brand)]"
            max={1}
            value={saving.progress}
            aria-label={phaseText}
          />
        ) : null}
        {saving.justSaved ? (
          <p role="status" className="font-semibold text-green-800" data-testid="saved">
            {t("creator.save.saved")}
          </p>
        ) : null}
        {problem ? (
          <div role="alert" className="rounded-card bg-red-50 px-3 py-2 text-red-800" data-testid="save-problem">
            <p>{t(problem.key)}</p>
            {problem.problems?.length ? (
              <ul className="list-disc ps-5" data-testid="preflight-problems">
                {problem.problems.map((found) => (
                  <li key={"element" in found ? `${found.problem}-${found.element}` : found.problem}>
                    {preflightLine(t, found, names)}
                  </li>
                ))}
              </ul>
            ) : problem.blocked?.length ? (
              <p>
                {t("creator.errors.blockedList", {
                  photos: problem.blocked.map((id) => names.get(id) ?? id).join(", "),
                })}
              </p>
            ) : null}
            {problem.conflict && reloadLatest ? (
              <button
                type="button"
                className="mt-2 font-semibold underline"
                onClick={reloadLatest}
                data-testid="load-latest"
              >
                {t("creator.save.loadLatest")}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </Section>
  );
}

/** One problem of the preflight, naming its page and element: "Page 3: the photo “Beach” is 92 ppi, …". */
function preflightLine(t: Translate, found: PreflightProblem, names: Map<string, string>) {
  if (found.problem === "pageCount")
    return t("creator.errors.preflightPages", { pages: found.pages, min: found.min, max: found.max });
  const name = names.get(found.element) ?? found.element;
  return found.problem === "resolution"
    ? t("creator.errors.preflightResolution", { page: found.page, photo: name, dpi: found.dpi, min: found.minDpi })
    : t("creator.errors.preflightSafeArea", { page: found.page, text: name });
}
