import type { Sink } from "./pdf-writer";

/**
 * The PDF's bytes into an R2 multipart upload, a part at a time: R2 wants every part but the last of the same size (at
 * least 5 MiB), so bytes gather in one buffer of `partBytes` and go up when it is full. At most one part is in memory.
 * Nothing is visible under the key until `complete`; `abort` leaves nothing behind (a file that failed its checks is
 * never kept).
 */
export class R2Sink implements Sink {
  private readonly buffer: Uint8Array;
  private filled = 0;
  private readonly parts: R2UploadedPart[] = [];

  private constructor(
    private readonly upload: R2MultipartUpload,
    partBytes: number,
  ) {
    this.buffer = new Uint8Array(partBytes);
  }

  static async open(bucket: R2Bucket, key: string, partBytes: number) {
    const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: "application/pdf" } });
    return new R2Sink(upload, partBytes);
  }

  async write(bytes: Uint8Array) {
    let at = 0;
    while (at < bytes.byteLength) {
      const take = Math.min(bytes.byteLength - at, this.buffer.byteLength - this.filled);
      this.buffer.set(bytes.subarray(at, at + take), this.filled);
      this.filled += take;
      at += take;
      if (this.filled === this.buffer.byteLength) await this.flush();
    }
  }

  private async flush() {
    if (this.filled === 0) return;
    // A copy: the buffer is refilled at once, and the binding may still read the part it was given.
    const part = this.buffer.slice(0, this.filled);
    this.parts.push(await this.upload.uploadPart(this.parts.length + 1, part));
    this.filled = 0;
  }

  async complete() {
    await this.flush();
    await this.upload.complete(this.parts);
  }

  async abort() {
    await this.upload.abort().catch(() => undefined);
  }
}
