import type {
  CalendarSettings,
  DesignDocument,
  DesignElement,
  PageLayout,
  TextElement,
} from "@contract/creator/document";
import { pageRules } from "@contract/creator/pages";
import { templateFor, type PrintTemplate } from "@contract/creator/templates";
import { deviceVisit, offersRecovery, type Draft, type Upload } from "~/lib/creator/device-drafts";
import {
  addPhoto,
  addText,
  findElement,
  mapPages,
  moveLayer,
  nudge,
  relayout,
  removeElement,
  updateElement,
} from "~/lib/creator/editing";
import { addPages, autoFill, movePage, removePages } from "~/lib/creator/page-editing";
import { applyLayout } from "~/lib/creator/page-layouts";
import { preview, record, redo, settle, startHistory, undo, type History } from "~/lib/creator/history";
import type { CreatorData } from "./creator-data";
import type { Saved } from "./use-save-and-cart";

export type Tab = "photos" | "text" | "layers";
export const TABS: Tab[] = ["photos", "text", "layers"];

/** Everything the editor holds between renders: the document's history, what is selected and shown, the save. */
export type EditorState = {
  history: History<DesignDocument>;
  /** The article's kind, which decides its pages (`pageRules`). */
  kind: string;
  /** The page shown on the stage (an index into the document's pages). */
  page: number;
  selectedId: string | null;
  editingText: string | null;
  /** The selected photo's pan and zoom are being adjusted; only ever true while a photo is selected. */
  adjusting: boolean;
  view: "edit" | "product";
  tab: Tab;
  uploads: Upload[];
  saved: Saved | null;
  name: string;
  /** A draft from the device was opened, and the notice saying so is still shown. */
  restored: boolean;
  /** Whether the last draft written to the device was kept (null: none written yet). */
  kept: boolean | null;
};

/** The editor's named actions: changes to the document (each an undo step unless said otherwise), then the rest. */
export type EditorAction =
  | { type: "undo" }
  | { type: "redo" }
  /** A gesture under way: shown, not yet an undo step; `settle` makes it one from `before`. */
  | { type: "preview"; document: DesignDocument }
  | { type: "settle"; before: DesignDocument }
  /** Fonts arrived: every text's box measured again (not an undo step). */
  | { type: "refitTexts" }
  | { type: "changeSelected"; change: Partial<DesignElement>; key: string | null }
  | { type: "changeSelectedText"; change: Partial<TextElement>; key: string | null }
  | { type: "typeText"; id: string; text: string }
  | { type: "nudgeSelected"; dx: number; dy: number }
  | { type: "moveLayer"; id: string; step: 1 | -1 }
  | { type: "turn"; kind: string }
  | { type: "setBackground"; colour: string }
  /**
   * A photo into the selected frame (when `intoSelected`, or when that frame is empty), else the first empty frame,
   * else a new one.
   */
  | { type: "placePhoto"; upload: Upload; intoSelected: boolean; kind: string }
  | { type: "addText"; template: PrintTemplate; text: string; measure: (line: string) => number }
  /** Pages: shown, added (a step after the shown one's spread), removed (its spread), moved, laid out, filled. */
  | { type: "showPage"; page: number }
  | { type: "addPages"; template: PrintTemplate }
  | { type: "removePages"; page: number }
  | { type: "movePage"; from: number; to: number }
  | { type: "setLayout"; layout: PageLayout; template: PrintTemplate; caption: string }
  | { type: "autoFill"; template: PrintTemplate }
  | { type: "setCalendar"; change: Partial<Pick<CalendarSettings, "year" | "firstMonth">> }
  | { type: "removeSelected" }
  | { type: "selectOnStage"; id: string | null }
  | { type: "selectLayer"; id: string | null }
  | { type: "editText"; id: string | null }
  /** Escape: stop editing a text, and (unless typing in a field) let go of the selection. */
  | { type: "letGo"; keepSelection: boolean }
  | { type: "adjust"; on: boolean }
  | { type: "toggleView" }
  | { type: "showTab"; tab: Tab }
  | { type: "uploaded"; upload: Upload }
  | { type: "saved"; saved: Saved }
  | { type: "rename"; name: string }
  | { type: "dismissRestored" }
  | { type: "draftKept"; kept: boolean };

