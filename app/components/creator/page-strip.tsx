import { useMemo, type Dispatch } from "react";
import { calendarGrid, calendarMonth, monthName } from "@contract/creator/calendar";
import type { DesignDocument } from "@contract/creator/document";
import type { PageRules } from "@contract/creator/pages";
import type { PrintTemplate } from "@contract/creator/templates";
import type { Translate } from "~/lib/i18n/translator";
import { spreadOf } from "~/lib/creator/page-editing";
import type { EditorAction } from "./editor-state";
import { PageThumbnail } from "./page-thumbnail";

const DRAG_TYPE = "application/x-creator-page";

/** A page's name: the cover, a calendar's month and year, or its number among the inner pages. */
export function pageLabel(t: Translate, rules: PageRules, document: DesignDocument, index: number): string {
  if (rules.cover && index === 0) return t("creator.pages.cover");
  if (document.calendar && index >= 1 && index <= 12) {
    const { year, month } = calendarMonth(document.calendar, index - 1);
    return `${monthName(document.calendar.locale, month)} ${year}`;
  }
  return t("creator.pages.page", { number: rules.cover ? index : index + 1 });
}

/** Each page's grid (a calendar's months), drawn again only when the calendar or the size changes. */
export function usePageGrids(document: DesignDocument) {
  const { calendar, size, landscape } = document;
  const count = document.pages.length;
  return useMemo(
    () => Array.from({ length: count }, (_, index) => calendarGrid({ calendar, size, landscape }, index)),
    [calendar, size, landscape, count],
  );
}

type Props = {
  t: Translate;
  document: DesignDocument;
  rules: PageRules;
  page: number;
  template: PrintTemplate;
  grids: ReturnType<typeof usePageGrids>;
  dispatch: Dispatch<EditorAction>;
};

/**
 * The pages as thumbnails, a book's inner pages in spreads of two: a press shows the page on the stage; an inner page
 * dragged onto another moves there (page-tools.tsx has the same move with buttons, for keyboards).
 */
export function PageStrip({ t, document, rules, page, template, grids, dispatch }: Props) {
  const first = rules.cover ? 1 : 0;
  const spreads: number[][] = [];
  for (let index = 0; index < document.pages.length; index++) {
    const spread = spreadOf(rules, index);
    if (spread[0] === index) spreads.push(spread.filter((candidate) => candidate < document.pages.length));
  }
  return (
    <nav aria-label={t("creator.pages.title")} data-testid="page-strip">
      <ol className="flex gap-3 overflow-x-auto pb-2">
        {spreads.map((spread) => (
          <li key={spread.join("-")} className="flex shrink-0 gap-px">
            {spread.map((index) => {
              const item = document.pages[index]!;
              const movable = index >= first;
              const label = pageLabel(t, rules, document, index);
              return (
                <button
                  key={item.id}
                  type="button"
                  draggable={movable}
                  aria-current={index === page ? "page" : undefined}
                  title={label}
                  onClick={() => dispatch({ type: "showPage", page: index })}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(DRAG_TYPE, String(index));
                    event.dataTransfer.effectAllowed = "move";
                  }}
                  onDragOver={(event) => {
                    if (movable && event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    const from = Number(event.dataTransfer.getData(DRAG_TYPE));
                    if (Number.isInteger(from)) dispatch({ type: "movePage", from, to: index });
                  }}
                  className="block w-16 rounded-sm border-2 border-line bg-surface p-0.5 hover:border-brand aria-[current=page]:border-brand aria-[current=page]:ring-2 aria-[current=page]:ring-brand"
                  data-testid="page-thumb"
                  data-page={index}
                >
                  <PageThumbnail
                    page={item}
                    grid={grids[index] ?? []}
                    background={document.background}
                    template={template}
                  />
                  <span className="block truncate text-center text-xs">{label}</span>
                </button>
              );
            })}
          </li>
        ))}
      </ol>
    </nav>
  );
}
