import { describe, expect, it } from "vitest";
import { uploadFactsSchema, uploadRefusalSchema } from "@contract/api/uploads";
import { containsText, photo, pngChunkTypes } from "@test-setup/photo-fixtures";
import {
  PART,
  bytesOf,
  get,
  owner,
  previewCorners,
  storedBytes,
  upload,
  uploaded,
  uploadedInParts,
} from "@test-setup/photo-uploads";

// A PNG's or WebP's EXIF orientation, as a JPEG's (decision 0047): kept in the stored file in an EXIF holding nothing
// else (a PNG's eXIf before its image data, a WebP's EXIF chunk), told in the answer, applied by the previews; GPS
// and the camera gone; a broken EXIF refused as corrupt. The files: tests/fixtures/photos/orientation-{3,6}.png and
// orientation-{6,8}.webp, four quarters 48 x 32 as seen, stored turned.

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A PNG's chunks: type, where the chunk starts, its data. */
function pngChunks(bytes: Uint8Array) {
  const chunks: { type: string; at: number; data: Uint8Array }[] = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + view(bytes).getUint32(at))
    chunks.push({
      type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)),
      at,
      data: bytes.subarray(at + 8, at + 8 + view(bytes).getUint32(at)),
    });
  return chunks;
}

/** A WebP's chunks after its RIFF header: type, where its data starts, its data. */
function webpChunks(bytes: Uint8Array) {
  const chunks: { type: string; at: number; data: Uint8Array }[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view(bytes).getUint32(at + 4, true);
    chunks.push({
      type: String.fromCharCode(...bytes.subarray(at, at + 4)),
      at: at + 8,
      data: bytes.subarray(at + 8, at + 8 + size),
    });
    at += 8 + size + (size & 1);
  }
  return chunks;
}

/** The orientation-only TIFF the worker writes: big-endian, IFD0 with one Orientation entry. */
const orientationOnly = (orientation: number) =>
  Uint8Array.of(0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0);

const FILES = [
  ["orientation-3.png", "png", 3],
  ["orientation-6.png", "png", 6],
  ["orientation-6.webp", "webp", 6],
  ["orientation-8.webp", "webp", 8],
] as const;

describe("a PNG's or WebP's EXIF orientation", () => {
  for (const [name, kind, orientation] of FILES)
    it(`keeps ${name}'s orientation alone in the stored file, tells it, and shows it upright`, async () => {
      const owners = owner();
      const file = photo(name);
      expect(containsText(file, "PhoneMaker")).toBe(true);
      const result = await uploaded(file, owners, name);
      expect(result).toMatchObject({ kind, width: 48, height: 32, orientation });
      const facts = uploadFactsSchema.parse(await (await get(`/images/uploads/${result.id}/facts`, owners)).json());
      expect(facts).toMatchObject({ width: 48, height: 32, orientation });

      const stored = await storedBytes(result.id);
      expect(result.bytes).toBe(stored.length);
      expect(await bytesOf(await get(`/images/uploads/${result.id}`, owners))).toEqual(stored);
      // The camera's make and the GPS IFD's rationals (40/1, 25/1) are gone.
      expect(containsText(stored, "PhoneMaker")).toBe(false);
      expect(containsText(stored, "\0\0\0\x28\0\0\0\x01\0\0\0\x19\0\0\0\x01")).toBe(false);
      if (kind === "png") {
        const types = pngChunkTypes(stored);
        expect(types.filter((type) => type === "eXIf")).toHaveLength(1);
        expect(types.indexOf("eXIf")).toBeLessThan(types.indexOf("IDAT"));
        expect(pngChunks(stored).find((chunk) => chunk.type === "eXIf")?.data).toEqual(orientationOnly(orientation));
      } else {
        const chunks = webpChunks(stored);
        expect(chunks.filter((chunk) => chunk.type === "EXIF").map((chunk) => chunk.data)).toEqual([
          orientationOnly(orientation),
        ]);
        expect(view(stored).getUint32(4, true)).toBe(stored.length - 8);
        // The extended header still announces the EXIF.
        expect(stored[20]! & 0x08).toBe(0x08);
      }

      // The preview (Cloudflare Images; miniflare's sharp) is upright: landscape, red, green, blue where they belong.
      const preview = await previewCorners(result.id, owners);
      expect(preview.size).toEqual([48, 32]);
      expect(preview.upright, `corners ${JSON.stringify(preview.corners)}`).toBe(true);
    });

  it("keeps a WebP's orientation when it comes in parts (the RIFF size the rewritten file's)", async () => {
    const owners = owner();
    const original = photo("orientation-6.webp");
    // The photo and what follows its RIFF end (dropped): two parts.
    const file = new Uint8Array(PART + 1_000);
    file.set(original);
    const result = await uploadedInParts(file, owners, "photo.webp");
    expect(result).toMatchObject({ kind: "webp", width: 48, height: 32, orientation: 6 });
    const stored = await storedBytes(result.id);
    expect(stored.length).toBeLessThan(original.length);
    expect(view(stored).getUint32(4, true)).toBe(stored.length - 8);
    expect(containsText(stored, "PhoneMaker")).toBe(false);
    expect((await previewCorners(result.id, owners)).upright).toBe(true);
  });

  it("ignores a PNG's eXIf after its image data, as Chromium and libvips do: the photo is seen as stored", async () => {
    const file = photo("orientation-6.png");
    const exif = pngChunks(file).find((chunk) => chunk.type === "eXIf")!;
    const length = exif.data.length + 12;
    const without = new Uint8Array([...file.subarray(0, exif.at), ...file.subarray(exif.at + length)]);
    const late = new Uint8Array([
      ...without.subarray(0, without.length - 12),
      ...file.subarray(exif.at, exif.at + length),
      ...without.subarray(without.length - 12),
    ]);
    const owners = owner();
    const result = await uploaded(late, owners, "late.png");
    expect(result).toMatchObject({ kind: "png", width: 32, height: 48, orientation: 1 });
    const stored = await storedBytes(result.id);
    expect(pngChunkTypes(stored)).not.toContain("eXIf");
    expect(containsText(stored, "PhoneMaker")).toBe(false);
  });
});