/**
 * The editor as it opens: the device's draft when it is the design's (as new or newer than the saved version), else the
 * page's document. The recovered-work notice only when that draft is real work left by an earlier visit (`visit`).
 */
export function startEditor(data: CreatorData, draft: Draft | null, visit = deviceVisit()): EditorState {
  const usable =
    draft && (!data.saved || (draft.savedId === data.saved.id && (draft.baseVersion ?? 0) >= data.saved.version))
      ? draft
      : null;
  const document = usable ? usable.document : data.document;
  const sizeCode = data.size?.code ?? null;
  const opened = relayout(data.document, data.article.kind, sizeCode, data.document.landscape);
  return {
    history: startHistory(relayout(document, data.article.kind, sizeCode, document.landscape)),
    kind: data.article.kind,
    page: 0,
    selectedId: null,
    editingText: null,
    adjusting: false,
    view: "edit",
    tab: "photos",
    uploads: usable?.uploads ?? [],
    saved: usable?.savedId ? { id: usable.savedId, version: usable.baseVersion ?? 1 } : data.saved,
    name: usable?.name ?? data.saved?.name ?? data.article.name,
    restored: usable !== null && offersRecovery(usable, opened, visit),
    kept: null,
  };
}

const commit = (state: EditorState, document: DesignDocument, key: string | null = null): EditorState =>
  document === state.history.present ? state : { ...state, history: record(state.history, document, key) };

/** A text changed and its box fitted to its lines again, where it stood. */
function refitted(document: DesignDocument, id: string, change: Partial<TextElement>, fitText: Fit): DesignDocument {
  const current = findElement(document, id);
  if (current?.kind !== "text") return document;
  return updateElement(document, id, { ...fitText({ ...current, ...change }), x: current.x, y: current.y });
}

/** A text's box fitted to its lines in its font as loaded now (fonts.client.ts measures them). */
export type Fit = (text: TextElement) => TextElement;

