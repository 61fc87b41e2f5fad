import { DESIGN_FORMAT, upgradeDocument, type DesignDocument } from "@contract/creator/document";

/**
 * The work in progress, kept on the device (localStorage) under the article and the design it started from, so a
 * reload, a crash or a failed save loses nothing. A draft is checked for its shape only (a format-1 document, from
 * before documents had pages, is read as one page); the server checks the document fully when it is saved.
 */

export type Upload = { id: string; width: number; height: number };
export type Draft = {
  document: DesignDocument;
  /** The saved design it belongs to, once saved, and the version the device's copy was made from. */
  savedId: string | null;
  baseVersion: number | null;
  name: string;
  /** The photos uploaded for it, for the tray. */
  uploads: Upload[];
  updatedAt: number;
};

const PREFIX = "creator:draft:v1";

/** `new` for an empty start, else the design id of the URL (a saved `cd_…` or a catalogue design). */
export function draftKey(articleId: number, design: string | null): string {
  return `${PREFIX}:${articleId}:${design ?? "new"}`;
}

function asDraft(value: unknown, articleId: number): Draft | null {
  if (typeof value !== "object" || value === null) return null;
  const draft = value as Partial<Draft>;
  if (typeof draft.updatedAt !== "number" || !Array.isArray(draft.uploads) || typeof draft.name !== "string")
    return null;
  const document = upgradeDocument(draft.document) as Partial<DesignDocument> | undefined;
  const usable =
    document?.format === DESIGN_FORMAT &&
    document.articleId === articleId &&
    Array.isArray(document.pages) &&
    document.pages.length > 0 &&
    document.pages.every((page) => Array.isArray(page?.elements));
  return usable ? { ...(draft as Draft), document: document as DesignDocument } : null;
}

export function readDraft(storage: Storage, key: string, articleId: number): Draft | null {
  try {
    return asDraft(JSON.parse(storage.getItem(key) ?? "null"), articleId);
  } catch {
    return null;
  }
}

/** False when the device refused (private mode, full): the editor says the work is not kept. */
export function writeDraft(storage: Storage, key: string, draft: Draft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function forgetDraft(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
