import {
  uploadPartsRefusalSchema,
  uploadPartsSessionSchema,
  uploadResultSchema,
  type UploadPartsSession,
  type UploadRefusal,
  type UploadResult,
} from "@contract/api/uploads";
import {
  bytesStored,
  PART_TRIES,
  partsOf,
  PARTS_AT_ONCE,
  PARTS_THRESHOLD,
  partsToSend,
  resumeKey,
  retryDelay,
  type Part,
} from "./parts-plan";

/** Why an upload did not complete: the server's translated refusal, or the network (retry later). */
export class UploadFailed extends Error {
  constructor(
    readonly code: UploadRefusal | "network" | "aborted",
    message: string,
  ) {
    super(message);
  }
}

export type UploadOptions = {
  /** Locale prefix of the page ("" or "/fr"), so refusals come in its language. */
  prefix: string;
  /** What it is for: the creator's article and the print size it will fill, for the answer's DPI. */
  fields?: { article_id?: number; design_id?: string; print_width_mm?: number; print_height_mm?: number };
  /** Bytes sent so far of `total`, as they go (a real progress bar). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Files above this many bytes go in resumable parts (PARTS_THRESHOLD unless told). */
  partsAbove?: number;
};

/**
 * Sends one file to this origin, reporting progress: up to `partsAbove` bytes in one request to `/images/upload`,
 * larger ones in parts (/images/uploads/parts), several at once, each retried after a failure, and resumed after a
 * reload or on a second try for the same file from the parts the server already has.
 */
export function uploadFile(file: Blob, options: UploadOptions): Promise<UploadResult> {
  if (file.size > (options.partsAbove ?? PARTS_THRESHOLD)) return uploadInParts(file, options);
  const form = new FormData();
  form.set("img", file, file instanceof File ? file.name : "design.png");
  for (const [name, value] of Object.entries(options.fields ?? {}))
    if (value !== undefined) form.set(name, String(value));
  const onProgress = (sent: number, total: number) => options.onProgress?.(sent, total || file.size);
  return send("POST", `${options.prefix}/images/upload`, form, { signal: options.signal, onProgress }).then((answer) =>
    resultOf(answer, 201),
  );
}

type Answer = { status: number; json: unknown };

