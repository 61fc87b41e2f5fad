import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { MAX_PRINT_JOB_BYTES, printStatusSchema, type PrintJob } from "@contract/api/print-files";
import { ownerKeyPrefix } from "@contract/api/uploads";
import { emptyDocument, type DesignElement } from "@contract/creator/document";
import { errorBodySchema } from "@contract/http/errors";
import { testEnv } from "@test-setup/app";
import { concat, JPEG_800X600, sampleBytes } from "@test-setup/upload-samples";

// The print-files worker behind the storefront's service binding, on the real R2 bucket the uploads worker writes:
// it reads an order's copies of its photos and keeps the PDF beside them.

const MM = 72 / 25.4;
const print = (path: string, init?: RequestInit) =>
  testEnv.PRINT_FILES.fetch(`https://print-files.internal${path}`, init);
const make = (job: PrintJob) =>
  print("/prints", { method: "POST", body: JSON.stringify(job), headers: { "content-type": "application/json" } });

/** A JPEG turned by EXIF: the sample with an APP1 segment whose orientation is `orientation`, right after its SOI. */
function withOrientation(jpeg: Uint8Array, orientation: number) {
  // biome-ignore format: the segment's bytes, field by field
  const app1 = Uint8Array.of(
    0xff, 0xe1, 0, 34,
    0x45, 0x78, 0x69, 0x66, 0, 0,
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8,
    0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0,
    0, 0, 0, 0,
  );
  return concat(jpeg.subarray(0, 2), app1, jpeg.subarray(2));
}

/** The sample with a colour profile: an APP2 "ICC_PROFILE" segment (one of one) holding `profile`. */
function withProfile(jpeg: Uint8Array, profile: Uint8Array) {
  const body = concat(new TextEncoder().encode("ICC_PROFILE\0"), Uint8Array.of(1, 1), profile);
  const length = body.byteLength + 2;
  return concat(jpeg.subarray(0, 2), Uint8Array.of(0xff, 0xe2, length >> 8, length & 255), body, jpeg.subarray(2));
}

