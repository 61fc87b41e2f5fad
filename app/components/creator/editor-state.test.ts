import { describe, expect, it } from "vitest";
import { emptyDocument, type TextElement } from "@contract/creator/document";
import { printTemplate, templateFor } from "@contract/creator/templates";
import type { Draft } from "~/lib/creator/device-drafts";
import { addPhoto, addText } from "~/lib/creator/editing";
import { startingPages } from "~/lib/creator/page-editing";
import type { CreatorData } from "./creator-data";
import { type EditorAction, type EditorState, editorReducer, startEditor } from "./editor-state";

const upload = { id: "up_aaaaaaaaaaaaaaaaaaaaaaaa", width: 3000, height: 2000 };
const other = { id: "up_bbbbbbbbbbbbbbbbbbbbbbbb", width: 2000, height: 2000 };
const template = printTemplate("poster", "30x40");
/** Fits a text as if each letter were 2 mm wide and a line 5 mm high (the browser measures it in its fonts). */
const fitText = (text: TextElement): TextElement => ({ ...text, width: text.text.length * 2, height: 5 });
const reduce = editorReducer(fitText);
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(reduce, state);

function data(saved: CreatorData["saved"] = null): CreatorData {
  const document = emptyDocument(206, "30x40");
  return {
    article: { id: 206, name: "Poster", kind: "poster", slug: "poster" },
    sizes: [],
    size: { id: 1, code: "30x40" },
    template: templateFor("poster", "30x40", false),
    document,
    designParam: null,
    saved,
    notice: null,
  } as unknown as CreatorData;
}

const withFrameAndText = () => {
  const frame = addPhoto(emptyDocument(206, "30x40"), 0, template, null);
  const text = addText(frame.document, 0, template, "Hi");
  const state = startEditor({ ...data(), document: text.document }, null);
  return { state, frameId: frame.id, textId: text.id };
};