/** One request with XHR (upload progress), its answer as JSON; a network failure or an abort as UploadFailed. */
function send(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit | null,
  options: { signal?: AbortSignal; onProgress?: (sent: number, total: number) => void; contentType?: string },
) {
  return new Promise<Answer>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new UploadFailed("aborted", "Aborted"));
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.responseType = "json";
    if (options.contentType) request.setRequestHeader("content-type", options.contentType);
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    request.onload = () => resolve({ status: request.status, json: request.response });
    request.onerror = () => reject(new UploadFailed("network", "Network error"));
    request.onabort = () => reject(new UploadFailed("aborted", "Aborted"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

/**
 * A refusal as the server said it (its code and translated message), or the network's fault when it said nothing
 * readable.
 */
function failureOf(answer: Answer) {
  const refusal = uploadPartsRefusalSchema.safeParse(answer.json);
  if (!refusal.success || answer.status >= 500) return new UploadFailed("network", `HTTP ${answer.status}`);
  const { code, message } = refusal.data.error;
  // The parts protocol's own refusals are ours to recover from; the ones left mean: try again.
  return new UploadFailed(
    code === "badPart" || code === "partsMissing" || code === "notFound" ? "network" : code,
    message,
  );
}

function resultOf(answer: Answer, status: number): UploadResult {
  const result = uploadResultSchema.safeParse(answer.json);
  if (answer.status === status && result.success) return result.data;
  throw failureOf(answer);
}

const json = (value: unknown) => JSON.stringify(value);

async function uploadInParts(file: Blob, options: UploadOptions): Promise<UploadResult> {
  const base = `${options.prefix}/images/uploads/parts`;
  const key = resumeKey(file instanceof File ? file : { size: file.size }, options.prefix);
  const session =
    (await resumedSession(base, key, file.size, options.signal)) ?? (await startSession(base, key, file, options));
  const parts = partsOf(file.size, session.partBytes);
  try {
    let stored = session.parts;
    // A second round only if the server misses a part the first sent (it says which).
    for (let round = 0; round < 2; round++) {
      await sendParts(base, session.id, file, parts, stored, options);
      const completed = await send("POST", `${base}/${session.id}/complete`, null, { signal: options.signal });
      const missing = uploadPartsRefusalSchema.safeParse(completed.json);
      if (completed.status === 409 && missing.success && missing.data.error.missing) {
        stored = parts.map((part) => part.number).filter((number) => !missing.data.error.missing!.includes(number));
        continue;
      }
      forget(key);
      return resultOf(completed, 201);
    }
    throw new UploadFailed("network", "Parts went missing");
  } catch (error) {
    if (error instanceof UploadFailed && error.code === "aborted") {
      forget(key);
      // Abandoned on purpose: the server lets go of the parts too (a failure here only leaves them to the clean-up).
      void fetch(`${base}/${session.id}`, { method: "DELETE" }).catch(() => {});
    }
    throw error;
  }
}

/** The session remembered for this file, if the server still has it for this visitor, else null (and forgotten). */
async function resumedSession(
  base: string,
  key: string,
  size: number,
  signal?: AbortSignal,
): Promise<UploadPartsSession | null> {
  const id = remembered(key);
  if (!id) return null;
  const answer = await send("GET", `${base}/${encodeURIComponent(id)}`, null, { signal }).catch((error: unknown) => {
    if (error instanceof UploadFailed && error.code === "aborted") throw error;
    return null;
  });
  const session = uploadPartsSessionSchema.safeParse(answer?.json);
  if (answer?.status === 200 && session.success && session.data.size === size) return session.data;
  forget(key);
  return null;
}

async function startSession(base: string, key: string, file: Blob, options: UploadOptions) {
  const start = { name: file instanceof File ? file.name : "design.png", size: file.size, ...options.fields };
  const answer = await send("POST", base, json(start), { signal: options.signal, contentType: "application/json" });
  const session = uploadPartsSessionSchema.safeParse(answer.json);
  if (answer.status !== 201 || !session.success) throw failureOf(answer);
  remember(key, session.data.id);
  return session.data;
}

/** Sends the parts the server lacks, PARTS_AT_ONCE at a time, each retried with a growing wait; progress is the sum. */
async function sendParts(
  base: string,
  id: string,
  file: Blob,
  parts: Part[],
  stored: number[],
  options: UploadOptions,
) {
  const queue = partsToSend(parts, stored);
  const done = bytesStored(parts, stored);
  let finished = done;
  const inFlight = new Map<number, number>();
  const report = () =>
    options.onProgress?.(finished + [...inFlight.values()].reduce((sum, sent) => sum + sent, 0), file.size);
  report();
  const sendOne = async (part: Part) => {
    for (let attempt = 1; ; attempt++) {
      const answer = await send("PUT", `${base}/${id}/${part.number}`, file.slice(part.start, part.end), {
        signal: options.signal,
        contentType: "application/octet-stream",
        onProgress: (sent) => {
          inFlight.set(part.number, sent);
          report();
        },
      }).catch((error: unknown) => {
        if (error instanceof UploadFailed && error.code === "network") return null;
        throw error;
      });
      if (answer?.status === 200) break;
      // A refusal will not change by trying again; a lost connection or a server failure might.
      if (answer && answer.status < 500) throw failureOf(answer);
      inFlight.delete(part.number);
      report();
      if (attempt >= PART_TRIES) throw new UploadFailed("network", `Part ${part.number} could not be sent`);
      await wait(retryDelay(attempt), options.signal);
    }
    inFlight.delete(part.number);
    finished += part.end - part.start;
    report();
  };
  const lanes = Array.from({ length: Math.min(PARTS_AT_ONCE, queue.length) }, async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await sendOne(part);
  });
  await Promise.all(lanes);
}

function wait(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new UploadFailed("aborted", "Aborted"));
      },
      { once: true },
    );
  });
}

// The session of each file under way, so that a reload resumes it (storage may be off: then it starts again).
function remembered(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function remember(key: string, id: string) {
  try {
    localStorage.setItem(key, id);
  } catch {
    // Private mode or full: the upload still works, it only cannot resume after a reload.
  }
}
function forget(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // As above.
  }
}
