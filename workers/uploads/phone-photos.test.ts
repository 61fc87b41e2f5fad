import { describe, expect, it } from "vitest";
import { uploadFactsSchema, uploadRefusalSchema } from "@contract/api/uploads";
import { testEnv } from "@test-setup/app";
import { containsText, jpegSegments, photo, pngChunkTypes, pngPixels } from "@test-setup/photo-fixtures";
import {
  PART,
  blue,
  bytesOf,
  get,
  green,
  owner,
  red,
  storedBytes,
  upload,
  uploaded,
  uploadedInParts,
} from "@test-setup/photo-uploads";

// Phone photos through the real uploads worker, R2 and Images binding, with the real files of tests/fixtures/photos/:
// each of EXIF's eight orientations is shown upright in the previews, and the orientation is told to whoever reads
// the stored file without EXIF (a PDF writer); GPS, EXIF, XMP, IPTC, comments, text chunks and trailers are not
// stored nor served, the colour profile is (decision 0047).

const EXIF_ORIENTATION_ONLY = 32;

describe("phone photos' orientation", () => {
  for (let orientation = 1; orientation <= 8; orientation++)
    it(`shows a photo of orientation ${orientation} upright in its previews and says how it is stored`, async () => {
      const owners = owner();
      const file = photo(`orientation-${orientation}.jpg`);
      const result = await uploaded(file, owners);
      // As seen: 48 x 32 whatever the stored grid (32 x 48 for 5 to 8).
      expect(result).toMatchObject({ kind: "jpeg", width: 48, height: 32, orientation });
      const facts = uploadFactsSchema.parse(await (await get(`/images/uploads/${result.id}/facts`, owners)).json());
      expect(facts).toMatchObject({ width: 48, height: 32, orientation });

      // The stored JPEG keeps the orientation and nothing else of its EXIF (the camera's make is gone).
      const stored = await storedBytes(result.id);
      const exif = jpegSegments(stored).filter((segment) => segment.marker === 0xe1);
      if (orientation === 1) expect(exif).toHaveLength(0);
      else {
        expect(exif).toHaveLength(1);
        expect(exif[0]!.data.length).toBe(EXIF_ORIENTATION_ONLY);
        expect(exif[0]!.data[EXIF_ORIENTATION_ONLY - 7]).toBe(orientation);
      }
      expect(containsText(stored, "PhoneMaker")).toBe(false);
      expect(await bytesOf(await get(`/images/uploads/${result.id}`, owners))).toEqual(stored);

      // The preview (Cloudflare Images; sharp locally) is upright: landscape, red top left, green top right, blue
      // bottom left.
      const preview = await get(`/images/uploads/${result.id}?w=320&format=png`, owners);
      expect(preview.status).toBe(200);
      const pixels = await pngPixels(await bytesOf(preview));
      expect([pixels.width, pixels.height]).toEqual([48, 32]);
      expect(red(pixels.at(3, 3)), `top left ${pixels.at(3, 3)}`).toBe(true);
      expect(green(pixels.at(44, 3)), `top right ${pixels.at(44, 3)}`).toBe(true);
      expect(blue(pixels.at(3, 28)), `bottom left ${pixels.at(3, 28)}`).toBe(true);
    });
});

describe("an order's copy of a phone photo", () => {
  it("tells a print writer its orientation and seen size, read as the order, and holds no GPS", async () => {
    const owners = owner();
    const { id } = await uploaded(photo("gps.jpg"), owners);
    const order = `T${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    const kept = await testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/${id}/keep`, {
      method: "POST",
      headers: { "x-upload-owners": owners },
      body: new URLSearchParams({ order }),
    });
    expect(kept.status).toBe(200);
    const asOrder = `order:${order}`;
    const facts = uploadFactsSchema.parse(await (await get(`/images/uploads/${id}/facts`, asOrder)).json());
    expect(facts).toMatchObject({ kind: "jpeg", width: 48, height: 64, orientation: 6 });
    const copy = await bytesOf(await get(`/images/uploads/${id}`, asOrder));
    expect(containsText(copy, "GPSLatitude") || containsText(copy, "PhoneMaker")).toBe(false);
    // Anyone else still finds nothing.
    expect((await get(`/images/uploads/${id}/facts`, owner())).status).toBe(404);
  });
});

