import { uploadRefusalSchema, uploadResultSchema, type UploadRefusal, type UploadResult } from "@contract/api/uploads";

/** Why an upload did not complete: the server's translated refusal, or the network (retry later). */
export class UploadFailed extends Error {
  constructor(readonly code: UploadRefusal | "network" | "aborted", message: string) {
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
};

/**
 * Sends one file to `/images/upload` on this origin, reporting progress. (Issue 9 continues: files over the single
 * request limit go in resumable parts.)
 */
export function uploadFile(file: Blob, options: UploadOptions): Promise<UploadResult> {
  const form = new FormData();
  form.set("img", file, file instanceof File ? file.name : "design.png");
  for (const [name, value] of Object.entries(options.fields ?? {})) if (value !== undefined) form.set(name, String(value));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${options.prefix}/images/upload`);
    request.responseType = "json";
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      const result = uploadResultSchema.safeParse(request.response);
      if (request.status === 201 && result.success) return resolve(result.data);
      const refusal = uploadRefusalSchema.safeParse(request.response);
      reject(refusal.success ? new UploadFailed(refusal.data.error.code, refusal.data.error.message) : new UploadFailed("network", `HTTP ${request.status}`));
    };
    request.onerror = () => reject(new UploadFailed("network", "Network error"));
    request.onabort = () => reject(new UploadFailed("aborted", "Aborted"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