function change(state: EditorState, action: EditorAction, fitText: Fit): EditorState {
  const document = state.history.present;
  const selectedId = state.selectedId;
  switch (action.type) {
    case "undo":
      return { ...state, history: undo(state.history) };
    case "redo":
      return { ...state, history: redo(state.history) };
    case "preview":
      return { ...state, history: preview(state.history, action.document) };
    case "settle":
      return { ...state, history: settle(state.history, action.before) };
    case "refitTexts": {
      const refitted = mapPages(document, (elements) => {
        let changed = false;
        const next = elements.map((element) => {
          if (element.kind !== "text") return element;
          const fitted = fitText(element);
          if (Math.abs(fitted.width - element.width) < 0.2 && Math.abs(fitted.height - element.height) < 0.2)
            return element;
          changed = true;
          return fitted;
        });
        return changed ? next : elements;
      });
      return refitted === document ? state : { ...state, history: preview(state.history, refitted) };
    }
    case "changeSelected":
      return selectedId ? commit(state, updateElement(document, selectedId, action.change), action.key) : state;
    case "changeSelectedText":
      return selectedId ? commit(state, refitted(document, selectedId, action.change, fitText), action.key) : state;
    case "typeText":
      return commit(
        state,
        refitted(document, action.id, { text: action.text.slice(0, 500) }, fitText),
        `text:${action.id}`,
      );
    case "nudgeSelected":
      return selectedId
        ? commit(state, nudge(document, selectedId, action.dx, action.dy), `nudge:${selectedId}`)
        : state;
    case "moveLayer":
      return commit(state, moveLayer(document, action.id, action.step));
    case "turn":
      return commit(state, relayout(document, action.kind, document.size, !document.landscape));
    case "setBackground":
      return commit(state, { ...document, background: action.colour }, "background");
    case "placePhoto": {
      const onPage = document.pages[state.page]?.elements ?? [];
      const chosen = onPage.find((element) => element.id === selectedId && element.kind === "photo");
      const emptyFrame = onPage.find((element) => element.kind === "photo" && !element.upload);
      const target =
        chosen && (action.intoSelected || (chosen.kind === "photo" && !chosen.upload)) ? chosen : emptyFrame;
      if (target) {
        const placed = { upload: action.upload, zoom: 1, panX: 0, panY: 0 } as Partial<DesignElement>;
        return { ...commit(state, updateElement(document, target.id, placed)), selectedId: target.id };
      }
      const template = templateFor(action.kind, document.size, document.landscape);
      const added = addPhoto(document, state.page, template, action.upload);
      return { ...commit(state, added.document), selectedId: added.id };
    }
    case "addText": {
      const added = addText(document, state.page, action.template, action.text, action.measure);
      return { ...commit(state, added.document), selectedId: added.id, editingText: added.id };
    }
    case "removeSelected":
      return selectedId
        ? { ...commit(state, removeElement(document, selectedId)), selectedId: null, editingText: null }
        : state;
    case "showPage":
      return { ...state, page: action.page, selectedId: null, editingText: null };
    case "addPages": {
      const added = addPages(document, pageRules(state.kind), state.page, action.template);
      return added.document === document
        ? state
        : { ...commit(state, added.document), page: added.page, selectedId: null };
    }
    case "removePages":
      return { ...commit(state, removePages(document, pageRules(state.kind), action.page)), selectedId: null };
    case "movePage": {
      const moved = movePage(document, pageRules(state.kind), action.from, action.to);
      return moved === document ? state : { ...commit(state, moved), page: action.to };
    }
    case "setLayout":
      return {
        ...commit(state, applyLayout(document, state.page, action.layout, action.template, action.caption)),
        selectedId: null,
      };
    case "autoFill":
      return commit(state, autoFill(document, state.uploads, pageRules(state.kind), action.template));
    case "setCalendar":
      return document.calendar
        ? commit(state, { ...document, calendar: { ...document.calendar, ...action.change } })
        : state;
    case "selectOnStage":
      return { ...state, selectedId: action.id, editingText: null };
    case "selectLayer":
      return { ...state, selectedId: action.id };
    case "editText":
      return { ...state, editingText: action.id };
    case "letGo":
      return { ...state, editingText: null, selectedId: action.keepSelection ? selectedId : null };
    case "adjust":
      return { ...state, adjusting: action.on };
    case "toggleView":
      return { ...state, view: state.view === "edit" ? "product" : "edit", editingText: null };
    case "showTab":
      return { ...state, tab: action.tab };
    case "uploaded":
      return state.uploads.some((item) => item.id === action.upload.id)
        ? state
        : { ...state, uploads: [...state.uploads, action.upload] };
    case "saved":
      return { ...state, saved: action.saved };
    case "rename":
      return { ...state, name: action.name };
    case "dismissRestored":
      return { ...state, restored: false };
    case "draftKept":
      return { ...state, kept: action.kept };
  }
}

/**
 * The editor's reducer; `fitText` measures a text's box. The page shown stays one the document has (an undo may take
 * pages away); adjusting a photo ends when no photo is selected any more.
 */
export function editorReducer(fitText: Fit) {
  return (state: EditorState, action: EditorAction): EditorState => {
    let next = change(state, action, fitText);
    const pages = next.history.present.pages.length;
    if (next.page >= pages || next.page < 0) next = { ...next, page: Math.max(0, Math.min(pages - 1, next.page)) };
    if (!next.adjusting) return next;
    const selected = findElement(next.history.present, next.selectedId);
    return selected?.kind === "photo" ? next : { ...next, adjusting: false };
  };
}
