import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { printStatusSchema, type PrintJob } from "@contract/api/print-files";
import { emptyDocument } from "@contract/creator/document";
import { testEnv } from "@test-setup/app";
import { photo } from "@test-setup/photo-fixtures";
import { owner, previewCorners, uploaded } from "@test-setup/photo-uploads";

// A phone photo that is no JPEG, turned by its EXIF (a PNG's eXIf, a WebP's EXIF chunk), in the print file: sent
// through the real uploads worker (which keeps its orientation), kept for the order, made a JPEG by the Images binding
// (miniflare's sharp) and drawn upright. The PDF's image is read back through the uploads worker's own preview.

const print = (path: string, init?: RequestInit) =>
  testEnv.PRINT_FILES.fetch(`https://print-files.internal${path}`, init);

/** `name` uploaded as a visitor and kept for a new order, as the storefront does when the order is placed. */
async function orderedPhoto(name: string) {
  const owners = owner();
  const result = await uploaded(photo(name), owners, name);
  const order = `ES-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const kept = await testEnv.UPLOADS_ROOMY.fetch(`https://uploads.internal/images/uploads/${result.id}/keep`, {
    method: "POST",
    headers: { "x-upload-owners": owners },
    body: new URLSearchParams({ order }),
  });
  expect(kept.status).toBe(200);
  return { order, result };
}

/** A poster with the photo alone, unrotated, in a 12 x 8 mm frame (its 48 x 32 pixels at 101 ppi). */
function job(order: string, upload: { id: string; width: number; height: number }): PrintJob {
  return {
    order,
    line: 1,
    design: "cd_AAAAAAAAAAAAAAAAAAAA",
    version: 1,
    kind: "poster",
    document: {
      ...emptyDocument(206, "50x70"),
      pages: [
        {
          id: "p1",
          layout: null,
          elements: [
            {
              id: "e1",
              kind: "photo",
              x: 250,
              y: 350,
              width: 12,
              height: 8,
              rotation: 0,
              upload,
              fit: "fill",
              zoom: 1,
              panX: 0.5,
              panY: 0.5,
            },
          ],
        },
      ],
    },
  };
}

describe("a PNG or WebP photo turned by its EXIF, in the print file", () => {
  for (const name of ["orientation-6.png", "orientation-3.png", "orientation-8.webp"])
    it(`draws ${name} upright`, async () => {
      const { order, result } = await orderedPhoto(name);
      expect(result).toMatchObject({ width: 48, height: 32 });
      const made = await print("/prints", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(job(order, { id: result.id, width: result.width!, height: result.height! })),
      });
      expect(made.status).toBe(201);
      expect(printStatusSchema.parse(await made.json())).toMatchObject({ state: "made" });
      const bytes = new Uint8Array(await (await print(`/prints/${order}/1`)).arrayBuffer());
      const pdf = await PDFDocument.load(bytes);
      const [image] = pdf.context
        .enumerateIndirectObjects()
        .map(([, object]) => object)
        .filter(
          (object): object is PDFRawStream =>
            object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
        );
      // The embedded JPEG is the photo as seen, 48 x 32, drawn without a turn: the matrix scales only.
      expect([String(image!.dict.get(PDFName.of("Width"))), String(image!.dict.get(PDFName.of("Height")))]).toEqual([
        "48",
        "32",
      ]);
      const content = new TextDecoder("latin1").decode(bytes);
      const drawn = /re W n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ cm \/P1 Do/.exec(content);
      expect(drawn).not.toBeNull();
      const [a, b, c, d] = drawn!.slice(1).map(Number);
      expect([b, c]).toEqual([0, 0]);
      expect(a).toBeCloseTo(12, 1);
      expect(Math.abs(d!)).toBeCloseTo(8, 1);

      // Its pixels, read back through the uploads worker's preview: red top left, green top right, blue bottom left.
      const owners = owner();
      const embedded = await uploaded(image!.contents, owners, "embedded.jpg");
      const corners = await previewCorners(embedded.id, owners);
      expect(corners.size).toEqual([48, 32]);
      expect(corners.upright, JSON.stringify(corners.corners)).toBe(true);
    });
});
