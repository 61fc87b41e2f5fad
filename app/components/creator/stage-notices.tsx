import type { Dispatch } from "react";
import type { Translate } from "~/lib/i18n/translator";
import type { EditorAction } from "./editor-state";

type Props = {
  t: Translate;
  /** A draft from the device was opened. */
  restored: boolean;
  /** The layers' names, by what their print-quality checks found. */
  blocked: string[];
  warned: string[];
  outside: string[];
  dispatch: Dispatch<EditorAction>;
};

/** Above the stage: that the device's draft was opened, and what the print-quality checks found. */
export function StageNotices({ t, restored, blocked, warned, outside, dispatch }: Props) {
  return (
    <>
      {restored ? (
        <p
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-brand-soft px-3 py-2"
          data-testid="draft-restored"
        >
          {t("creator.draft.restored")}
          <button
            type="button"
            className="font-semibold text-brand-strong underline"
            onClick={() => dispatch({ type: "dismissRestored" })}
          >
            {t("creator.draft.ok")}
          </button>
        </p>
      ) : null}
      <div role="status" aria-live="polite" data-testid="quality-summary" className="space-y-1">
        {blocked.length ? (
          <p className="rounded-card bg-red-50 px-3 py-2 font-semibold text-red-800" data-testid="quality-block">
            {t("creator.quality.blocking", { photos: blocked.join(", ") })}
          </p>
        ) : null}
        {warned.length ? (
          <p className="rounded-card bg-amber-50 px-3 py-2 text-amber-900" data-testid="quality-warn">
            {t("creator.quality.warning", { photos: warned.join(", ") })}
          </p>
        ) : null}
        {outside.length ? (
          <p className="rounded-card bg-orange-50 px-3 py-2 text-orange-900" data-testid="quality-outside">
            {t("creator.quality.outsideList", { elements: outside.join(", ") })}
          </p>
        ) : null}
      </div>
    </>
  );
}
