import type { Dispatch } from "react";
import type { Translate } from "~/lib/i18n/translator";
import type { EditorAction } from "./editor-state";

type ToolbarProps = {
  t: Translate;
  canUndo: boolean;
  canRedo: boolean;
  view: "edit" | "product";
  /** Whether the design is landscape; null when it cannot be turned (a wrap, or a square). */
  landscape: boolean | null;
  kept: boolean | null;
  /** The product's kind, which lays the design out again when it is turned. */
  kind: string;
  dispatch: Dispatch<EditorAction>;
};

/**
 * The editor's toolbar: undo and redo, the product preview, turning the design, and whether the device kept its draft.
 */
export function EditorToolbar({ t, canUndo, canRedo, view, landscape, kept, kind, dispatch }: ToolbarProps) {
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="toolbar"
      aria-label={t("creator.toolbar")}
      data-testid="creator-toolbar"
    >
      <button
        type="button"
        className="button-secondary px-3"
        disabled={!canUndo}
        onClick={() => dispatch({ type: "undo" })}
        aria-keyshortcuts="Control+Z Meta+Z"
        data-testid="undo"
      >
        {t("creator.undo")}
      </button>
      <button
        type="button"
        className="button-secondary px-3"
        disabled={!canRedo}
        onClick={() => dispatch({ type: "redo" })}
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
        data-testid="redo"
      >
        {t("creator.redo")}
      </button>
      <button
        type="button"
        className="button-secondary px-3"
        aria-pressed={view === "product"}
        onClick={() => dispatch({ type: "toggleView" })}
        data-testid="preview-toggle"
      >
        {t("creator.previewOnProduct")}
      </button>
      {landscape !== null ? (
        <button type="button" className="button-secondary px-3" onClick={() => dispatch({ type: "turn", kind })}>
          {landscape ? t("creator.portrait") : t("creator.landscape")}
        </button>
      ) : null}
      <span
        className="ml-auto text-sm text-muted"
        data-testid="device-draft"
        data-kept={kept === null ? undefined : String(kept)}
      >
        {kept === false ? t("creator.draft.notKept") : kept ? t("creator.draft.kept") : ""}
      </span>
    </div>
  );
}
