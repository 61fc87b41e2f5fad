import { useId, type Dispatch } from "react";
import { monthName } from "@contract/creator/calendar";
import { PAGE_LAYOUTS, type DesignDocument } from "@contract/creator/document";
import type { PageRules } from "@contract/creator/pages";
import type { PrintTemplate } from "@contract/creator/templates";
import type { Translate } from "~/lib/i18n/translator";
import { canAddPages, canRemovePages } from "~/lib/creator/page-editing";
import type { EditorAction } from "./editor-state";
import { small } from "./panels";
import { pageLabel } from "./page-strip";

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type Props = {
  t: Translate;
  document: DesignDocument;
  rules: PageRules;
  page: number;
  template: PrintTemplate;
  /** Photos in the tray that no page shows yet (auto-fill places them). */
  unplaced: number;
  dispatch: Dispatch<EditorAction>;
};

/**
 * The shown page's tools: going to the page before or after, moving it (the keyboard's way to reorder), adding and
 * removing a book's pages, its layout, auto-fill, and a calendar's year and first month.
 */
export function PageTools({ t, document, rules, page, template, unplaced, dispatch }: Props) {
  const ids = { year: useId(), month: useId() };
  const count = document.pages.length;
  const first = rules.cover ? 1 : 0;
  const calendar = document.calendar;
  const thisYear = new Date().getFullYear();
  const years = [thisYear, thisYear + 1, thisYear + 2];
  if (calendar && !years.includes(calendar.year)) years.unshift(calendar.year);
  const current = document.pages[page];
  return (
    <div className="space-y-2 rounded-card border border-line bg-surface p-2" data-testid="page-tools">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={small}
          disabled={page === 0}
          onClick={() => dispatch({ type: "showPage", page: page - 1 })}
          aria-label={t("creator.pages.previous")}
        >
          ‹
        </button>
        <p className="font-semibold" aria-live="polite" data-testid="page-position">
          {t("creator.pages.position", { page: pageLabel(t, rules, document, page), number: page + 1, count })}
        </p>
        <button
          type="button"
          className={small}
          disabled={page >= count - 1}
          onClick={() => dispatch({ type: "showPage", page: page + 1 })}
          aria-label={t("creator.pages.next")}
        >
          ›
        </button>
        {page >= first ? (
          <>
            <button
              type="button"
              className={small}
              disabled={page <= first}
              onClick={() => dispatch({ type: "movePage", from: page, to: page - 1 })}
              data-testid="page-earlier"
            >
              {t("creator.pages.earlier")}
            </button>
            <button
              type="button"
              className={small}
              disabled={page >= count - 1}
              onClick={() => dispatch({ type: "movePage", from: page, to: page + 1 })}
              data-testid="page-later"
            >
              {t("creator.pages.later")}
            </button>
          </>
        ) : null}
        {rules.step < rules.maxPages ? (
          <>
            <button
              type="button"
              className={small}
              disabled={!canAddPages(rules, document)}
              onClick={() => dispatch({ type: "addPages", template })}
              data-testid="pages-add"
            >
              {t("creator.pages.add")}
            </button>
            <button
              type="button"
              className={small}
              disabled={!canRemovePages(rules, document) || page < first}
              onClick={() => dispatch({ type: "removePages", page })}
              data-testid="pages-remove"
            >
              {t("creator.pages.remove")}
            </button>
          </>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t("creator.pages.layout")}</legend>
        <span aria-hidden="true" className="text-sm font-semibold">
          {t("creator.pages.layout")}
        </span>
        {PAGE_LAYOUTS.map((layout) => (
          <button
            key={layout}
            type="button"
            className={small}
            aria-pressed={current?.layout === layout}
            onClick={() =>
              dispatch({ type: "setLayout", layout, template, caption: t("creator.pages.captionPlaceholder") })
            }
            data-testid={`layout-${layout}`}
          >
            {t(`creator.pages.layouts.${layout}`)}
          </button>
        ))}
        <button
          type="button"
          className={small}
          disabled={unplaced === 0}
          onClick={() => dispatch({ type: "autoFill", template })}
          data-testid="auto-fill"
        >
          {t("creator.pages.autoFill")}
        </button>
      </fieldset>
      {calendar ? (
        <div className="flex flex-wrap items-end gap-3" data-testid="calendar-settings">
          <label htmlFor={ids.year} className="flex flex-col text-sm font-semibold">
            {t("creator.pages.year")}
            <select
              id={ids.year}
              value={calendar.year}
              onChange={(event) => dispatch({ type: "setCalendar", change: { year: Number(event.target.value) } })}
              className="min-h-11 rounded-button border-2 border-line bg-surface px-3 font-normal"
              data-testid="calendar-year"
            >
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.month} className="flex flex-col text-sm font-semibold">
            {t("creator.pages.firstMonth")}
            <select
              id={ids.month}
              value={calendar.firstMonth}
              onChange={(event) =>
                dispatch({ type: "setCalendar", change: { firstMonth: Number(event.target.value) } })
              }
              className="min-h-11 rounded-button border-2 border-line bg-surface px-3 font-normal"
              data-testid="calendar-first-month"
            >
              {MONTHS.map((month) => (
                <option key={month} value={month}>
                  {monthName(calendar.locale, month)}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
    </div>
  );
}