describe("a PNG's or WebP's broken EXIF", () => {
  const refused = async (bytes: Uint8Array, name: string) => {
    const answer = await upload(bytes, owner(), name);
    const body = uploadRefusalSchema.parse(await answer.json());
    return { status: answer.status, code: body.error.code };
  };

  for (const [name] of FILES.filter(([, , orientation]) => orientation === 6))
    it(`refuses ${name} whose EXIF points outside itself as corrupt`, async () => {
      const file = photo(name);
      const exif = (name.endsWith(".png") ? pngChunks(file) : webpChunks(file)).find(
        (chunk) => chunk.type.toUpperCase() === "EXIF",
      )!;
      // The TIFF header, after "Exif\0\0" where the writer put one; IFD0 at 0x7fff0000, far past the chunk's end.
      const tiff = (name.endsWith(".png") ? exif.at + 8 : exif.at) + (exif.data[0] === 0x45 ? 6 : 0);
      const absurd = file.slice();
      absurd.set([0x7f, 0xff, 0x00, 0x00], tiff + 4);
      expect(await refused(absurd, name)).toMatchObject({ status: 422, code: "corrupt" });
      // IFD0 with 65535 entries.
      const entries = file.slice();
      entries.set([0xff, 0xff], tiff + 8);
      expect(await refused(entries, name)).toMatchObject({ status: 422, code: "corrupt" });
    });

  it("refuses a PNG whose eXIf is larger than any EXIF (64 KiB) as corrupt, without holding it", async () => {
    const file = photo("orientation-6.png");
    const exif = pngChunks(file).find((chunk) => chunk.type === "eXIf")!;
    const huge = new Uint8Array(file.length + 70_000);
    huge.set(file.subarray(0, exif.at));
    const data = new Uint8Array(exif.data.length + 70_000);
    data.set(exif.data);
    const at = exif.at;
    view(huge).setUint32(at, data.length);
    huge.set(file.subarray(at + 4, at + 8), at + 4);
    huge.set(data, at + 8);
    // Its CRC is not checked before the size is: any four bytes.
    huge.set(file.subarray(exif.at + 12 + exif.data.length), at + 12 + data.length);
    expect(await refused(huge, "huge.png")).toMatchObject({ status: 422, code: "corrupt" });
  });
});
