import type { UploadKind, UploadRefusal } from "@contract/api/uploads";

// What a format reader answers: the kind and the size its header declares, or why the bytes are refused.

export type FileKind = UploadKind;
/** The refusals the bytes alone decide (the others are about the request). */
export type Refusal = Extract<UploadRefusal, "empty" | "unsupported" | "truncated" | "corrupt" | "tooManyPixels">;
/** A format reader's answer: the kind with the size its header declares, or why the bytes are refused. */
export type Found = { kind: FileKind; width: number | null; height: number | null } | Refusal;
export type Extent = { width: number; height: number };

/** Of two declared sizes, the one with more pixels (what a decoder would have to hold). */
export function larger(current: Extent | null, candidate: Extent) {
  return current === null || candidate.width * candidate.height > current.width * current.height ? candidate : current;
}
