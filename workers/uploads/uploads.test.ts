import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadRefusalSchema, uploadResultSchema } from "@contract/api/uploads";
import { REQUEST_ID_HEADER } from "@contract/observability/request-id";
import { testEnv } from "@test-setup/app";
import { AVIF_800X600, JPEG_800X600, sampleBytes, WEBP_800X600 } from "@test-setup/upload-samples";
import uploads from "./index";

// The uploads worker behind the storefront's service binding, with the real R2 bucket: what it takes, what it refuses
// (and then stores nothing), and who may read a file back.

const text = (value: string) => new TextEncoder().encode(value);
const owner = () => `session:${crypto.randomUUID()}`;

function upload(
  file: Uint8Array | null,
  {
    owners = owner(),
    name = "photo.jpg",
    fields = {} as Record<string, string>,
    type = "application/octet-stream",
  } = {},
) {
  const form = new FormData();
  if (file) form.set("img", new File([file as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return testEnv.UPLOADS.fetch("https://uploads.internal/images/upload", {
    method: "POST",
    headers: { "x-upload-owners": owners },
    body: form,
  });
}
const read = (id: string, owners: string) =>
  testEnv.UPLOADS.fetch(`https://uploads.internal/images/uploads/${id}`, { headers: { "x-upload-owners": owners } });
const storedCount = async () => (await testEnv.UPLOADS_BUCKET.list({ limit: 1000 })).objects.length;

describe("the uploads worker", () => {
  it("takes a JPEG, a WebP and an AVIF by their bytes, with their pixel size, and gives each back to its owner", async () => {
    for (const [sample, kind, contentType] of [
      [JPEG_800X600, "jpeg", "image/jpeg"],
      [WEBP_800X600, "webp", "image/webp"],
      [AVIF_800X600, "avif", "image/avif"],
    ] as const) {
      const owners = owner();
      // A name and a declared type that lie do not matter: the bytes decide.
      const answer = await upload(sampleBytes(sample), { owners, name: "IMG_0001.png", type: "text/plain" });
      expect(answer.status, kind).toBe(201);
      const result = uploadResultSchema.parse(await answer.json());
      expect(result).toMatchObject({
        kind,
        contentType,
        width: 800,
        height: 600,
        bytes: sampleBytes(sample).byteLength,
        url: `/images/uploads/${result.id}`,
        dpi: null,
      });
      const back = await read(result.id, owners);
      expect(back.status).toBe(200);
      expect(back.headers.get("content-type")).toBe(contentType);
      expect(back.headers.get("x-content-type-options")).toBe("nosniff");
      expect(back.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      expect(new Uint8Array(await back.arrayBuffer())).toEqual(sampleBytes(sample));
    }
  });

  it("works out the effective DPI at the print size it is for", async () => {
    // 800 x 600 pixels on a 10 x 15 cm print, turned to suit it (150 x 100 mm): 800 px over 150 mm is 135 DPI.
    const answer = await upload(sampleBytes(JPEG_800X600), {
      fields: { article_id: "203", print_width_mm: "100", print_height_mm: "150" },
    });
    expect(uploadResultSchema.parse(await answer.json()).dpi).toBe(135);
  });

  it("lets only its owners read a file: another session or account finds nothing", async () => {
    const mine = owner();
    const { id } = uploadResultSchema.parse(
      await (
        await upload(sampleBytes(JPEG_800X600), { owners: `account:acc_${crypto.randomUUID().slice(0, 8)}, ${mine}` })
      ).json(),
    );
    expect((await read(id, mine)).status).toBe(404);
    const accountOwned = uploadResultSchema.parse(
      await (await upload(sampleBytes(JPEG_800X600), { owners: `account:acc_reader, ${mine}` })).json(),
    );
    expect((await read(accountOwned.id, "account:acc_reader")).status).toBe(200);
    expect((await read(accountOwned.id, `account:acc_other, ${owner()}`)).status).toBe(404);
    expect((await read(accountOwned.id, "")).status).toBe(404);
    expect((await read("../../etc/passwd", "account:acc_reader")).status).toBe(404);
  });

  it("refuses what is not a printable file, an empty, truncated or damaged one, and stores nothing", async () => {
    const before = await storedCount();
    const jpeg = sampleBytes(JPEG_800X600);
    const cases: [string, Uint8Array, string][] = [
      ["html", text("<!doctype html><script>alert(1)</script>"), "unsupported"],
      ["svg", text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "unsupported"],
      ["renamed executable", new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Uint8Array(200)]), "unsupported"],
      ["empty", new Uint8Array(0), "empty"],
      ["truncated JPEG", jpeg.slice(0, jpeg.length / 2), "truncated"],
    ];
    for (const [label, bytes, code] of cases) {
      const answer = await upload(bytes, { name: "photo.jpg", type: "image/jpeg" });
      expect(answer.status, label).toBe(422);
      expect(uploadRefusalSchema.parse(await answer.json()).error.code, label).toBe(code);
    }
    expect(await storedCount()).toBe(before);
  });

  it("answers a wrong content type, a broken body, a missing file, an absurd field or a file over the limit with a 4xx", async () => {
    const before = await storedCount();
    const post = (body: BodyInit, contentType: string) =>
      testEnv.UPLOADS.fetch("https://uploads.internal/images/upload", {
        method: "POST",
        headers: { "x-upload-owners": owner(), "content-type": contentType },
        body,
      });
    const codeOf = async (answer: Response) => ({
      status: answer.status,
      code: uploadRefusalSchema.parse(await answer.json()).error.code,
    });
    expect(await codeOf(await post(JSON.stringify({ img: "x" }), "application/json"))).toEqual({
      status: 415,
      code: "unsupportedMediaType",
    });
    expect(await codeOf(await post("--x\r\nnot a form", "multipart/form-data; boundary=x"))).toEqual({
      status: 400,
      code: "badBody",
    });
    expect(await codeOf(await upload(null, { fields: { ext_session_id: "s" } }))).toEqual({
      status: 400,
      code: "missingFile",
    });
    expect(await codeOf(await upload(sampleBytes(JPEG_800X600), { fields: { article_id: "99999999" } }))).toEqual({
      status: 400,
      code: "badField",
    });
    const tooLarge = await codeOf(await upload(new Uint8Array(26 * 1024 * 1024).fill(0xff)));
    expect(tooLarge).toEqual({ status: 413, code: "tooLarge" });
    // Nobody named as owner (only the storefront names them): nothing is taken.
    const anonymous = testEnv.UPLOADS.fetch("https://uploads.internal/images/upload", {
      method: "POST",
      body: new FormData(),
    });
    expect((await anonymous).status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  it("keeps each owner within its quota: a session's bytes, an account's number of files (the tests' small quotas)", async () => {
    const session = owner();
    const jpeg = sampleBytes(JPEG_800X600);
    // 30000 bytes for a session: two 10 KB photos fit, a third does not.
    for (const n of [1, 2]) expect((await upload(jpeg, { owners: session })).status, `photo ${n}`).toBe(201);
    const full = await upload(jpeg, { owners: session });
    expect(full.status).toBe(422);
    expect(uploadRefusalSchema.parse(await full.json()).error.code).toBe("quotaReached");
    // Five files for an account, whatever their size; a sixth is refused, and another account is not affected.
    const account = `account:acc_${crypto.randomUUID().slice(0, 8)}`;
    const photo = sampleBytes(WEBP_800X600);
    for (let n = 1; n <= 5; n++) expect((await upload(photo, { owners: account })).status, `file ${n}`).toBe(201);
    expect((await upload(photo, { owners: account })).status).toBe(422);
    expect((await upload(photo, { owners: `account:acc_${crypto.randomUUID().slice(0, 8)}` })).status).toBe(201);
  });

  it("lets a day's clean-up remove expired sessions' files, but not an account's nor one an order uses", async () => {
    const session = owner();
    const old = async (owners: string) => {
      const { id } = uploadResultSchema.parse(await (await upload(sampleBytes(WEBP_800X600), { owners })).json());
      // Backdated as if uploaded 40 days ago: R2 metadata is rewritten with the object.
      const listed = await testEnv.UPLOADS_BUCKET.list({ include: ["customMetadata"] });
      const key = listed.objects.find((object) => object.key.endsWith(`/${id}`))!.key;
      const object = (await testEnv.UPLOADS_BUCKET.get(key))!;
      await testEnv.UPLOADS_BUCKET.put(key, await object.arrayBuffer(), {
        httpMetadata: object.httpMetadata,
        customMetadata: { ...object.customMetadata, createdAt: new Date(Date.now() - 40 * 86_400_000).toISOString() },
      });
      return id;
    };
    const expired = await old(session);
    const ordered = await old(session);
    const recent = uploadResultSchema.parse(
      await (await upload(sampleBytes(WEBP_800X600), { owners: session })).json(),
    ).id;
    const account = `account:acc_${crypto.randomUUID().slice(0, 8)}`;
    const accountOwned = await old(account);
    const keep = (id: string, owners: string, order: string) =>
      testEnv.UPLOADS.fetch(`https://uploads.internal/images/uploads/${id}/keep`, {
        method: "POST",
        headers: { "x-upload-owners": owners, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ order }),
      });
    // Only an owner marks a file as used by an order.
    expect((await keep(ordered, owner(), "ES-ABCDEFGH")).status).toBe(404);
    expect(await (await keep(ordered, session, "ES-ABCDEFGH")).json()).toEqual({ id: ordered, keptFor: "ES-ABCDEFGH" });
    expect((await keep(ordered, session, "<script>")).status).toBe(400);

    const cleanUp = await testEnv.UPLOADS.fetch("https://uploads.internal/maintenance/expire", { method: "POST" });
    expect(((await cleanUp.json()) as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect((await read(expired, session)).status).toBe(404);
    expect((await read(ordered, session)).status).toBe(200);
    expect((await read(recent, session)).status).toBe(200);
    expect((await read(accountOwned, account)).status).toBe(200);
  });

  it("gives an order its own copy of a kept file, which only reads and outlives the session's", async () => {
    const session = owner();
    const { id } = uploadResultSchema.parse(
      await (await upload(sampleBytes(WEBP_800X600), { owners: session })).json(),
    );
    const order = `order:ES-${crypto.randomUUID().slice(0, 8)}`;
    expect((await read(id, order)).status).toBe(404);
    const keep = () =>
      testEnv.UPLOADS.fetch(`https://uploads.internal/images/uploads/${id}/keep`, {
        method: "POST",
        headers: { "x-upload-owners": session, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ order: order.slice(6) }),
      });
    expect((await keep()).status).toBe(200);
    expect((await keep()).status).toBe(200);
    const copy = await read(id, order);
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await copy.arrayBuffer())).toEqual(sampleBytes(WEBP_800X600));
    // Another order reads nothing; an order cannot store, keep or adopt.
    expect((await read(id, "order:ES-OTHER")).status).toBe(404);
    expect((await upload(sampleBytes(WEBP_800X600), { owners: order })).status).toBe(400);
    const keptByOrder = await testEnv.UPLOADS.fetch(`https://uploads.internal/images/uploads/${id}/keep`, {
      method: "POST",
      headers: { "x-upload-owners": order, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ order: "ES-OTHER" }),
    });
    expect(keptByOrder.status).toBe(404);
    // The session's file goes; the order's copy stays.
    const listed = await testEnv.UPLOADS_BUCKET.list({ include: ["customMetadata"] });
    for (const object of listed.objects.filter(
      (object) => object.key.endsWith(`/${id}`) && object.customMetadata?.ownerKind === "session",
    ))
      await testEnv.UPLOADS_BUCKET.delete(object.key);
    expect((await read(id, session)).status).toBe(404);
    expect((await read(id, order)).status).toBe(200);
    expect(
      listed.objects
        .filter((object) => object.key.endsWith(`/${id}`))
        .map((object) => object.customMetadata?.ownerKind)
        .sort(),
    ).toEqual(["order", "session"]);
  });

  it("moves a session's files to the account at sign-in, as far as the account's quota allows", async () => {
    const session = owner();
    const account = `account:acc_${crypto.randomUUID().slice(0, 8)}`;
    const photo = sampleBytes(WEBP_800X600);
    const sessionIds: string[] = [];
    for (let n = 0; n < 3; n++)
      sessionIds.push(uploadResultSchema.parse(await (await upload(photo, { owners: session })).json()).id);
    // The account holds 3 of its 5 files already: 2 of the session's 3 fit.
    for (let n = 0; n < 3; n++) await upload(photo, { owners: account });
    const adopt = (owners: string) =>
      testEnv.UPLOADS.fetch("https://uploads.internal/images/uploads/adopt", {
        method: "POST",
        headers: { "x-upload-owners": owners },
      });
    expect(await (await adopt(`${account}, ${session}`)).json()).toEqual({ moved: 2 });
    const readable = async (owners: string) =>
      (await Promise.all(sessionIds.map(async (id) => (await read(id, owners)).status === 200))).filter(Boolean).length;
    expect(await readable(account)).toBe(2);
    expect(await readable(session)).toBe(1);
    expect(await readable(`${account}, ${session}`)).toBe(3);
    // Only the server names owners, and in that order: an account, then a session.
    expect((await adopt(`${session}, ${account}`)).status).toBe(400);
    expect((await adopt(account)).status).toBe(400);
  });
});

describe("the uploads worker's logs", () => {
  afterEach(() => vi.restoreAllMocks());

  /** Every JSON line written from now on (the worker below runs in this isolate). */
  function linesWritten() {
    const lines: Record<string, unknown>[] = [];
    const keep = (text: unknown) => void lines.push(JSON.parse(String(text)) as Record<string, unknown>);
    vi.spyOn(console, "log").mockImplementation(keep);
    vi.spyOn(console, "error").mockImplementation(keep);
    return lines;
  }
  const vars = {
    UPLOAD_SESSION_FILES_DAYS: "36500",
    UPLOAD_PARTS_DAYS: "36500",
    ENVIRONMENT: "staging",
  } as unknown as UploadsEnv;

  it("answers the storefront's request id back", async () => {
    const answer = await testEnv.UPLOADS.fetch(`https://uploads.internal/images/uploads/up_${"a".repeat(24)}`, {
      headers: { "x-upload-owners": owner(), [REQUEST_ID_HEADER]: "ray-uploads-1" },
    });
    expect(answer.status).toBe(404);
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe("ray-uploads-1");
  });

  it("logs a failure with its stack, and answers it without", async () => {
    const lines = linesWritten();
    const downBucket = new Proxy(
      {},
      {
        get: () => {
          throw new Error("R2 is down");
        },
      },
    ) as R2Bucket;
    const request = new Request(`https://uploads.internal/images/uploads/up_${"b".repeat(24)}`, {
      headers: { "x-upload-owners": owner(), [REQUEST_ID_HEADER]: "ray-uploads-2" },
    });
    const answer = await uploads.fetch(request, { ...vars, UPLOADS_BUCKET: downBucket }, createExecutionContext());
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ error: { code: "internal", message: "Internal error" } });
    expect(lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      "ERROR uploads failed",
      `ERROR HTTP 500 GET /images/uploads/up_${"b".repeat(24)}`,
    ]);
    expect(lines[0]).toMatchObject({
      worker: "uploads",
      environment: "staging",
      requestId: "ray-uploads-2",
      error: { message: "R2 is down", stack: expect.stringContaining("uploads.test.ts") },
    });
  });

  it("logs what its daily clean-up did, a line for each part", async () => {
    const lines = linesWritten();
    const ctx = createExecutionContext();
    await uploads.scheduled(createScheduledController(), { ...vars, UPLOADS_BUCKET: testEnv.UPLOADS_BUCKET }, ctx);
    await waitOnExecutionContext(ctx);
    expect(lines.map((line) => line.message).sort()).toEqual([
      "Abandoned 0 uploads in parts",
      "Expired 0 session files",
    ]);
    expect(
      lines.every(
        (line) => line.level === "INFO" && line.worker === "uploads" && line.requestId === lines[0]!.requestId,
      ),
    ).toBe(true);
  });
});
