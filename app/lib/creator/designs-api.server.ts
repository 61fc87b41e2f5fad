import type { RouterContextProvider } from "react-router";
import type { CreatorDesign, CreatorDesignSummary, PrintFile } from "@contract/api/creator-designs";
import type { DesignDocument } from "@contract/creator/document";
import type { DesignQuality } from "@contract/creator/quality";

/**
 * The visitor's creator designs (contract/api/creator-designs.ts), through the product API. STUB: the interface is
 * fixed; the implementation lands with the product API's creator designs.
 */

/** How a change came out: done; not this visitor's (or no such design); another save came first; refused by quality. */
export type SaveOutcome = { ok: true; id: string; version: number } | { ok: false; reason: "notFound" | "conflict" };
export type PrintOutcome = { ok: true; print: PrintFile } | { ok: false; reason: "notFound" | "blocked"; quality?: DesignQuality };

export function creatorDesignsApi(_context: Readonly<RouterContextProvider>) {
  const notYet = () => Promise.reject(new Error("creator designs: not implemented yet"));
  return {
    /** One of the visitor's designs, or null (none, or not theirs). */
    get: (_id: string): Promise<CreatorDesign | null> => notYet(),
    /** The visitor's designs, newest change first. */
    list: (): Promise<CreatorDesignSummary[]> => notYet(),
    create: (_name: string, _document: DesignDocument): Promise<SaveOutcome> => notYet(),
    save: (_id: string, _document: DesignDocument, _baseVersion: number, _name?: string): Promise<SaveOutcome> => notYet(),
    rename: (_id: string, _name: string): Promise<SaveOutcome> => notYet(),
    duplicate: (_id: string): Promise<SaveOutcome> => notYet(),
    remove: (_id: string): Promise<SaveOutcome> => notYet(),
    /** Records the print file (and preview) of a version; the API recomputes the checks and refuses a blocking one. */
    recordPrint: (_id: string, _print: { version: number; printUpload: string; previewUpload: string; width: number; height: number }): Promise<PrintOutcome> => notYet(),
  };
}
