import { describe, expect, it } from "vitest";
import { emptyDocument } from "@contract/creator/document";
import { printTemplate } from "@contract/creator/templates";
import {
  deviceVisit,
  draftKey,
  forgetDraft,
  holdsWork,
  offersRecovery,
  readDraft,
  writeDraft,
  type Draft,
} from "./device-drafts";
import { addText } from "./editing";

function memoryStorage(limit = Infinity): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (value.length > limit) throw new DOMException("full", "QuotaExceededError");
      items.set(key, value);
    },
  };
}

const empty = emptyDocument(206, "30x40");
const withText = addText(empty, 0, printTemplate("poster", "30x40"), "Hola").document;
const draft: Draft = {
  document: withText,
  savedId: null,
  baseVersion: null,
  name: "Poster",
  uploads: [],
  updatedAt: 1,
};

describe("drafts on the device", () => {
  it("keeps a draft per article and design, and reads it back", () => {
    const storage = memoryStorage();
    expect(draftKey(206, null)).not.toBe(draftKey(206, "cd_aaaaaaaaaaaaaaaaaaaa"));
    expect(writeDraft(storage, draftKey(206, null), draft)).toBe(true);
    expect(readDraft(storage, draftKey(206, null), 206)).toEqual({ ...draft, visit: deviceVisit() });
    expect(readDraft(storage, draftKey(206, "d-1"), 206)).toBeNull();
    forgetDraft(storage, draftKey(206, null));
    expect(readDraft(storage, draftKey(206, null), 206)).toBeNull();
  });

  it("ignores what is broken or for another article, and says when the device refuses", () => {
    const storage = memoryStorage(10);
    storage.getItem = () => "{not json";
    expect(readDraft(storage, "k", 206)).toBeNull();
    storage.getItem = () => JSON.stringify(draft);
    expect(readDraft(storage, "k", 101)).toBeNull();
    expect(writeDraft(memoryStorage(10), "k", draft)).toBe(false);
  });

  it("reads a draft kept before documents had pages (format 1) as a document of one page", () => {
    const storage = memoryStorage();
    const { pages: _pages, calendar: _calendar, ...rest } = emptyDocument(206, "30x40");
    const text = { id: "t1", kind: "text", x: 1, y: 1, width: 1, height: 1, rotation: 0, text: "Hola" };
    storage.setItem("k", JSON.stringify({ ...draft, document: { ...rest, format: 1, elements: [text] } }));
    expect(readDraft(storage, "k", 206)?.document).toEqual({
      ...emptyDocument(206, "30x40"),
      pages: [{ id: "p1", layout: null, elements: [text] }],
    });
    storage.setItem("k", JSON.stringify({ ...draft, document: { ...rest, format: 2, pages: [] } }));
    expect(readDraft(storage, "k", 206)).toBeNull();
  });

  it("keeps only work: a size chosen on an empty new design leaves nothing, and an earlier draft of it goes", () => {
    const storage = memoryStorage();
    const key = draftKey(206, null);
    expect(holdsWork({ document: empty, uploads: [] })).toBe(false);
    expect(holdsWork({ document: empty, uploads: [{ id: "up_1", width: 10, height: 10 }] })).toBe(true);
    expect(writeDraft(storage, key, { ...draft, document: emptyDocument(206, "50x70") })).toBe(true);
    expect(storage.getItem(key)).toBeNull();
    writeDraft(storage, key, draft);
    writeDraft(storage, key, { ...draft, document: empty });
    expect(readDraft(storage, key, 206)).toBeNull();
    // A saved design's draft is kept even when emptied: it says which version the device's copy was made from.
    writeDraft(storage, key, { ...draft, document: empty, savedId: "cd_aaaaaaaaaaaaaaaaaaaa", baseVersion: 2 });
    expect(readDraft(storage, key, 206)).toMatchObject({ baseVersion: 2 });
  });

  it("offers its work back only to a later visit, and only when it is not what the page opened", () => {
    const session = memoryStorage();
    const visit = deviceVisit(session, false);
    expect(visit).not.toBe("");
    // The next page of the same visit (a size chosen) is the same visit; another tab or a reload is a new one.
    expect(deviceVisit(session, false)).toBe(visit);
    expect(deviceVisit(memoryStorage(), false)).not.toBe(visit);
    const reloaded = deviceVisit(session, true);
    expect(reloaded).not.toBe(visit);
    expect(deviceVisit(session, false)).toBe(reloaded);
    expect(offersRecovery({ ...draft, visit: "earlier" }, empty, visit)).toBe(true);
    expect(offersRecovery(draft, empty, visit)).toBe(true);
    expect(offersRecovery({ ...draft, visit }, empty, visit)).toBe(false);
    expect(offersRecovery({ ...draft, document: empty, visit: "earlier" }, empty, visit)).toBe(false);
    expect(offersRecovery({ ...draft, visit: "earlier" }, withText, visit)).toBe(false);
  });
});
