import { allElements, DESIGN_FORMAT, upgradeDocument, type DesignDocument } from "@contract/creator/document";

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
  /** The visit (the browser tab's session, deviceVisit) that wrote it last; absent in drafts written before. */
  visit?: string;
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

/**
 * Keeps the draft, stamped with this visit; a new design without work is not kept (and an earlier draft of it goes), so
 * choosing a size on an empty design leaves nothing to recover. False when the device refused (private mode, full): the
 * editor says the work is not kept.
 */
export function writeDraft(storage: Storage, key: string, draft: Draft): boolean {
  try {
    if (!draft.savedId && !holdsWork(draft)) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify({ ...draft, visit: deviceVisit() }));
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

const VISIT_KEY = "creator:visit";

/** This page's visit, once worked out (a page load imports this module afresh). */
let pageVisit: string | undefined;

/**
 * This visit's id: one per browser tab's session (sessionStorage), so a page the visitor moved on to in the same visit
 * (a size chosen) is told from a visitor coming back later. A reload comes back: it starts a new visit. "" when the
 * browser keeps nothing. `storage` and `reloaded` are for tests; the page's own are used without them.
 */
export function deviceVisit(storage?: Storage, reloaded = pageWasReloaded()): string {
  if (!storage && pageVisit !== undefined) return pageVisit;
  let visit = "";
  try {
    const session = storage ?? globalThis.sessionStorage;
    const known = session?.getItem(VISIT_KEY);
    visit = known && !reloaded ? known : crypto.randomUUID();
    session?.setItem(VISIT_KEY, visit);
    if (!session) visit = "";
  } catch {
    visit = "";
  }
  if (!storage) pageVisit = visit;
  return visit;
}

function pageWasReloaded(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === "reload";
}

/** Whether a draft holds work: a layer placed (a photo, a text, artwork) or a photo uploaded; a size or option is not. */
export function holdsWork(draft: Pick<Draft, "document" | "uploads">): boolean {
  return allElements(draft.document).length > 0 || draft.uploads.length > 0;
}

/**
 * Whether to tell the visitor their work was recovered: the draft holds work that is not what the page opened with,
 * and it was left by an earlier visit (within the same visit it is simply carried on, without a word).
 */
export function offersRecovery(draft: Draft, opened: DesignDocument, visit: string): boolean {
  return holdsWork(draft) && draft.visit !== visit && JSON.stringify(draft.document) !== JSON.stringify(opened);
}
