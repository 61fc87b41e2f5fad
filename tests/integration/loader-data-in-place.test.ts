import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { loaderDataInPlace } from "~/lib/speed/loader-data-in-place.server";

const encoder = new TextEncoder();

/** What React Router hands the render: its loader data's stream and its cache of reads. */
function entryContext(stream: ReadableStream<Uint8Array>) {
  return { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext & {
    renderMeta: NonNullable<EntryContext["renderMeta"]>;
  };
}

/** A stream as React Router's encoder writes one: the first chunk at once, then each later one when it is due. */
function loaderData(first: string, later: { text: string; afterMs: number }[] = []) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      await null;
      controller.enqueue(encoder.encode(first));
      for (const { text, afterMs } of later) {
        await new Promise((resolve) => setTimeout(resolve, afterMs));
        controller.enqueue(encoder.encode(text));
      }
      await Promise.resolve();
      controller.close();
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("the loader data read before the render", () => {
  it("is in React Router's cache of reads, ended, when nothing waits", async () => {
    const context = entryContext(loaderData('[{"_1":2},"loaderData"]\n'));
    await loaderDataInPlace(context);
    expect(context.renderMeta.streamCache?.[0]?.result).toEqual({ done: true, value: '[{"_1":2},"loaderData"]\n' });
    // The stream is free for React Router's own reader, which has nothing left to read.
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it("leaves a deferred value to stream after the first chunk, from a stream React Router can read", async () => {
    const context = entryContext(loaderData("[first]\n", [{ text: "P5:[later]\n", afterMs: 30 }]));
    await loaderDataInPlace(context);
    expect(context.renderMeta.streamCache?.[0]?.result).toEqual({ done: false, value: "[first]\n" });
    expect(await readAll(context.serverHandoffStream!)).toBe("P5:[later]\n");
  });

  it("leaves a failed stream to show its error where React Router would", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start: (controller) => controller.error(new Error("Server Timeout")),
    });
    const context = entryContext(failing);
    await loaderDataInPlace(context);
    expect(context.renderMeta.streamCache?.[0]?.error).toEqual(new Error("Server Timeout"));
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it("does nothing for a render without loader data", async () => {
    const context = { renderMeta: {} } as unknown as EntryContext;
    await loaderDataInPlace(context);
    expect(context.renderMeta).toEqual({});
  });
});
