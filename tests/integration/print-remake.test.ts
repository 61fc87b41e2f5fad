import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { printStatusSchema, type PrintJob, type PrintStatus } from "@contract/api/print-files";
import { ownerKeyPrefix } from "@contract/api/uploads";
import { emptyDocument, type DesignElement } from "@contract/creator/document";
import { errorBodySchema } from "@contract/http/errors";
import { testEnv, visit } from "../setup/app";
import { JPEG_800X600, sampleBytes } from "../setup/upload-samples";
import { bookOf } from "../setup/photo-books";
import { TEST_SECRETS } from "../setup/secrets";

// An operator has a line's print file made again (POST /api/operator/prints/{order}/{line}/remake): the job it was
// made from goes back on the real queue as a remake, which the print-files worker makes even for a version it made
// already; the status says queued, then made or failed. Jobs are given to the print-files worker (POST /prints/jobs,
// which keeps each and queues its line), as placing an order does.

const operator = (path: string, { token = TEST_SECRETS.apiToken, method = "GET" } = {}) =>
  visit(`/api/operator/prints${path}`, { method, headers: { origin: "", authorization: `Bearer ${token}` } });
const remake = (order: string, line = 1, token?: string) =>
  operator(`/${order}/${line}/remake`, { method: "POST", token });

/** A placed line's job, kept and queued by the print-files worker as at placement. */
async function placed(job: PrintJob) {
  const answer = await testEnv.PRINT_FILES.fetch("https://print-files.internal/prints/jobs", {
    method: "POST",
    body: JSON.stringify(job),
    headers: { "content-type": "application/json" },
  });
  expect(answer.status).toBe(202);
}