describe("phone photos' metadata", () => {
  it("stores and serves a JPEG without its GPS, EXIF, XMP, IPTC, comment or trailer, with its colour profile", async () => {
    const owners = owner();
    const file = photo("gps.jpg");
    const iccOf = (bytes: Uint8Array) =>
      jpegSegments(bytes).find((segment) => segment.marker === 0xe2 && containsText(segment.data, "ICC_PROFILE"));
    expect(containsText(file, "GPSLatitude") && containsText(file, "Madrid") && iccOf(file)).toBeTruthy();

    const result = await uploaded(file, owners);
    // Orientation 6: stored 64 x 48, seen 48 x 64.
    expect(result).toMatchObject({ width: 48, height: 64, orientation: 6 });
    const stored = await storedBytes(result.id);
    expect(result.bytes).toBe(stored.length);
    const served = await bytesOf(await get(`/images/uploads/${result.id}`, owners));
    expect(served).toEqual(stored);
    const markers = jpegSegments(stored).map((segment) => segment.marker);
    // APP1 only the orientation's; no APP13 (IPTC), no comment; the profile byte for byte.
    expect(markers.filter((marker) => marker === 0xe1)).toHaveLength(1);
    expect(markers).not.toContain(0xed);
    expect(markers).not.toContain(0xfe);
    expect(iccOf(stored)?.data).toEqual(iccOf(file)?.data);
    for (const text of [
      "PhoneMaker",
      "GPSLatitude",
      "Madrid",
      "Our home",
      "Photoshop",
      "xap/1.0",
      "TRAILER",
      "Taken at",
    ])
      expect(containsText(stored, text), text).toBe(false);
    // The GPS IFD's rationals (40/1, 25/1) are gone too.
    expect(containsText(stored, "\0\0\0\x28\0\0\0\x01\0\0\0\x19\0\0\0\x01")).toBe(false);
    // It ends at its image's end.
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect((await get(`/images/uploads/${result.id}?w=320&format=jpg`, owners)).status).toBe(200);
  });

  it("stores a PNG without its text, XMP and EXIF chunks, with its colour profile", async () => {
    const owners = owner();
    const file = photo("gps.png");
    expect(pngChunkTypes(file)).toEqual(expect.arrayContaining(["iCCP", "tEXt", "iTXt", "eXIf"]));
    const result = await uploaded(file, owners, "photo.png");
    const stored = await storedBytes(result.id);
    expect(pngChunkTypes(stored)).toContain("iCCP");
    expect(pngChunkTypes(stored).filter((type) => ["tEXt", "iTXt", "zTXt", "eXIf"].includes(type))).toEqual([]);
    for (const text of ["PhoneMaker", "GPSLatitude", "Taken at"]) expect(containsText(stored, text), text).toBe(false);
    expect(await bytesOf(await get(`/images/uploads/${result.id}`, owners))).toEqual(stored);
    const pixels = await pngPixels(await bytesOf(await get(`/images/uploads/${result.id}?w=320&format=png`, owners)));
    expect(red(pixels.at(3, 3))).toBe(true);
  });

  it("stores a WebP without its XMP chunk nor its EXIF but the orientation (and says so in its header), with its colour profile", async () => {
    const owners = owner();
    const file = photo("gps.webp");
    const chunks = (bytes: Uint8Array) => {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const types: string[] = [];
      for (
        let at = 12;
        at + 8 <= bytes.length;
        at += 8 + view.getUint32(at + 4, true) + (view.getUint32(at + 4, true) & 1)
      )
        types.push(String.fromCharCode(...bytes.subarray(at, at + 4)));
      return { types, riffSize: view.getUint32(4, true), flags: bytes[20]! };
    };
    expect(chunks(file).types).toEqual(expect.arrayContaining(["ICCP", "EXIF", "XMP "]));
    const result = await uploaded(file, owners, "photo.webp");
    const stored = await storedBytes(result.id);
    const after = chunks(stored);
    expect(after.types).toContain("ICCP");
    expect(after.types).not.toContain("XMP ");
    // Its EXIF holds nothing but the orientation (none here: 1), and the header announces it, not the XMP.
    expect(after.types).toContain("EXIF");
    expect(after.riffSize).toBe(stored.length - 8);
    expect(after.flags & 0x0c).toBe(0x08);
    expect(containsText(stored, "PhoneMaker")).toBe(false);
    expect((await get(`/images/uploads/${result.id}?w=320&format=png`, owners)).status).toBe(200);
  });

  it("stores an AVIF with its EXIF and XMP items zeroed where they lie, still readable", async () => {
    const owners = owner();
    const file = photo("gps.avif");
    expect(containsText(file, "PhoneMaker") && containsText(file, "GPSLatitude")).toBe(true);
    const result = await uploaded(file, owners, "photo.avif");
    const stored = await storedBytes(result.id);
    expect(stored.length).toBe(file.length);
    for (const text of ["PhoneMaker", "GPSLatitude"]) expect(containsText(stored, text), text).toBe(false);
    const pixels = await pngPixels(await bytesOf(await get(`/images/uploads/${result.id}?w=320&format=png`, owners)));
    expect([pixels.width, pixels.height]).toEqual([64, 48]);
    expect(red(pixels.at(3, 3))).toBe(true);
  });

  it("strips a photo that came in parts, as it moves into place (its trailer too)", async () => {
    const owners = owner();
    const original = photo("gps.jpg");
    // The photo and a 6 MB trailer (a motion photo's video): two parts.
    const file = new Uint8Array(PART + 1_000_000);
    file.set(original);
    const result = await uploadedInParts(file, owners, "IMG_0002.jpg");
    const stored = await storedBytes(result.id);
    expect(result).toMatchObject({ width: 48, height: 64, orientation: 6, bytes: stored.length });
    expect(stored.length).toBeLessThan(original.length);
    for (const text of ["PhoneMaker", "GPSLatitude", "Madrid", "TRAILER"])
      expect(containsText(stored, text)).toBe(false);
    expect(await bytesOf(await get(`/images/uploads/${result.id}`, owners))).toEqual(stored);
  });
  it("strips an AVIF that came in parts: its EXIF and XMP items zeroed as it moves into place, still readable", async () => {
    const owners = owner();
    const original = photo("gps.avif");
    // The photo and a top-level `free` box after it (a box any reader skips), past one part: two parts.
    const file = new Uint8Array(PART + 1_000_000);
    file.set(original);
    const padding = file.length - original.length;
    new DataView(file.buffer).setUint32(original.length, padding);
    file.set(new TextEncoder().encode("free"), original.length + 4);
    const result = await uploadedInParts(file, owners, "photo.avif");
    const stored = await storedBytes(result.id);
    expect(stored.length).toBe(file.length);
    for (const text of ["PhoneMaker", "GPSLatitude"]) expect(containsText(stored, text), text).toBe(false);
    const pixels = await pngPixels(await bytesOf(await get(`/images/uploads/${result.id}?w=320&format=png`, owners)));
    expect([pixels.width, pixels.height]).toEqual([64, 48]);
  });
});

