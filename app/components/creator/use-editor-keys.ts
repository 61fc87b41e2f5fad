import { useEffect, type Dispatch } from "react";
import type { EditorAction } from "./editor-state";

/**
 * The editor's keys: undo and redo, Delete removes, arrows nudge (Shift: 10 mm), Enter edits a text, Escape lets go;
 * Page Up and Page Down show the page before or after.
 */
export function useEditorKeys(options: {
  view: "edit" | "product";
  selectedId: string | null;
  selectedIsText: boolean;
  page: number;
  pages: number;
  dispatch: Dispatch<EditorAction>;
}) {
  const { view, selectedId, selectedIsText, page, pages, dispatch } = options;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable=true]");
      const command = event.ctrlKey || event.metaKey;
      if (command && !typing && (event.key.toLowerCase() === "z" || event.key.toLowerCase() === "y")) {
        event.preventDefault();
        dispatch({ type: event.key.toLowerCase() === "y" || event.shiftKey ? "redo" : "undo" });
        return;
      }
      if (event.key === "Escape") {
        dispatch({ type: "letGo", keepSelection: Boolean(typing) });
        return;
      }
      if (!typing && !command && (event.key === "PageUp" || event.key === "PageDown")) {
        const next = page + (event.key === "PageUp" ? -1 : 1);
        if (next >= 0 && next < pages) {
          event.preventDefault();
          dispatch({ type: "showPage", page: next });
        }
        return;
      }
      if (typing || command || view !== "edit" || !selectedId) return;
      if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        dispatch({ type: "removeSelected" });
      } else if (event.key.startsWith("Arrow")) {
        event.preventDefault();
        const step = event.shiftKey ? 10 : 1;
        const [dx, dy] = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
          event.key
        ] ?? [0, 0];
        dispatch({ type: "nudgeSelected", dx, dy });
      } else if (event.key === "Enter" && selectedIsText) {
        event.preventDefault();
        dispatch({ type: "editText", id: selectedId });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [view, selectedId, selectedIsText, page, pages, dispatch]);
}