describe("the creator's editor state", () => {
  it("opens the device's draft only when it is the saved design's, as new or newer", () => {
    const draft: Draft = {
      document: addPhoto(emptyDocument(206, "30x40"), 0, template, upload).document,
      savedId: "cd_1",
      baseVersion: 2,
      name: "Mine",
      uploads: [upload],
      updatedAt: 0,
    };
    const opened = startEditor(data({ id: "cd_1", version: 2, name: "Saved" }), draft);
    expect(opened).toMatchObject({
      restored: true,
      name: "Mine",
      uploads: [upload],
      saved: { id: "cd_1", version: 2 },
    });
    expect(opened.history.present.pages[0]!.elements).toHaveLength(1);
    // Within the same visit (a size chosen, a reload) the draft is carried on without the notice.
    const sameVisit = startEditor(data({ id: "cd_1", version: 2, name: "Saved" }), { ...draft, visit: "v1" }, "v1");
    expect(sameVisit).toMatchObject({ restored: false, name: "Mine", uploads: [upload] });
    // A draft of no work (a size chosen on an empty design) is never news.
    const nothing = startEditor(data(), {
      ...draft,
      savedId: null,
      document: emptyDocument(206, "30x40"),
      uploads: [],
    });
    expect(nothing.restored).toBe(false);
    const stale = startEditor(data({ id: "cd_1", version: 3, name: "Saved" }), draft);
    expect(stale).toMatchObject({ restored: false, name: "Saved", uploads: [], saved: { id: "cd_1", version: 3 } });
    expect(stale.history.present.pages[0]!.elements).toHaveLength(0);
  });

  it("places a photo in the empty frame and selects it, one undo step; a second photo gets a frame of its own", () => {
    const { state, frameId } = withFrameAndText();
    const placed = run(state, { type: "placePhoto", upload, intoSelected: false, kind: "poster" });
    expect(placed.selectedId).toBe(frameId);
    expect(placed.history.present.pages[0]!.elements.find((element) => element.id === frameId)).toMatchObject({
      upload,
    });
    expect(run(placed, { type: "undo" }).history.present).toBe(state.history.present);
    const second = run(placed, { type: "placePhoto", upload: other, intoSelected: false, kind: "poster" });
    expect(second.history.present.pages[0]!.elements).toHaveLength(3);
    expect(second.selectedId).not.toBe(frameId);
    const replaced = run(placed, { type: "placePhoto", upload: other, intoSelected: true, kind: "poster" });
    expect(replaced.history.present.pages[0]!.elements.find((element) => element.id === frameId)).toMatchObject({
      upload: other,
    });
  });

  it("types into a text as one undo step, fitted to its lines where it stood", () => {
    const { state, textId } = withFrameAndText();
    const before = state.history.present.pages[0]!.elements.find((element) => element.id === textId);
    const typed = run(
      state,
      { type: "typeText", id: textId, text: "Hel" },
      { type: "typeText", id: textId, text: "Hello" },
    );
    const text = typed.history.present.pages[0]!.elements.find((element) => element.id === textId);
    expect(text).toMatchObject({ text: "Hello", width: 10, height: 5, x: before?.x, y: before?.y });
    expect(typed.history.past).toHaveLength(1);
    expect(run(typed, { type: "undo" }).history.present).toBe(state.history.present);
  });

  it("removes the selection and stops editing; Escape keeps the selection only while typing in a field", () => {
    const { state, textId } = withFrameAndText();
    const editing = run(state, { type: "selectOnStage", id: textId }, { type: "editText", id: textId });
    expect(run(editing, { type: "letGo", keepSelection: true })).toMatchObject({
      selectedId: textId,
      editingText: null,
    });
    expect(run(editing, { type: "letGo", keepSelection: false })).toMatchObject({
      selectedId: null,
      editingText: null,
    });
    const removed = run(editing, { type: "removeSelected" });
    expect(removed).toMatchObject({ selectedId: null, editingText: null });
    expect(removed.history.present.pages[0]!.elements.map((element) => element.id)).not.toContain(textId);
    expect(run(removed, { type: "undo" }).history.present.pages[0]!.elements.map((element) => element.id)).toContain(
      textId,
    );
  });

  it("ends adjusting a photo once the selection is no longer a photo", () => {
    const { state, frameId, textId } = withFrameAndText();
    const adjusting = run(state, { type: "selectLayer", id: frameId }, { type: "adjust", on: true });
    expect(adjusting.adjusting).toBe(true);
    expect(run(adjusting, { type: "selectLayer", id: textId }).adjusting).toBe(false);
    expect(run(adjusting, { type: "removeSelected" }).adjusting).toBe(false);
  });

  it("nudges the selection as one step per element, and a text added is selected and edited", () => {
    const { state, frameId } = withFrameAndText();
    const frame = state.history.present.pages[0]!.elements.find((element) => element.id === frameId);
    const nudged = run(
      state,
      { type: "selectLayer", id: frameId },
      { type: "nudgeSelected", dx: 1, dy: 0 },
      { type: "nudgeSelected", dx: 0, dy: 10 },
    );
    expect(nudged.history.present.pages[0]!.elements.find((element) => element.id === frameId)).toMatchObject({
      x: (frame?.x ?? 0) + 1,
      y: (frame?.y ?? 0) + 10,
    });
    expect(nudged.history.past).toHaveLength(1);
    const added = run(state, { type: "addText", template, text: "New", measure: () => 6 });
    expect(added.selectedId).toBe(added.editingText);
    expect(added.history.present.pages[0]!.elements).toHaveLength(3);
  });

  it("adds, moves and removes a book's pages as undo steps, showing a page the document still has", () => {
    const bookTemplate = templateFor("photo-book", null, false);
    const book = startingPages(emptyDocument(204, null), "photo-book", bookTemplate);
    const base = data();
    const state = startEditor(
      {
        ...base,
        article: { ...base.article, id: 204, kind: "photo-book" },
        size: { id: 40, code: "21x21", isDefault: true },
        document: book,
      },
      null,
    );
    expect(state.page).toBe(0);
    const shown = run(state, { type: "showPage", page: 24 });
    const added = run(shown, { type: "addPages", template: bookTemplate });
    expect(added.history.present.pages).toHaveLength(27);
    expect(added.page).toBe(25);
    const undone = run(added, { type: "undo" });
    expect(undone.history.present).toBe(state.history.present);
    expect(undone.page).toBe(24);
    const moved = run(state, { type: "movePage", from: 3, to: 1 });
    expect(moved.history.present.pages[1]!.id).toBe("p4");
    expect(moved.page).toBe(1);
    expect(run(moved, { type: "undo" }).history.present).toBe(state.history.present);
    const uploaded = run(state, { type: "uploaded", upload }, { type: "uploaded", upload: other });
    const filled = run(uploaded, { type: "autoFill", template: bookTemplate });
    expect(filled.history.past).toHaveLength(1);
    expect(filled.history.present.pages.slice(0, 2).map((page) => page.elements[0])).toMatchObject([
      { upload },
      { upload: other },
    ]);
    const laidOut = run(filled, { type: "setLayout", layout: "two", template: bookTemplate, caption: "Hi" });
    expect(laidOut.history.present.pages[0]!.elements).toHaveLength(2);
    expect(run(laidOut, { type: "undo" }).history.present).toBe(filled.history.present);
  });
});
