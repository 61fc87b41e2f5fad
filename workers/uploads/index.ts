import { Hono, type Context, type MiddlewareHandler } from "hono";
import { uploadFields, uploadId, uploadKeepParams, uploadPreviewQuery } from "@contract/api/uploads";
import { Logger } from "@contract/observability/log";
import { requestIdFrom } from "@contract/observability/request-id";
import { drainAfterAnswer } from "@contract/http/drain-body";
import { allowedMethods, methodNotAllowed } from "@contract/http/errors";
import { requestLogging } from "@contract/observability/request-logging";
import { adoptSessionFiles } from "./adopt";
import { abortStaleParts, expireSessionFiles } from "./expiry";
import { CONTENT_TYPES, inspectFile } from "./file-kinds";
import { orderOwner, ownersOf, OWNERS_HEADER, readersOf, type Owner } from "./owners";
import { parts } from "./parts";
import { preview } from "./previews";
import { fits, quotaOf, usageOf } from "./quota";
import { refuse, tooLarge, type Uploads } from "./refusals";
import { stripBytes } from "./metadata/strip";
import { describe, newId, seenSize, type Stored } from "./stored";
import { validate } from "./validate";

/** The largest single upload; the form around the file adds a few hundred bytes. */
const uploadLimit = (env: UploadsEnv) => Number(env.UPLOAD_MAX_BYTES);

const notFound = (c: Context<Uploads>) => refuse(c, 404, "notFound", "No such upload");

/** A body declared far larger than the limit (the form's own bytes aside) is refused before it is read. */
function declaredWithin(limit: (env: UploadsEnv) => number): MiddlewareHandler<Uploads> {
  return async (c, next) => {
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > limit(c.env) + 64 * 1024) return tooLarge(c, limit(c.env));
    await next();
  };
}

/**
 * POST /images/upload: multipart with `img` and the extra fields (contract/api/uploads.ts); the storefront names the
 * owner in x-upload-owners. The file is checked by its bytes and stored only when it passes.
 * GET /images/uploads/:id: the file, for one of its owners only; anyone else finds nothing (404); with `w` or `format`
 * (uploadPreviewQuery), an image's preview. Larger files come in parts (parts.ts).
 */
