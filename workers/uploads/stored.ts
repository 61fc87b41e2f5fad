import { uploadPath } from "@contract/api/upload-previews";
import { effectiveDpi, type UploadKind, type UploadResult } from "@contract/api/uploads";
import type { Inspection } from "./file-kinds";
import type { Owner } from "./owners";

/** What R2 keeps beside each file (customMetadata: strings only). */
export type Stored = {
  kind: UploadKind;
  ownerKind: Owner["kind"];
  width: string;
  height: string;
  name: string;
  createdAt: string;
  designId: string;
  articleId: string;
  /** The order that uses the file, which keeps it past its session's expiry; "" while none does. */
  keptFor: string;
};

/** What a file is for, as the browser said (uploadFields). */
export type Purpose = { design_id?: string; article_id?: number; print_width_mm?: number; print_height_mm?: number };

export const newId = () =>
  `up_${[...crypto.getRandomValues(new Uint8Array(24))].map((byte) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[byte % 62]).join("")}`;

/** A file name safe to give back in Content-Disposition: letters, digits, dot, dash, underscore; at most 100. */
export const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(-100) || "upload";

/** The metadata of a file its bytes passed, and the answer the browser gets for it (one upload or one in parts). */
export function describe(
  id: string,
  owner: Owner,
  inspection: Extract<Inspection, { ok: true }>,
  bytes: number,
  name: string,
  purpose: Purpose,
) {
  const {
    design_id: designId,
    article_id: articleId,
    print_width_mm: printWidth,
    print_height_mm: printHeight,
  } = purpose;
  const { width, height } = inspection;
  const stored: Stored = {
    kind: inspection.kind,
    ownerKind: owner.kind,
    keptFor: "",
    width: String(width ?? ""),
    height: String(height ?? ""),
    name: safeName(name),
    createdAt: new Date().toISOString(),
    designId: designId ?? "",
    articleId: articleId ? String(articleId) : "",
  };
  const result: UploadResult = {
    id,
    kind: inspection.kind,
    contentType: inspection.contentType,
    width,
    height,
    bytes,
    url: uploadPath(id),
    dpi: width && height && printWidth && printHeight ? effectiveDpi(width, height, printWidth, printHeight) : null,
  };
  return { stored, result };
}
