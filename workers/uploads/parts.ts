import { Hono, type Context } from "hono";
import { uploadId, uploadPartsStart, type UploadPartsSession } from "@contract/api/uploads";
import { inspectStored } from "./inspect-stored";
import { ownersOf, OWNERS_HEADER, type Owner } from "./owners";
import { fits, quotaOf, usageOf } from "./quota";
import { refuse, tooLarge, type Uploads } from "./refusals";
import { stripStored } from "./metadata/strip";
import { describe, newId, type Purpose } from "./stored";
import { validate } from "./validate";

/** What R2 keeps beside a session in parts (customMetadata: strings only); the record is an empty object. */
type PartsRecord = {
  uploadId: string;
  size: string;
  partBytes: string;
  name: string;
  createdAt: string;
  purpose: string;
};
type Session = { owner: Owner; key: string; record: PartsRecord; size: number; partBytes: number; partCount: number };

/** Where a session's pieces lie: its record, the file R2 assembles, one marker per part stored. */
const fileKey = (key: string) => `${key}/file`;
const partsPrefix = (key: string) => `${key}/part/`;
const partKey = (key: string, part: number) => `${partsPrefix(key)}${String(part).padStart(5, "0")}`;

/**
 * Uploads in parts (contract/api/uploads.ts): R2 assembles the file from parts of UPLOAD_PART_BYTES (R2 wants 5 MiB at
 * least, all alike but the last), up to UPLOAD_PARTS_MAX_BYTES. Each stored part leaves a marker, so the browser can
 * ask what is there and send only the rest after a reload. A session is its owner's: anyone else finds nothing (404).
 * At completion the file is checked by its bytes (head and tail, ranged) and moved under its owner, or removed.
 */
export const parts = new Hono<Uploads>()
  .post("/images/uploads/parts", validate("json", uploadPartsStart), async (c) => {
    const [owner] = await ownersOf(c.req.header(OWNERS_HEADER));
    if (!owner) return refuse(c, 400, "badField", "No owner named");
    const start = c.req.valid("json");
    const maxBytes = Number(c.env.UPLOAD_PARTS_MAX_BYTES);
    if (!(start.size <= maxBytes)) return tooLarge(c, maxBytes);
    if (!fits(await usageOf(c.env.UPLOADS_BUCKET, owner), quotaOf(owner, c.env), start.size))
      return refuse(c, 422, "quotaReached", "The owner's upload quota is used up");

    const id = newId();
    const key = `${owner.partsPrefix}/${id}`;
    const { name, size, ...purpose } = start;
    const multipart = await c.env.UPLOADS_BUCKET.createMultipartUpload(fileKey(key));
    const record: PartsRecord = {
      uploadId: multipart.uploadId,
      size: String(size),
      partBytes: c.env.UPLOAD_PART_BYTES,
      name,
      createdAt: new Date().toISOString(),
      purpose: JSON.stringify(purpose),
    };
    await c.env.UPLOADS_BUCKET.put(key, null, { customMetadata: record });
    return c.json(await describeSession(c.env.UPLOADS_BUCKET, id, sessionOf(owner, key, record)), 201);
  })
  .get("/images/uploads/parts/:id", async (c) => {
    const session = await ownSession(c);
    if (!session) return notFound(c);
    return c.json(await describeSession(c.env.UPLOADS_BUCKET, c.req.param("id"), session));
  })
  .put("/images/uploads/parts/:id/:part", async (c) => {
    const session = await ownSession(c);
    if (!session) return notFound(c);
    const part = partNumber(c.req.param("part"), session.partCount);
    if (part === null) return refuse(c, 400, "badPart", `Parts are numbered 1 to ${session.partCount}`);
    if (c.req.header("content-type")?.toLowerCase() !== "application/octet-stream")
      return refuse(c, 415, "unsupportedMediaType", "Send a part's bytes as application/octet-stream");
    const expected =
      part < session.partCount ? session.partBytes : session.size - (session.partCount - 1) * session.partBytes;
    // Checked before the body is read, and again after: a part of another length would make R2 refuse the whole file.
    if (Number(c.req.header("content-length")) !== expected)
      return refuse(c, 400, "badPart", `Part ${part} must have ${expected} bytes`);
    const bytes = await c.req.arrayBuffer().catch(() => null);
    if (bytes?.byteLength !== expected) return refuse(c, 400, "badPart", `Part ${part} must have ${expected} bytes`);
    const multipart = c.env.UPLOADS_BUCKET.resumeMultipartUpload(fileKey(session.key), session.record.uploadId);
    const uploaded = await multipart.uploadPart(part, bytes);
    await c.env.UPLOADS_BUCKET.put(partKey(session.key, part), null, { customMetadata: { etag: uploaded.etag } });
    return c.json({ part, bytes: expected });
  })
  .post("/images/uploads/parts/:id/complete", async (c) => {
    const session = await ownSession(c);
    if (!session) return notFound(c);
    const bucket = c.env.UPLOADS_BUCKET;
    const stored = await storedParts(bucket, session.key);
    const missing = Array.from({ length: session.partCount }, (_, index) => index + 1).filter(
      (part) => !stored.has(part),
    );
    if (missing.length)
      return refuse(c, 409, "partsMissing", `Parts still to send: ${missing.join(", ")}`, { missing });
    const { owner, size, record } = session;
    if (!fits(await usageOf(bucket, owner), quotaOf(owner, c.env), size)) {
      await discard(bucket, session);
      return refuse(c, 422, "quotaReached", "The owner's upload quota is used up");
    }
    const multipart = bucket.resumeMultipartUpload(fileKey(session.key), record.uploadId);
    await multipart.complete([...stored].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag })));

    const inspection = await inspectStored(bucket, fileKey(session.key), size, {
      maxPixels: Number(c.env.UPLOAD_MAX_PIXELS),
    });
    if (!inspection.ok) {
      await discard(bucket, session);
      return refuse(c, 422, inspection.reason, `The file was refused: ${inspection.reason}`);
    }
    // R2 takes an object's metadata only when it is created, and the bytes decide it: the assembled file moves (a
    // stream), without its metadata (decision 0047).
    const clean = await stripStored(bucket, fileKey(session.key), inspection.kind);
    if (!clean.ok) {
      await discard(bucket, session);
      return refuse(c, 422, clean.reason, `The file was refused: ${clean.reason}`);
    }
    const id = c.req.param("id");
    const { stored: metadata, result } = describe(
      id,
      owner,
      inspection,
      clean.orientation,
      clean.size,
      record.name,
      JSON.parse(record.purpose) as Purpose,
    );
    await bucket.put(`${owner.prefix}/${id}`, clean.body, {
      httpMetadata: { contentType: inspection.contentType },
      customMetadata: metadata,
    });
    await discard(bucket, session);
    return c.json(result, 201);
  })
  .delete("/images/uploads/parts/:id", async (c) => {
    const session = await ownSession(c);
    if (!session) return notFound(c);
    await discard(c.env.UPLOADS_BUCKET, session);
    return c.body(null, 204);
  });

