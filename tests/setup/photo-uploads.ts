import { expect } from "vitest";
import { uploadResultSchema } from "@contract/api/uploads";
import { testEnv } from "@test-setup/app";
import { pngPixels } from "@test-setup/photo-fixtures";

// Phone photos sent to the real uploads worker (the roomy one, which also takes uploads in parts) as the tests of
// workers/uploads and workers/print-files send them, and what they read back: the stored file, a preview's colours.

export const owner = () => `session:${crypto.randomUUID()}`;

export function upload(bytes: Uint8Array, owners: string, name = "IMG_0001.jpg") {
  const form = new FormData();
  form.set("img", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return testEnv.UPLOADS_ROOMY.fetch("https://uploads.internal/images/upload", {
    method: "POST",
    headers: { "x-upload-owners": owners },
    body: form,
  });
}
export const get = (path: string, owners: string) =>
  testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal${path}`, { headers: { "x-upload-owners": owners } });
export const bytesOf = async (answer: Response) => new Uint8Array(await answer.arrayBuffer());

export async function uploaded(bytes: Uint8Array, owners: string, name?: string) {
  const answer = await upload(bytes, owners, name);
  expect(answer.status).toBe(201);
  return uploadResultSchema.parse(await answer.json());
}

/** The part size of an upload in parts (R2's smallest). */
export const PART = 5 * 1024 * 1024;

/** An upload in parts of `file`, one part per PART bytes, completed: the worker's answer. */
export async function uploadedInParts(file: Uint8Array, owners: string, name: string) {
  const call = (path: string, init: RequestInit) =>
    testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/parts${path}`, {
      ...init,
      headers: { "x-upload-owners": owners, ...(init.headers as Record<string, string>) },
    });
  const session = (await (
    await call("", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, size: file.length }),
    })
  ).json()) as { id: string };
  for (let part = 1; (part - 1) * PART < file.length; part++)
    expect(
      (
        await call(`/${session.id}/${part}`, {
          method: "PUT",
          headers: { "content-type": "application/octet-stream" },
          body: file.subarray((part - 1) * PART, part * PART) as Uint8Array<ArrayBuffer>,
        })
      ).status,
    ).toBe(200);
  const done = await call(`/${session.id}/complete`, { method: "POST" });
  expect(done.status).toBe(201);
  return uploadResultSchema.parse(await done.json());
}

/** The file as stored in R2 (not as served: both are checked). */
export const storedBytes = async (id: string) => {
  const listed = await testEnv.UPLOADS_BUCKET.list({ prefix: "owners/", limit: 1000 });
  const key = listed.objects.find((object) => object.key.endsWith(`/${id}`))?.key;
  const object = key ? await testEnv.UPLOADS_BUCKET.get(key) : null;
  if (!object) throw new Error(`${id} not stored`);
  return new Uint8Array(await object.arrayBuffer());
};

export const red = ([r, g, b]: number[]) => r! > 170 && g! < 70 && b! < 70;
export const green = ([r, g, b]: number[]) => r! < 70 && g! > 150 && b! < 70;
export const blue = ([r, g, b]: number[]) => r! < 70 && g! < 70 && b! > 170;

/**
 * The photo of tests/fixtures/photos/ (four quarters, 48 x 32 as seen) as a PNG preview of `id` shows it: its size and
 * whether red, green and blue are where an upright picture has them (top left, top right, bottom left).
 */
export async function previewCorners(id: string, owners: string) {
  const preview = await get(`/images/uploads/${id}?w=320&format=png`, owners);
  expect(preview.status).toBe(200);
  const pixels = await pngPixels(await bytesOf(preview));
  return {
    size: [pixels.width, pixels.height],
    upright: red(pixels.at(3, 3)) && green(pixels.at(pixels.width - 4, 3)) && blue(pixels.at(3, pixels.height - 4)),
    corners: [pixels.at(3, 3), pixels.at(pixels.width - 4, 3), pixels.at(3, pixels.height - 4)],
  };
}
