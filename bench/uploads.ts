// The bench's upload item: a 20 MB photo (a JPEG of 5200 x 3900 pixels of noise, made with sharp, so it compresses as
// little as a real photo's detail) sent through the local workers (vite preview: app worker, uploads worker, local R2)
// as the browser sends it: once in a single request to /images/upload, once in parts of 8 MiB, three at a time, to
// /images/uploads/parts (start, parts, complete). Throughput is the file's bytes over the wall time, MB = 10^6 bytes.
import sharp from "sharp";

const PARTS_AT_ONCE = 3;
export type UploadFigures = {
  bytes: number;
  singleSeconds: number;
  singleMBps: number;
  partsSeconds: number;
  partsMBps: number;
  partCount: number;
};

/** A photo-like JPEG of about 20 MB. */
export async function benchPhoto(): Promise<Uint8Array> {
  const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
  return new Uint8Array(
    await sharp({ create: { width: 5200, height: 3900, channels: 3, background: "#808080", noise } })
      .jpeg({ quality: 96 })
      .toBuffer(),
  );
}

export async function measureUploads(origin: string, cookie: string, photo: Uint8Array): Promise<UploadFigures> {
  // A browser's same-site request (the storefront's CSRF check; node's fetch sends no Host of ours, so no Origin to
  // match it) and the session it uploads for.
  const headers = { cookie, "sec-fetch-site": "same-origin" };
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, seconds: (performance.now() - started) / 1000 };
  };
  const expectStatus = async (answer: Response, status: number, what: string) => {
    if (answer.status !== status)
      throw new Error(`${what} answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    return answer.json() as Promise<Record<string, unknown>>;
  };

  const single = await timed(async () => {
    const form = new FormData();
    form.set("img", new Blob([photo as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }), "bench.jpg");
    return expectStatus(
      await fetch(`${origin}/images/upload`, { method: "POST", headers, body: form }),
      201,
      "POST /images/upload",
    );
  });

  const parts = await timed(async () => {
    const start = await fetch(`${origin}/images/uploads/parts`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench.jpg", size: photo.length }),
    });
    const session = (await expectStatus(start, 201, "POST /images/uploads/parts")) as {
      id: string;
      partBytes: number;
      partCount: number;
    };
    const queue = Array.from({ length: session.partCount }, (_, index) => index + 1);
    const lanes = Array.from({ length: PARTS_AT_ONCE }, async () => {
      for (let part = queue.shift(); part; part = queue.shift()) {
        const body = photo.subarray(
          (part - 1) * session.partBytes,
          part * session.partBytes,
        ) as Uint8Array<ArrayBuffer>;
        const answer = await fetch(`${origin}/images/uploads/parts/${session.id}/${part}`, {
          method: "PUT",
          headers: { ...headers, "content-type": "application/octet-stream" },
          body,
        });
        await expectStatus(answer, 200, `PUT part ${part}`);
      }
    });
    await Promise.all(lanes);
    await expectStatus(
      await fetch(`${origin}/images/uploads/parts/${session.id}/complete`, { method: "POST", headers }),
      201,
      "complete",
    );
    return session.partCount;
  });

  const mbps = (seconds: number) => photo.length / 1e6 / seconds;
  return {
    bytes: photo.length,
    singleSeconds: single.seconds,
    singleMBps: mbps(single.seconds),
    partsSeconds: parts.seconds,
    partsMBps: mbps(parts.seconds),
    partCount: parts.value,
  };
}
