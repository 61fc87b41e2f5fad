import { describe, expect, it } from "vitest";
import { uploadPartsSessionSchema, uploadResultSchema } from "@contract/api/uploads";
import { JPEG_800X600, sampleBytes } from "../setup/upload-samples";
import { sessionCookie, sessionCookieFrom, visit } from "../setup/app";

// /images/uploads/parts/* and an upload's previews on the brand's origin: forwarded to the uploads worker as
// /images/upload is (the Origin check, owners named by the server, refusals translated). The storefront's uploads
// worker has small quotas, so the file here is one part (the last part may be small); several parts, resuming and
// the refusals at completion are workers/uploads/parts.test.ts.

const jpeg = () => sampleBytes(JPEG_800X600);
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { "content-type": "application/json" } });

describe("an upload in parts on the storefront", () => {
  it("starts for the visitor's session, takes its part, lists it, completes, and only that session reads the file", async () => {
    const started = await visit("/images/uploads/parts", {
      method: "POST",
      ...json({ name: "photo.jpg", size: jpeg().length }),
    });
    expect(started.status).toBe(201);
    expect(started.headers.get("cache-control")).toBe("private, no-store");
    const cookie = sessionCookieFrom(started)!;
    const session = uploadPartsSessionSchema.parse(await started.json());
    expect(session).toMatchObject({ partCount: 1, parts: [] });
    const part = await visit(`/images/uploads/parts/${session.id}/1`, {
      method: "PUT",
      cookie,
      body: jpeg() as Uint8Array<ArrayBuffer>,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(part.status).toBe(200);
    expect(
      uploadPartsSessionSchema.parse(await (await visit(`/images/uploads/parts/${session.id}`, { cookie })).json())
        .parts,
    ).toEqual([1]);
    // Another visitor finds no such upload.
    const stranger = (await sessionCookie()).cookie;
    expect((await visit(`/images/uploads/parts/${session.id}`, { cookie: stranger })).status).toBe(404);
    expect(
      (await visit(`/images/uploads/parts/${session.id}/complete`, { method: "POST", cookie: stranger })).status,
    ).toBe(404);
    const done = await visit(`/images/uploads/parts/${session.id}/complete`, { method: "POST", cookie });
    expect(done.status).toBe(201);
    const result = uploadResultSchema.parse(await done.json());
    expect(result).toMatchObject({ id: session.id, kind: "jpeg", width: 800, height: 600 });
    const original = await visit(result.url, { cookie });
    expect(original.status).toBe(200);
    expect((await visit(result.url, { cookie: stranger })).status).toBe(404);

    // Its previews: `<Picture>` names them like catalogue images; the owner only; a closed set of widths and formats.
    const preview = await visit(`${result.url}/320.webp`, { cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    expect(preview.headers.get("x-content-type-options")).toBe("nosniff");
    // As the upload itself is served (the storefront's session middleware has the last word on caching).
    expect(preview.headers.get("cache-control")).toBe(original.headers.get("cache-control"));
    expect((await visit(`${result.url}/320.webp`, { cookie: stranger })).status).toBe(404);
    for (const bad of ["321.webp", "320.svg", "320", "..%2F..%2Fupload"])
      expect((await visit(`${result.url}/${bad}`, { cookie })).status, bad).toBe(404);
  });

  it("refuses a call from another site, a wrong body or an unknown path, with the message in the page's language", async () => {
    const start = json({ name: "photo.jpg", size: 10 });
    expect(
      (
        await visit("/images/uploads/parts", {
          method: "POST",
          ...start,
          headers: { ...start.headers, origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    const form = await visit("/images/uploads/parts", {
      method: "POST",
      body: "size=10",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: { message: string } }).error.message).toBe(
      "No se ha podido enviar el archivo. Inténtalo de nuevo.",
    );
    const huge = await visit("/en/images/uploads/parts", { method: "POST", ...json({ size: 10 * 1024 ** 4 }) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      error: { code: "tooLarge", message: "This file is too large: files may be up to 200 MB." },
    });
    const unknown = await visit("/en/images/uploads/parts/up_AAAAAAAAAAAAAAAAAAAAAAAA", {});
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: "notFound", message: "This upload is no longer available. Please upload the file again." },
    });
    for (const [method, path] of [
      ["GET", "../upload"],
      ["PUT", "up_AAAAAAAAAAAAAAAAAAAAAAAA"],
      ["POST", "up_AAAAAAAAAAAAAAAAAAAAAAAA/1"],
      ["GET", "up_x/complete"],
    ] as const) {
      expect(
        (await visit(`/images/uploads/parts/${path}`, { method, body: method === "GET" ? undefined : "x" })).status,
        `${method} ${path}`,
      ).toBe(404);
    }
  });
});
