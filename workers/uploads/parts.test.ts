import { describe, expect, it } from "vitest";
import { uploadPartsRefusalSchema, uploadPartsSessionSchema, uploadResultSchema } from "@contract/api/uploads";
import { testEnv } from "@test-setup/app";
import { JPEG_800X600, largeWebp, sampleBytes, WEBP_800X600, withTrailer } from "@test-setup/upload-samples";

// Uploads in parts against the uploads worker (quotas with room for several 5 MiB parts) and the real R2 bucket:
// start, send, list, resume, complete; whose a session is; what is refused at completion leaves nothing behind.

const PART = 5 * 1024 * 1024;
const owner = () => `session:${crypto.randomUUID()}`;
const call = (path: string, init: RequestInit & { owners: string }) =>
  testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/parts${path}`, {
    ...init,
    headers: { "x-upload-owners": init.owners, ...(init.headers as Record<string, string>) },
  });
const start = (owners: string, body: unknown) =>
  call("", { owners, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const sendPart = (owners: string, id: string, part: number, bytes: Uint8Array) =>
  call(`/${id}/${part}`, {
    owners,
    method: "PUT",
    headers: { "content-type": "application/octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
const complete = (owners: string, id: string) => call(`/${id}/complete`, { owners, method: "POST" });
const list = (owners: string, id: string) => call(`/${id}`, { owners, method: "GET" });
const partOf = (file: Uint8Array, part: number) => file.subarray((part - 1) * PART, part * PART);
const refusal = async (answer: Response) => ({
  status: answer.status,
  code: uploadPartsRefusalSchema.parse(await answer.json()).error.code,
});
/** Keys in R2 under the parts area and the owners' files (what a refused upload must not leave). */
const keysOf = async (prefix: string) =>
  (await testEnv.UPLOADS_BUCKET.list({ prefix, limit: 1000 })).objects.map((object) => object.key);

async function started(owners: string, size: number, fields: Record<string, unknown> = {}) {
  const answer = await start(owners, { name: "IMG_0001.webp", size, ...fields });
  expect(answer.status).toBe(201);
  return uploadPartsSessionSchema.parse(await answer.json());
}

describe("uploads in parts", () => {
  it("takes a file in parts, checks it by its bytes at completion and gives it back to its owner whole", async () => {
    const owners = owner();
    const file = largeWebp(2 * PART + 12_345);
    const session = await started(owners, file.length, { article_id: 203, print_width_mm: 100, print_height_mm: 150 });
    expect(session).toMatchObject({ size: file.length, partBytes: PART, partCount: 3, parts: [] });
    // In any order, as three at once arrive.
    for (const part of [3, 1, 2])
      expect((await sendPart(owners, session.id, part, partOf(file, part))).status, `part ${part}`).toBe(200);
    const done = await complete(owners, session.id);
    expect(done.status).toBe(201);
    const result = uploadResultSchema.parse(await done.json());
    // Stored without its metadata: the XMP chunk that made it large is gone (decision 0047), the photo is whole.
    const photo = sampleBytes(WEBP_800X600);
    expect(result).toMatchObject({
      id: session.id,
      kind: "webp",
      width: 800,
      height: 600,
      bytes: photo.length,
      url: `/images/uploads/${session.id}`,
      dpi: 135,
    });
    const back = await testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/${result.id}`, {
      headers: { "x-upload-owners": owners },
    });
    expect(back.headers.get("content-type")).toBe("image/webp");
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(photo);
    // The session is gone with its parts: only the file stays.
    expect((await list(owners, session.id)).status).toBe(404);
  });

  it("resumes: the parts stored are listed, the missing ones sent, then it completes", async () => {
    const owners = owner();
    // A JPEG whose end is far from the file's (a long trailer): found by streaming, not by holding the file.
    const file = withTrailer(sampleBytes(JPEG_800X600), 2 * PART + 100);
    const { id } = await started(owners, file.length);
    await sendPart(owners, id, 2, partOf(file, 2));
    // Completing too early names what is missing.
    const early = await complete(owners, id);
    expect(early.status).toBe(409);
    expect(uploadPartsRefusalSchema.parse(await early.json()).error).toMatchObject({
      code: "partsMissing",
      missing: [1, 3],
    });
    // After a reload the browser asks what is there and sends the rest.
    const resumed = uploadPartsSessionSchema.parse(await (await list(owners, id)).json());
    expect(resumed.parts).toEqual([2]);
    for (const part of [1, 3]) await sendPart(owners, id, part, partOf(file, part));
    const done = await complete(owners, id);
    expect(done.status).toBe(201);
    expect(uploadResultSchema.parse(await done.json())).toMatchObject({
      kind: "jpeg",
      width: 800,
      height: 600,
      // Its trailer is not kept (decision 0047).
      bytes: sampleBytes(JPEG_800X600).length,
    });
  });

  it("is its owner's: another session or account finds no such upload, and cannot send, complete or abandon it", async () => {
    const owners = owner();
    const file = largeWebp(PART + 10);
    const { id } = await started(owners, file.length);
    const stranger = `account:acc_${crypto.randomUUID().slice(0, 8)}, ${owner()}`;
    expect(await refusal(await list(stranger, id))).toEqual({ status: 404, code: "notFound" });
    expect(await refusal(await sendPart(stranger, id, 1, partOf(file, 1)))).toEqual({ status: 404, code: "notFound" });
    expect(await refusal(await complete(stranger, id))).toEqual({ status: 404, code: "notFound" });
    expect((await call(`/${id}`, { owners: stranger, method: "DELETE" })).status).toBe(404);
    expect(await refusal(await list("", id))).toEqual({ status: 404, code: "notFound" });
    // Its owner abandons it: nothing is left.
    await sendPart(owners, id, 1, partOf(file, 1));
    expect((await call(`/${id}`, { owners, method: "DELETE" })).status).toBe(204);
    expect(await keysOf(`parts/`).then((keys) => keys.filter((key) => key.includes(id)))).toEqual([]);
  });

  it("refuses at completion a file its bytes refuse (not an image, cut short) and leaves nothing in R2", async () => {
    const html = new TextEncoder().encode(`<!doctype html><script>alert(1)</script>${" ".repeat(PART)}`);
    const cut = largeWebp(PART + 1000).subarray(0, PART + 500);
    for (const [label, file, code] of [
      ["html", html, "unsupported"],
      ["truncated webp", cut, "truncated"],
    ] as const) {
      const owners = owner();
      const { id } = await started(owners, file.length);
      for (const part of [1, 2]) await sendPart(owners, id, part, partOf(file, part));
      const answer = await complete(owners, id);
      expect(await refusal(answer), label).toEqual({ status: 422, code });
      const left = (await keysOf("")).filter((key) => key.includes(id));
      expect(left, label).toEqual([]);
      expect((await list(owners, id)).status, label).toBe(404);
    }
  });

  it("answers hostile input on every call with a 4xx and a clear message", async () => {
    const owners = owner();
    const post = (body: BodyInit, contentType: string) =>
      call("", { owners, method: "POST", headers: { "content-type": contentType }, body });
    expect(await refusal(await post("size=1", "application/x-www-form-urlencoded"))).toEqual({
      status: 415,
      code: "unsupportedMediaType",
    });
    expect(await refusal(await post("{not json", "application/json"))).toEqual({ status: 400, code: "badBody" });
    expect(await refusal(await start(owners, { size: -1 }))).toEqual({ status: 400, code: "badField" });
    expect(await refusal(await start(owners, { size: "a lot" }))).toEqual({ status: 400, code: "badField" });
    expect(await refusal(await start(owners, { size: 1.5 }))).toEqual({ status: 400, code: "badField" });
    expect(await refusal(await start(owners, { size: 10, article_id: "<script>" }))).toEqual({
      status: 400,
      code: "badField",
    });
    const huge = await start(owners, { size: 10 * 1024 ** 4 });
    expect(huge.status).toBe(413);
    expect(uploadPartsRefusalSchema.parse(await huge.json()).error).toMatchObject({ code: "tooLarge", limitMb: 16 });
    expect((await start("", { size: 10 })).status).toBe(400);

    const file = largeWebp(PART + 10);
    const { id } = await started(owners, file.length);
    for (const part of ["0", "3", "-1", "1.5", "abc", "99999999999"]) {
      expect(
        await refusal(
          await call(`/${id}/${part}`, {
            owners,
            method: "PUT",
            headers: { "content-type": "application/octet-stream" },
            body: "x",
          }),
        ),
        `part ${part}`,
      ).toEqual({ status: 400, code: "badPart" });
    }
    expect(
      await refusal(
        await call(`/${id}/1`, {
          owners,
          method: "PUT",
          headers: { "content-type": "text/plain" },
          body: partOf(file, 1) as Uint8Array<ArrayBuffer>,
        }),
      ),
    ).toEqual({ status: 415, code: "unsupportedMediaType" });
    // A part of the wrong length: every part but the last is exactly the part size.
    expect(await refusal(await sendPart(owners, id, 1, file.subarray(0, 1000)))).toEqual({
      status: 400,
      code: "badPart",
    });
    expect(await refusal(await sendPart(owners, id, 2, file.subarray(0, 11)))).toEqual({
      status: 400,
      code: "badPart",
    });
    for (const unknown of ["up_AAAAAAAAAAAAAAAAAAAAAAAA", "up_%2E%2E%2Fowners", "nothing"]) {
      expect(await refusal(await list(owners, unknown)), unknown).toEqual({ status: 404, code: "notFound" });
      expect(await refusal(await complete(owners, unknown)), unknown).toEqual({ status: 404, code: "notFound" });
    }
    expect((await call(`/${id}`, { owners, method: "DELETE" })).status).toBe(204);
  });

  it("lets the daily clean-up abandon an upload in parts left unfinished", async () => {
    const owners = owner();
    const file = largeWebp(PART + 10);
    const { id } = await started(owners, file.length);
    await sendPart(owners, id, 1, partOf(file, 1));
    // Backdated as if started three days ago.
    const [record] = (await keysOf("parts/")).filter((key) => key.endsWith(`/${id}`));
    const head = (await testEnv.UPLOADS_BUCKET.head(record!))!;
    await testEnv.UPLOADS_BUCKET.put(record!, null, {
      customMetadata: { ...head.customMetadata, createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
    });
    const cleanUp = await testEnv.UPLOADS_ROOMY.fetch("https://uploads.internal/maintenance/expire", {
      method: "POST",
    });
    expect(((await cleanUp.json()) as { abandonedParts: number }).abandonedParts).toBeGreaterThanOrEqual(1);
    expect((await keysOf("")).filter((key) => key.includes(id))).toEqual([]);
  });
});

