import { uploadPath } from "@contract/api/upload-previews";
import { effectiveDpi, type UploadKind, type UploadResult } from "@contract/api/uploads";
import { seenSides } from "@contract/rules/exif-orientation";
import type { Inspection } from "./file-kinds";
import type { Owner } from "./owners";

/** What R2 keeps beside each file (customMetadata: strings only). */
export type Stored = {
  kind: UploadKind;
  ownerKind: Owner["kind"];
  /** The stored image's own pixel grid (its frame header's), before its orientation. */
  width: string;
  height: string;
  /** The EXIF orientation kept in the stored JPEG, PNG or WebP, 1 to 8 ("" for files stored before 0047: read as 1). */
  orientation: string;
  name: string;
  createdAt: string;
  designId: string;
  articleId: string;
  /** The order that uses the file, which keeps it past its session's expiry; "" while none does. */
  keptFor: string;
};

/** The pixel size as the photo is seen (after its orientation), from what R2 keeps beside it. */
export function seenSize(stored: Pick<Stored, "width" | "height" | "orientation">) {
  const width = stored.width ? Number(stored.width) : null;
  const height = stored.height ? Number(stored.height) : null;
  const orientation = Number(stored.orientation) || 1;
  return { ...seenSides(width, height, orientation), orientation };
}

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
  orientation: number,
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
  const stored: Stored = {
    kind: inspection.kind,
    ownerKind: owner.kind,
    keptFor: "",
    width: String(inspection.width ?? ""),
    height: String(inspection.height ?? ""),
    orientation: String(orientation),
    name: safeName(name),
    createdAt: new Date().toISOString(),
    designId: designId ?? "",
    articleId: articleId ? String(articleId) : "",
  };
  const { width, height } = seenSize(stored);
  const result: UploadResult = {
    id,
    kind: inspection.kind,
    contentType: inspection.contentType,
    width,
    height,
    orientation,
    bytes,
    url: uploadPath(id),
    dpi: width && height && printWidth && printHeight ? effectiveDpi(width, height, printWidth, printHeight) : null,
  };
  return { stored, result };
}
