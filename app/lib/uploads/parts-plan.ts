/**
 * The browser's plan for a large file in parts (pure, so it is tested alone): which bytes each part holds, which are
 * still to send, how long to wait before trying a part again, how much is sent, and how a file is known again after
 * a reload (to resume its upload).
 */

/** Files larger than this go in parts (a single request takes up to 25 MiB; in parts a weak connection resumes). */
export const PARTS_THRESHOLD = 8 * 1024 * 1024;
/** Parts in flight at once. */
export const PARTS_AT_ONCE = 3;
/** Tries of one part before the upload gives up (network errors and 5xx only: a refusal is final). */
export const PART_TRIES = 5;

export type Part = { number: number; start: number; end: number };

/** The parts of a file of `size` bytes cut every `partBytes` (numbered from 1; the last may be shorter). */
export function partsOf(size: number, partBytes: number): Part[] {
  const count = Math.max(1, Math.ceil(size / partBytes));
  return Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    start: index * partBytes,
    end: Math.min(size, (index + 1) * partBytes),
  }));
}

/** The parts the server does not have yet, in order. */
export const partsToSend = (parts: Part[], stored: readonly number[]) =>
  parts.filter((part) => !stored.includes(part.number));

/** Bytes already on the server: the stored parts. */
export const bytesStored = (parts: Part[], stored: readonly number[]) =>
  parts.filter((part) => stored.includes(part.number)).reduce((sum, part) => sum + part.end - part.start, 0);

/** The wait before try `attempt` (1 = the first retry): doubling from 1 s to at most 30 s, with up to 20% jitter. */
export const retryDelay = (attempt: number, random = Math.random()) =>
  Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (1 + 0.2 * random);

/** How the same file is known again after a reload or on a second try: its name, size and modification time. */
export const resumeKey = (file: { name?: string; size: number; lastModified?: number }, prefix = "") =>
  `upload-parts:${prefix}:${file.name ?? ""}:${file.size}:${file.lastModified ?? 0}`;
