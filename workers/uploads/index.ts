import { Hono, type Context } from "hono";
import { effectiveDpi, uploadFields, uploadId, type UploadKind, type UploadRefusal, type UploadResult } from "@contract/api/uploads";
import { CONTENT_TYPES, inspectFile } from "./file-kinds";
import { ownerKeys, OWNERS_HEADER } from "./owners";

type Uploads = { Bindings: UploadsEnv };

/** What R2 keeps beside each file (customMetadata: strings only). */
type Stored = { kind: UploadKind; width: string; height: string; name: string; createdAt: string; designId: string; articleId: string };

const refuse = (c: Context<Uploads>, status: 400 | 413 | 415 | 422, code: UploadRefusal, message: string) => c.json({ error: { code, message } }, status);
const tooLarge = (c: Context<Uploads>, maxBytes: number) =>
  c.json({ error: { code: "tooLarge", message: `Files may have at most ${maxBytes} bytes`, limitMb: Math.floor(maxBytes / 1024 / 1024) } }, 413);
const newId = () => `up_${[...crypto.getRandomValues(new Uint8Array(24))].map((byte) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[byte % 62]).join("")}`;
/** A file name safe to give back in Content-Disposition: letters, digits, dot, dash, underscore; at most 100. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(-100) || "upload";

/**
 * POST /images/upload: multipart with `img` and the extra fields (contract/api/uploads.ts); the storefront names the
 * owner in x-upload-owners. The file is checked by its bytes and stored only when it passes.
 * GET /images/uploads/:id: the file, for one of its owners only; anyone else finds nothing (404).
 */
const app = new Hono<Uploads>()
  .post("/images/upload", async (c) => {
    const owners = await ownerKeys(c.req.header(OWNERS_HEADER));
    if (!owners.length) return c.json({ error: { code: "badField", message: "No owner named" } }, 400);
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return refuse(c, 415, "wrongContentType", "Send the file as multipart/form-data");
    }
    const maxBytes = Number(c.env.UPLOAD_MAX_BYTES);
    const declared = Number(c.req.header("content-length") ?? "0");
    // The form around the file adds a few hundred bytes; a body declared far larger is refused before it is read.
    if (declared > maxBytes + 64 * 1024) return tooLarge(c, maxBytes);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return refuse(c, 400, "brokenBody", "The form could not be read");
    }
    const file = form.get("img");
    if (!(file instanceof File)) return refuse(c, 400, "missingFile", "The form has no file in img");
    const fields = uploadFields.safeParse(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")));
    if (!fields.success) return refuse(c, 400, "badField", fields.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "));
    if (file.size === 0) return refuse(c, 422, "empty", "The file is empty");
    if (file.size > maxBytes) return tooLarge(c, maxBytes);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const inspection = inspectFile(bytes, { maxPixels: Number(c.env.UPLOAD_MAX_PIXELS) });
    if (!inspection.ok) return refuse(c, 422, inspection.reason, `The file was refused: ${inspection.reason}`);

    const id = newId();
    const { design_id: designId, article_id: articleId, print_width_mm: printWidth, print_height_mm: printHeight } = fields.data;
    const stored: Stored = {
      kind: inspection.kind, width: String(inspection.width ?? ""), height: String(inspection.height ?? ""), name: safeName(file.name),
      createdAt: new Date().toISOString(), designId: designId ?? "", articleId: articleId ? String(articleId) : "",
    };
    await c.env.UPLOADS_BUCKET.put(`${owners[0]}/${id}`, bytes, { httpMetadata: { contentType: inspection.contentType }, customMetadata: stored });
    const { width, height } = inspection;
    const result: UploadResult = {
      id, kind: inspection.kind, contentType: inspection.contentType, width, height, bytes: bytes.byteLength, url: `/images/uploads/${id}`,
      dpi: width && height && printWidth && printHeight ? effectiveDpi(width, height, printWidth, printHeight) : null,
    };
    return c.json(result, 201);
  })
  .get("/images/uploads/:id", async (c) => {
    const id = uploadId.safeParse(c.req.param("id"));
    const owners = await ownerKeys(c.req.header(OWNERS_HEADER));
    if (!id.success || !owners.length) return c.json({ error: "Not found" }, 404);
    for (const owner of owners) {
      const object = await c.env.UPLOADS_BUCKET.get(`${owner}/${id.data}`);
      if (!object) continue;
      const stored = object.customMetadata as Stored;
      const image = stored.kind !== "pdf" && stored.kind !== "zip";
      return new Response(object.body, {
        headers: {
          "content-type": CONTENT_TYPES[stored.kind],
          "content-length": String(object.size),
          "x-content-type-options": "nosniff",
          // One owner's file: never in a shared cache; its id never changes content.
          "cache-control": "private, max-age=31536000, immutable",
          "content-disposition": image ? "inline" : `attachment; filename="${stored.name}"`,
          etag: object.httpEtag,
        },
      });
    }
    return c.json({ error: "Not found" }, 404);
  })
  .notFound((c) => c.json({ error: `No endpoint ${c.req.method} ${c.req.path}` }, 404))
  .onError((error, c) => {
    console.error(error);
    return c.json({ error: "Internal error" }, 500);
  });

export default app;
