import { describe, expect, it } from "vitest";
import { emptyDocument } from "@contract/creator/document";
import { draftKey, forgetDraft, readDraft, writeDraft, type Draft } from "./device-drafts";

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

const draft: Draft = {
  document: emptyDocument(206, "30x40"),
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
    expect(readDraft(storage, draftKey(206, null), 206)).toEqual(draft);
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
});