const app: Hono<Uploads> = new Hono<Uploads>()
  // First, before any route (parts' too): every request gets its id and its line.
  .use(requestLogging("uploads"))
  // A refused upload (by its size, its type) is read to its end before the answer: contract/http/drain-body.ts says
  // why.
  .use(drainAfterAnswer())
  .route("/", parts)
  .post("/images/upload", declaredWithin(uploadLimit), validate("form", uploadFields), async (c) => {
    const [owner] = await ownersOf(c.req.header(OWNERS_HEADER));
    if (!owner) return refuse(c, 400, "badField", "No owner named");
    const maxBytes = uploadLimit(c.env);
    const file = (await c.req.formData()).get("img");
    if (!(file instanceof File)) return refuse(c, 400, "missingFile", "The form has no file in img");
    const fields = c.req.valid("form");
    if (file.size === 0) return refuse(c, 422, "empty", "The file is empty");
    if (file.size > maxBytes) return tooLarge(c, maxBytes);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const inspection = inspectFile(bytes, { maxPixels: Number(c.env.UPLOAD_MAX_PIXELS) });
    if (!inspection.ok) return refuse(c, 422, inspection.reason, `The file was refused: ${inspection.reason}`);
    // Kept without its metadata (GPS, EXIF but the orientation, XMP, IPTC): decision 0047.
    const clean = stripBytes(inspection.kind, bytes);
    if (!clean.ok) return refuse(c, 422, clean.reason, `The file was refused: ${clean.reason}`);
    if (!fits(await usageOf(c.env.UPLOADS_BUCKET, owner), quotaOf(owner, c.env), clean.bytes.byteLength))
      return refuse(c, 422, "quotaReached", "The owner's upload quota is used up");

    const id = newId();
    const size = clean.bytes.byteLength;
    const { stored, result } = describe(id, owner, inspection, clean.orientation, size, file.name, fields);
    await c.env.UPLOADS_BUCKET.put(`${owner.prefix}/${id}`, clean.bytes, {
      httpMetadata: { contentType: inspection.contentType },
      customMetadata: stored,
    });
    return c.json(result, 201);
  })
  .get("/images/uploads/:id", validate("query", uploadPreviewQuery), async (c) => {
    const found = await ownFile(c, await readersOf(c.req.header(OWNERS_HEADER)));
    if (!found) return notFound(c);
    const { key, object, stored } = found;
    const image = stored.kind !== "pdf" && stored.kind !== "zip";
    // One owner's file: never in a shared cache; its id (and a preview's width and format, in its URL) never changes
    // content.
    const headers = { "x-content-type-options": "nosniff", "cache-control": "private, max-age=31536000, immutable" };
    const { w: width, format } = c.req.valid("query");
    if (width || format) {
      if (!image) {
        await object.body.cancel();
        return refuse(c, 400, "badField", "Only images have previews");
      }
      const made = await preview(c.env.IMAGES, object.body, stored.kind, width, format, c.get("log"));
      if (made)
        return new Response(made.body, {
          headers: { ...headers, "content-type": made.contentType, "content-disposition": "inline" },
        });
      const original = await c.env.UPLOADS_BUCKET.get(key);
      if (!original) return notFound(c);
      return new Response(original.body, {
        headers: {
          ...headers,
          "content-type": CONTENT_TYPES[stored.kind],
          "content-length": String(original.size),
          "content-disposition": "inline",
        },
      });
    }
    return new Response(object.body, {
      headers: {
        ...headers,
        "content-type": CONTENT_TYPES[stored.kind],
        "content-length": String(object.size),
        "content-disposition": image ? "inline" : `attachment; filename="${stored.name}"`,
        etag: object.httpEtag,
      },
    });
  })
  // What the storefront's server checks before it relies on a file the browser names (a design's print file): that it
  // is this owner's (or this order's), its kind, its pixels as seen and its EXIF orientation, as the bytes said when it
  // came in. The storefront has no public route to it.
  .get("/images/uploads/:id/facts", async (c) => {
    // An order's copy too (`order:{public_id}`): the print file of an order is made from it (decision 0047).
    const found = await ownFile(c, await readersOf(c.req.header(OWNERS_HEADER)));
    if (!found) return notFound(c);
    const { object, stored } = found;
    await object.body.cancel();
    // As seen, with the orientation a PDF writer must apply to the stored pixels (decision 0047).
    return c.json({ id: c.req.param("id"), kind: stored.kind, ...seenSize(stored), bytes: object.size });
  })
  // An order uses the file (form field `order`, the order's public id): it stays past its session's expiry, and the
  // order gets its own copy, which its pages read whoever may see the order, and which nothing expires.
  .post("/images/uploads/:id/keep", validate("form", uploadKeepParams), async (c) => {
    const order = c.req.valid("form");
    const found = await ownFile(c, await ownersOf(c.req.header(OWNERS_HEADER)));
    if (!found) return notFound(c);
    const { key, object, stored } = found;
    const bucket = c.env.UPLOADS_BUCKET;
    const keptFor = stored.keptFor || order.order;
    if (!stored.keptFor)
      await bucket.put(key, object.body, { httpMetadata: object.httpMetadata, customMetadata: { ...stored, keptFor } });
    else await object.body.cancel();
    const copyKey = `${(await orderOwner(order.order)).prefix}/${c.req.param("id")}`;
    if (!(await bucket.head(copyKey))) {
      const original = await bucket.get(key);
      if (original)
        await bucket.put(copyKey, original.body, {
          httpMetadata: original.httpMetadata,
          customMetadata: { ...stored, ownerKind: "order", keptFor: order.order },
        });
    }
    return c.json({ id: c.req.param("id"), keptFor });
  })
  // At sign-in: the session's files become the account's (as far as its quota allows), so they stay with the account.
  .post("/images/uploads/adopt", async (c) => {
    const [account, session] = await ownersOf(c.req.header(OWNERS_HEADER));
    if (account?.kind !== "account" || session?.kind !== "session")
      return refuse(c, 400, "badField", "Name the account, then the session");
    return c.json({ moved: await adoptSessionFiles(c.env.UPLOADS_BUCKET, c.env, session, account) });
  })
  // The daily clean-up, also callable by a bound worker (an operator's script, the tests); never routed publicly.
  .post("/maintenance/expire", async (c) =>
    c.json({
      removed: await expireSessionFiles(c.env.UPLOADS_BUCKET, c.env),
      abandonedParts: await abortStaleParts(c.env.UPLOADS_BUCKET, c.env),
    }),
  )
  .notFound((c) => {
    const allow = allowedMethods(app.routes, c.req.method, c.req.path);
    if (allow.length) return methodNotAllowed(c.req.method, allow);
    return refuse(c, 404, "notFound", `No endpoint ${c.req.method} ${c.req.path}`);
  })
  .onError((error, c) => {
    c.get("log").failure("uploads failed", error);
    return refuse(c, 500, "internal", "Internal error");
  });

/** The file :id when one of the named owners has it (its key, object and metadata), else null. */
async function ownFile(c: Context<Uploads>, owners: Owner[]) {
  const id = uploadId.safeParse(c.req.param("id"));
  if (!id.success) return null;
  for (const owner of owners) {
    const key = `${owner.prefix}/${id.data}`;
    const object = await c.env.UPLOADS_BUCKET.get(key);
    if (object) return { key, object, stored: object.customMetadata as Stored };
  }
  return null;
}

export default {
  fetch: app.fetch,
  async scheduled(_controller, env, ctx) {
    const log = new Logger("uploads", env, requestIdFrom(null));
    ctx.waitUntil(
      expireSessionFiles(env.UPLOADS_BUCKET, env).then(
        (removed) => log.line("INFO", `Expired ${removed} session files`, { removed }),
        (error: unknown) => log.failure("Session files not expired", error),
      ),
    );
    ctx.waitUntil(
      abortStaleParts(env.UPLOADS_BUCKET, env).then(
        (abandoned) => log.line("INFO", `Abandoned ${abandoned} uploads in parts`, { abandoned }),
        (error: unknown) => log.failure("Uploads in parts not abandoned", error),
      ),
    );
  },
} satisfies ExportedHandler<UploadsEnv>;
