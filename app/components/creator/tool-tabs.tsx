import type { Dispatch, ReactNode } from "react";
import type { Translate } from "~/lib/i18n/translator";
import { TABS, type EditorAction, type Tab } from "./editor-state";

/** The tools' tabs (photos, text, layers) and the chosen one's panel. */
export function ToolTabs({
  t,
  tab,
  dispatch,
  children,
}: {
  t: Translate;
  tab: Tab;
  dispatch: Dispatch<EditorAction>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-3">
      <div
        role="tablist"
        aria-label={t("creator.tools")}
        className="grid grid-cols-3 gap-1 rounded-card border border-line bg-surface p-1"
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`creator-tab-${name}`}
            id={`creator-tabbutton-${name}`}
            onClick={() => dispatch({ type: "showTab", tab: name })}
            className="min-h-11 rounded-button px-2 font-semibold aria-selected:bg-brand aria-selected:text-on-brand"
            data-testid={`tab-${name}`}
          >
            {t(`creator.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`creator-tab-${tab}`} aria-labelledby={`creator-tabbutton-${tab}`}>
        {children}
      </div>
    </div>
  );
}