/** An order with its copies of `photos` in the uploads bucket, as the uploads worker keeps them. */
async function orderWith(photos: Record<string, { bytes: Uint8Array; name: string }>) {
  const order = `ES-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const prefix = await ownerKeyPrefix(`order:${order}`);
  for (const [id, photo] of Object.entries(photos))
    await testEnv.UPLOADS_BUCKET.put(`${prefix}/${id}`, photo.bytes, {
      httpMetadata: { contentType: "image/jpeg" },
      customMetadata: { kind: "jpeg", name: photo.name, width: "800", height: "600" },
    });
  return order;
}

const photoId = (letter: string) => `up_${letter.repeat(24)}`;

/** A 50 x 70 cm poster: a full-bleed photo turned by its EXIF, a text in Roboto with Polish letters, artwork. */
function posterJob(order: string, elements: DesignElement[], line = 1): PrintJob {
  return {
    order,
    line,
    design: "cd_AAAAAAAAAAAAAAAAAAAA",
    version: 1,
    kind: "poster",
    document: { ...emptyDocument(206, "50x70"), background: "#fafafa", pages: [{ id: "p1", layout: null, elements }] },
  };
}

const photo = (upload: { id: string; width: number; height: number }, box = { width: 200, height: 260 }) =>
  ({
    id: "p1",
    kind: "photo",
    x: 250,
    y: 300,
    ...box,
    rotation: 10,
    upload,
    fit: "fill",
    zoom: 1.2,
    panX: 0.5,
    panY: 0,
  }) as const;
const text = {
  id: "t1",
  kind: "text",
  x: 250,
  y: 600,
  width: 300,
  height: 40,
  rotation: 0,
  text: "Łódź, lato 2026",
  font: "roboto",
  sizePt: 48,
  colour: "#223344",
  align: "center",
  bold: false,
  italic: true,
} as const;
const art = {
  id: "a1",
  kind: "art",
  x: 250,
  y: 120,
  width: 150,
  height: 150,
  rotation: 0,
  src: "/images/designs/anniversary.svg",
} as const;

const box = (values: number[]) => values.map((value) => Math.round(value * 10) / 10);

describe("a design's print file", () => {
  it("is a PDF of the template's pages and boxes, with the photo's own JPEG turned by its EXIF and the font embedded", async () => {
    const original = withOrientation(sampleBytes(JPEG_800X600), 6);
    const order = await orderWith({ [photoId("a")]: { bytes: original, name: "IMG_0042.jpg" } });
    const made = await make(
      posterJob(order, [photo({ id: photoId("a"), width: 600, height: 800 }, { width: 60, height: 80 }), text, art]),
    );
    expect(made.status).toBe(201);
    expect(printStatusSchema.parse(await made.json())).toMatchObject({ state: "made", pages: 1, reason: null });

    const answer = await print(`/prints/${order}/1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const page = pdf.getPage(0);
    // Trim 500 x 700 mm, bleed 3 mm round it, crop marks in a 10 mm slug beyond (posters want them).
    const trim = page.getTrimBox();
    const bleed = page.getBleedBox();
    const media = page.getMediaBox();
    expect(box([trim.width, trim.height])).toEqual(box([500 * MM, 700 * MM]));
    expect(box([bleed.width, bleed.height])).toEqual(box([506 * MM, 706 * MM]));
    expect(box([bleed.x - media.x, trim.x - bleed.x])).toEqual(box([10 * MM, 3 * MM]));
    expect(box([media.width, media.height])).toEqual(box([526 * MM, 726 * MM]));

    // The photo is the upload's very bytes, as DCTDecode, at its own 800 x 600 pixels.
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(1);
    expect(images[0]!.dict.get(PDFName.of("Filter"))).toBe(PDFName.of("DCTDecode"));
    expect(images[0]!.contents).toEqual(original);
    expect(String(images[0]!.dict.get(PDFName.of("Width")))).toBe("800");

    // Drawn turned a quarter clockwise (EXIF 6): the image's x axis runs down the page, its y axis across.
    const content = new TextDecoder("latin1").decode(bytes);
    const drawn = /re W n ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) [-\d.]+ [-\d.]+ cm \/P1 Do/.exec(content);
    expect(drawn).not.toBeNull();
    const [a, b, c, d] = drawn!.slice(1).map(Number);
    expect([a, d]).toEqual([0, 0]);
    expect(b).toBeGreaterThan(0);
    expect(c).toBeGreaterThan(0);
    // Shown 600 x 800 filling the 60 x 80 mm frame, zoomed 1.2: 72 mm across, 96 mm down.
    expect(c).toBeCloseTo(72, 1);
    expect(b).toBeCloseTo(96, 1);

    // Text stays text: Roboto Italic embedded whole (FontFile2) as a Type0 font, Łódź from the Latin Extended file.
    expect(content).toContain("/Subtype /Type0");
    expect(content.match(/\/FontFile2 \d+ 0 R/g)?.length).toBeGreaterThanOrEqual(2);
    expect(content).toMatch(/\/BaseFont \/Roboto-Italic/);
    // The artwork as vector paths (its 400 x 400 viewBox fitted into 150 mm), with its opacities.
    expect(content).toMatch(/\/O500 << \/ca 0.5 \/CA 0.5 >>/);
  });

  it("is made once per design version: the same version again is not made again", async () => {
    const order = await orderWith({ [photoId("b")]: { bytes: sampleBytes(JPEG_800X600), name: "b.jpg" } });
    const job = posterJob(order, [photo({ id: photoId("b"), width: 800, height: 600 }, { width: 60, height: 45 })]);
    const first = printStatusSchema.parse(await (await make(job)).json());
    const again = printStatusSchema.parse(await (await make(job)).json());
    expect(again.madeAt).toBe(first.madeAt);
    const next = printStatusSchema.parse(await (await make({ ...job, version: 2 })).json());
    expect(next).toMatchObject({ state: "made", version: 2 });
    expect(next.madeAt).not.toBe(first.madeAt);
  });

  it("keeps the photo's colour profile as the image's colour space", async () => {
    const profile = new TextEncoder().encode("a stand-in ICC profile, 48 bytes long, for tests");
    const order = await orderWith({
      [photoId("e")]: { bytes: withProfile(sampleBytes(JPEG_800X600), profile), name: "e.jpg" },
    });
    const job = posterJob(order, [photo({ id: photoId("e"), width: 800, height: 600 }, { width: 60, height: 45 })]);
    expect((await make(job)).status).toBe(201);
    const content = new TextDecoder("latin1").decode(await (await print(`/prints/${order}/1`)).arrayBuffer());
    const icc = /(\d+) 0 obj\n<< \/N 3 \/Alternate \/DeviceRGB \/Length 48 >>\nstream\na stand-in ICC profile/.exec(
      content,
    );
    expect(icc).not.toBeNull();
    expect(content).toContain(`/ColorSpace [/ICCBased ${icc![1]} 0 R]`);
  });

  it("is not kept when its own photo is below the minimum resolution as placed, and the line says why", async () => {
    // The document claims 8000 x 6000 pixels; the file has 800 x 600, 41 ppi across a 500 mm frame.
    const order = await orderWith({ [photoId("c")]: { bytes: sampleBytes(JPEG_800X600), name: "IMG_0043.jpg" } });
    const job = posterJob(order, [
      { ...photo({ id: photoId("c"), width: 8000, height: 6000 }, { width: 500, height: 375 }), rotation: 0 },
    ]);
    const refused = await make(job);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      state: "failed",
      reason: expect.stringMatching(/^Page 1: the photo 'IMG_0043.jpg' is \d\d ppi/),
    });
    const download = await print(`/prints/${order}/1`);
    expect(download.status).toBe(409);
    expect(errorBodySchema.parse(await download.json()).error.message).toContain("IMG_0043.jpg");
    // No PDF: the line's status and the job it came from (kept for a remake).
    expect((await testEnv.UPLOADS_BUCKET.list({ prefix: `prints/${order}/` })).objects.map((o) => o.key)).toEqual([
      `prints/${order}/1.job.json`,
      `prints/${order}/1.json`,
    ]);
  });

  it("refuses a photo the order does not have, naming it", async () => {
    const order = await orderWith({});
    const answer = await make(posterJob(order, [photo({ id: photoId("d"), width: 800, height: 600 })]));
    expect(answer.status).toBe(422);
    expect((await answer.json()) as { reason: string }).toMatchObject({
      reason: expect.stringContaining(photoId("d")),
    });
  });
});