const notFound = (c: Context<Uploads>) => refuse(c, 404, "notFound", "No such upload in parts");

/** A part number: digits only, 1 to the session's count; anything else null. */
function partNumber(text: string, partCount: number) {
  if (!/^\d{1,5}$/.test(text)) return null;
  const part = Number(text);
  return part >= 1 && part <= partCount ? part : null;
}

function sessionOf(owner: Owner, key: string, record: PartsRecord): Session {
  const size = Number(record.size);
  const partBytes = Number(record.partBytes);
  return { owner, key, record, size, partBytes, partCount: Math.max(1, Math.ceil(size / partBytes)) };
}

/** The session :id when one of the named owners has it, else null. */
async function ownSession(c: Context<Uploads>): Promise<Session | null> {
  const id = uploadId.safeParse(c.req.param("id"));
  if (!id.success) return null;
  for (const owner of await ownersOf(c.req.header(OWNERS_HEADER))) {
    const key = `${owner.partsPrefix}/${id.data}`;
    const head = await c.env.UPLOADS_BUCKET.head(key);
    if (head?.customMetadata?.uploadId) return sessionOf(owner, key, head.customMetadata as PartsRecord);
  }
  return null;
}

/** The parts stored so far: number and R2's etag for each. */
async function storedParts(bucket: R2Bucket, key: string) {
  const listed = await bucket.list({ prefix: partsPrefix(key), include: ["customMetadata"] });
  return new Map(
    listed.objects.map(
      (object) => [Number(object.key.slice(partsPrefix(key).length)), object.customMetadata?.etag ?? ""] as const,
    ),
  );
}

async function describeSession(bucket: R2Bucket, id: string, session: Session): Promise<UploadPartsSession> {
  const stored = await storedParts(bucket, session.key);
  return {
    id,
    size: session.size,
    partBytes: session.partBytes,
    partCount: session.partCount,
    parts: [...stored.keys()].sort((a, b) => a - b),
  };
}

/** Leaves nothing of a session: R2's pending upload (aborted), the assembled file, the markers, the record. */
export async function discard(bucket: R2Bucket, session: { key: string; record: Pick<PartsRecord, "uploadId"> }) {
  await bucket
    .resumeMultipartUpload(fileKey(session.key), session.record.uploadId)
    .abort()
    .catch(() => {}); // already completed or aborted: nothing pending
  const listed = await bucket.list({ prefix: `${session.key}/` });
  await bucket.delete([...listed.objects.map((object) => object.key), session.key]);
}