/** The line's status once `done` holds for it (the queue's consumer is another worker: it takes a moment). */
async function statusWhen(
  order: string,
  done: (status: PrintStatus) => boolean,
  timeout = 15_000,
): Promise<PrintStatus> {
  let status: PrintStatus | null = null;
  await expect
    .poll(
      async () => {
        const answer = await operator(`/${order}/1/status`);
        status = answer.ok ? printStatusSchema.parse(await answer.json()) : null;
        return status !== null && done(status);
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
  return status!;
}

const photoId = `up_${"r".repeat(24)}`;
/** A 50x70 cm poster's job: a line of text and, if asked, a 5x3.75 cm photo (800 px: about 400 ppi). */
function posterJob(withPhoto: boolean): PrintJob {
  const order = `ES-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  const elements: DesignElement[] = [
    {
      id: "t1",
      kind: "text",
      ...{ x: 250, y: 600, width: 300, height: 40, rotation: 0 },
      ...{ text: "Otra vez, por favor", font: "roboto", sizePt: 48, colour: "#223344", align: "center" },
      ...{ bold: false, italic: false },
    },
  ];
  if (withPhoto)
    elements.push({
      id: "p1",
      kind: "photo",
      ...{ x: 250, y: 300, width: 50, height: 37.5, rotation: 0 },
      ...{ upload: { id: photoId, width: 800, height: 600 }, fit: "fill", zoom: 1, panX: 0.5, panY: 0.5 },
    });
  return {
    order,
    line: 1,
    design: "cd_RRRRRRRRRRRRRRRRRRRR",
    version: 3,
    kind: "poster",
    document: { ...emptyDocument(206, "50x70"), pages: [{ id: "p1", layout: null, elements }] },
  };
}

/** The order's copy of the photo, where the storefront keeps it at placement and the worker reads it. */
async function keepPhoto(order: string) {
  await testEnv.UPLOADS_BUCKET.put(`${await ownerKeyPrefix(`order:${order}`)}/${photoId}`, sampleBytes(JPEG_800X600), {
    httpMetadata: { contentType: "image/jpeg" },
    customMetadata: { kind: "jpeg", name: "playa.jpg", width: "800", height: "600" },
  });
}

async function servedPdf(order: string) {
  const answer = await operator(`/${order}/1`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  return PDFDocument.load(await answer.arrayBuffer());
}

describe("a placed line's job", () => {
  it("is made when its document is larger than a queue message holds (a 96-page book with captions)", async () => {
    // A cover and 96 inner pages, three captions of 480 characters each: over 128 KB, a queue message's most.
    const caption = (page: number, index: number): DesignElement => ({
      id: `t${page}x${index}`,
      kind: "text",
      ...{ x: 105, y: 40 + index * 60, width: 170, height: 50, rotation: 0 },
      ...{ text: `Página ${page}: ${"un verano junto al mar ".repeat(21)}`.slice(0, 480), font: "roboto" },
      ...{ sizePt: 9, colour: "#223344", align: "left", bold: false, italic: false },
    });
    const book = bookOf(96);
    const job: PrintJob = {
      order: `ES-${crypto.randomUUID().slice(0, 8).toUpperCase()}`,
      line: 1,
      design: "cd_BBBBBBBBBBBBBBBBBBBB",
      version: 1,
      kind: "photo-book",
      document: {
        ...book,
        pages: book.pages.map((page, index) => ({ ...page, elements: [0, 1, 2].map((row) => caption(index, row)) })),
      },
    };
    expect(JSON.stringify(job).length).toBeGreaterThan(128 * 1024);
    await placed(job);
    const made = await statusWhen(job.order, (status) => status.state !== "queued", 60_000);
    expect(made).toMatchObject({ state: "made", reason: null, pages: 97 });
    expect((await servedPdf(job.order)).getPageCount()).toBe(97);
  }, 90_000);
});

describe("an operator's remake of a print file", () => {
  it("makes a made file again for the same design version, the status queued then made, the new file served", async () => {
    const job = posterJob(false);
    await placed(job);
    const first = await statusWhen(job.order, (status) => status.state === "made");
    // The printer says the file it got is broken (here: the kept file damaged).
    await testEnv.UPLOADS_BUCKET.put(`prints/${job.order}/1.pdf`, "not a PDF any more");

    const asked = await remake(job.order);
    expect(asked.status).toBe(202);
    const queued = printStatusSchema.parse(await asked.json());
    expect(queued).toMatchObject({ state: "queued", design: job.design, version: 3, reason: null });
    expect(Date.parse(queued.madeAt)).toBeGreaterThanOrEqual(Date.parse(first.madeAt));
    const again = await statusWhen(job.order, (status) => status.state === "made" && status.madeAt !== first.madeAt);
    expect(again).toMatchObject({ version: 3, pages: 1 });
    expect(Date.parse(again.madeAt)).toBeGreaterThanOrEqual(Date.parse(queued.madeAt));
    expect((await servedPdf(job.order)).getPageCount()).toBe(1);
  });

  it("makes a refused file once its cause is fixed: a photo the order lacked, kept since", async () => {
    const job = posterJob(true);
    await placed(job);
    const refused = await statusWhen(job.order, (status) => status.state === "failed");
    expect(refused.reason).toContain(photoId);
    expect((await operator(`/${job.order}/1`)).status).toBe(409);

    await keepPhoto(job.order);
    expect((await remake(job.order)).status).toBe(202);
    const made = await statusWhen(job.order, (status) => status.state === "made");
    expect(made).toMatchObject({ reason: null, pages: 1 });
    const pdf = await servedPdf(job.order);
    expect(pdf.getPageCount()).toBe(1);
  });

  it("is refused while a remake is queued, and the file waits for it meanwhile", async () => {
    const job = posterJob(false);
    await placed(job);
    const made = await statusWhen(job.order, (status) => status.state === "made");
    // A remake asked a moment ago, which the queue has not reached yet.
    const queued = { ...made, state: "queued", madeAt: new Date().toISOString() };
    await testEnv.UPLOADS_BUCKET.put(`prints/${job.order}/1.json`, JSON.stringify(queued));
    const again = await remake(job.order);
    expect(again.status).toBe(409);
    expect(errorBodySchema.parse(await again.json()).error.message).toContain("already queued");
    const file = await operator(`/${job.order}/1`);
    expect(file.status).toBe(409);
    expect(errorBodySchema.parse(await file.json()).error.message).toContain("queued to be made again");
    // One queued long ago is taken as lost: it may be asked again.
    const lost = { ...queued, madeAt: new Date(Date.now() - 60 * 60 * 1000).toISOString() };
    await testEnv.UPLOADS_BUCKET.put(`prints/${job.order}/1.json`, JSON.stringify(lost));
    expect((await remake(job.order)).status).toBe(202);
    await statusWhen(job.order, (status) => status.state === "made");
  });
});

describe("the remake door", () => {
  it("does not exist without the operator's token, nor for an order or line with no print job", async () => {
    const job = posterJob(false);
    await placed(job);
    await statusWhen(job.order, (status) => status.state === "made");
    for (const token of ["", "wrong"]) expect((await remake(job.order, 1, token)).status).toBe(404);
    // Another line of the order (a mug bought without a design: no print job), an order that does not exist.
    for (const answer of [await remake(job.order, 2), await remake("ES-NOSUCH00")]) {
      expect(answer.status).toBe(404);
      expect(errorBodySchema.parse(await answer.json()).error.message).toBe("No print file for this line");
    }
  });

  it("answers a file made before jobs were kept with 409 and why", async () => {
    const order = `ES-${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
    const made = { order, line: 1, design: "cd_RRRRRRRRRRRRRRRRRRRR", version: 1, state: "made", reason: null };
    await testEnv.UPLOADS_BUCKET.put(
      `prints/${order}/1.json`,
      JSON.stringify({ ...made, pages: 1, bytes: 10, madeAt: new Date().toISOString(), tookMs: 1 }),
    );
    const answer = await remake(order);
    expect(answer.status).toBe(409);
    expect(errorBodySchema.parse(await answer.json()).error.message).toContain("cannot be made again");
  });

  it.each([
    ["a line of 0", "/ES-ABC/0/remake", "POST", [400, 404]],
    ["a line past any order's", "/ES-ABC/1000/remake", "POST", [404]],
    ["a line that is no number", "/ES-ABC/uno/remake", "POST", [404]],
    ["an order id of other characters", "/ES%20ABC%3B/1/remake", "POST", [404]],
    ["an order id far too long", `/${"A".repeat(300)}/1/remake`, "POST", [404]],
    ["something after remake", "/ES-ABC/1/remake/now", "POST", [404]],
  ])("refuses %s in the one error shape", async (_, path, method, statuses) => {
    const answer = await operator(path, { method });
    expect(statuses).toContain(answer.status);
    expect(errorBodySchema.safeParse(await answer.json()).success).toBe(true);
  });

  it.each([
    ["GET", "/ES-ABC/1/remake", "POST"],
    ["PUT", "/ES-ABC/1/remake", "POST"],
    ["DELETE", "/ES-ABC/1/remake", "POST"],
    ["POST", "/ES-ABC/1/status", "GET"],
    ["POST", "/ES-ABC/1", "GET"],
  ])("answers %s %s with 405 and Allow: %s", async (method, path, allow) => {
    const answer = await operator(path, { method });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe(allow);
    expect(errorBodySchema.safeParse(await answer.json()).success).toBe(true);
  });
});