describe("the print-files worker's edge", () => {
  it.each(
    ["/prints", "/prints/jobs"].flatMap((path) =>
      (
        [
          ["no JSON", { body: "order=1", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415],
          ["broken JSON", { body: "{", headers: { "content-type": "application/json" } }, 400],
          [
            "not a job",
            { body: JSON.stringify({ order: "../../x", line: -1 }), headers: { "content-type": "application/json" } },
            400,
          ],
          [
            "an absurd document",
            {
              body: JSON.stringify({
                ...posterJob("ES-1", []),
                document: { ...emptyDocument(206, "50x70"), elements: [{ kind: "photo", width: 1e12 }] },
              }),
              headers: { "content-type": "application/json" },
            },
            400,
          ],
          [
            "a huge body",
            { body: "x".repeat(MAX_PRINT_JOB_BYTES + 1), headers: { "content-type": "application/json" } },
            413,
          ],
        ] as const
      ).map(([what, init, status]) => [path, what, init, status] as const),
    ),
  )("answers POST %s %s with a 4xx in the one error shape", async (path, _, init, status) => {
    const answer = await print(path, { method: "POST", ...init });
    expect(answer.status).toBe(status);
    expect(errorBodySchema.safeParse(await answer.json()).success).toBe(true);
  });

  it.each([
    ["/prints/ES-1/0", 400],
    ["/prints/ES-1/abc/status", 400],
    ["/prints/ES%201/1", 400],
    ["/prints/ES-NOTHING/1", 404],
    ["/prints/ES-NOTHING/1/status", 404],
    ["/nothing", 404],
  ])("answers GET %s with %i in the one error shape", async (path, status) => {
    const answer = await print(path);
    expect(answer.status).toBe(status);
    expect(errorBodySchema.safeParse(await answer.json()).success).toBe(true);
  });

  it("answers a wrong method with 405 and Allow", async () => {
    const answer = await print("/prints", { method: "DELETE" });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toContain("POST");
  });
});