describe("a HEIC", () => {
  it("is taken as it comes when posted to the worker (the creator sends it as a JPEG)", async () => {
    const owners = owner();
    const result = await uploaded(photo("phone.heic"), owners, "IMG_0007.HEIC");
    expect(result).toMatchObject({ kind: "heic", width: 320, height: 240, orientation: 1 });
    expect(await storedBytes(result.id)).toEqual(photo("phone.heic"));
  });
});

describe("hostile photos", () => {
  const refused = async (bytes: Uint8Array, name: string) => {
    const owners = owner();
    const answer = await upload(bytes, owners, name);
    const body = uploadRefusalSchema.parse(await answer.json());
    return { status: answer.status, code: body.error.code };
  };

  it("refuses a JPEG cut inside its EXIF, one whose EXIF points outside itself, and a HEIC that is no HEIC", async () => {
    const file = photo("orientation-6.jpg");
    const app1 = jpegSegments(file).find((segment) => segment.marker === 0xe1)!;
    const cut = file.slice(0, app1.data.byteOffset + 20);
    expect(await refused(cut, "IMG_1.jpg")).toMatchObject({ status: 422, code: "truncated" });

    // IFD0 at 0x7fff0000: far past the segment's end.
    const absurd = file.slice();
    absurd.set([0x7f, 0xff, 0x00, 0x00], app1.data.byteOffset + 10);
    expect(await refused(absurd, "IMG_2.jpg")).toMatchObject({ status: 422, code: "corrupt" });
    // IFD0 with 65535 entries in a 32-byte segment.
    const entries = file.slice();
    entries.set([0xff, 0xff], app1.data.byteOffset + 14);
    expect(await refused(entries, "IMG_3.jpg")).toMatchObject({ status: 422, code: "corrupt" });

    const text = new TextEncoder().encode("<html><body>not a photo</body></html>");
    expect(await refused(text, "IMG_4.HEIC")).toMatchObject({ status: 422, code: "unsupported" });
    // An ftyp box that says HEIC, then nothing a HEIC has.
    const fakeHeic = new Uint8Array(64);
    fakeHeic.set([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypheic"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mif1heic"),
    ]);
    expect((await refused(fakeHeic, "IMG_5.HEIC")).status).toBe(422);
    // JPEG's magic bytes and then noise.
    const noise = Uint8Array.from({ length: 200 }, (_, index) =>
      index < 3 ? [0xff, 0xd8, 0xff][index]! : (index * 37) & 0xff,
    );
    expect((await refused(noise, "IMG_6.jpg")).status).toBe(422);
  });
});