describe("previews", () => {
  const upload = async (owners: string) => {
    const form = new FormData();
    form.set("img", new File([sampleBytes(JPEG_800X600) as Uint8Array<ArrayBuffer>], "photo.jpg"));
    return uploadResultSchema.parse(
      await (
        await testEnv.UPLOADS_ROOMY.fetch("https://uploads.internal/images/upload", {
          method: "POST",
          headers: { "x-upload-owners": owners },
          body: form,
        })
      ).json(),
    );
  };
  const preview = (id: string, owners: string, query: string) =>
    testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/${id}?${query}`, {
      headers: { "x-upload-owners": owners },
    });

  it("serves an image at a preview width in the format asked for, to its owner only, with the file's headers", async () => {
    const owners = owner();
    const { id } = await upload(owners);
    for (const [format, contentType] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const answer = await preview(id, owners, `w=320&format=${format}`);
      expect(answer.status, format).toBe(200);
      expect(answer.headers.get("content-type"), format).toBe(contentType);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
      const bytes = new Uint8Array(await answer.arrayBuffer());
      // Smaller than the original: 320 pixels wide, not 800.
      expect(bytes.length, format).toBeLessThan(sampleBytes(JPEG_800X600).length);
    }
    expect((await preview(id, owner(), "w=320&format=webp")).status).toBe(404);
    for (const query of ["w=321", "w=99999", "format=svg", "w=320&format=gif"])
      expect((await preview(id, owners, query)).status, query).toBe(400);
  });
});
