import { describe, expect, it } from "vitest";
import { wholePageWithStrings, withPageStrings } from "~/lib/i18n/page-strings.server";
import { createTranslations, recording, stringsFor } from "~/lib/i18n/translator";

const encoder = new TextEncoder();

function chunked(chunks: string[]) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const streamed = (chunks: string[], strings: Record<string, unknown>) =>
  new Response(withPageStrings(chunked(chunks), () => strings)).text();
const whole = async (chunks: string[], strings: Record<string, unknown>) =>
  (await wholePageWithStrings(chunked(chunks), () => strings)).text();

describe("the strings a document carries", () => {
  it("are the ones its render asked for, with their plural forms, and nothing else", () => {
    const strings = { a: { b: "B", c: "C" }, n_one: "{{count}} uno", n_other: "{{count}} otros", skip: "S" };
    const request = recording(createTranslations("es", strings), strings);
    request.t("a.b");
    request.t("n", { count: 2 });
    request.t("missing.key", { defaultValue: "x" });
    expect(request.pageStrings!()).toEqual({ a: { b: "B" }, n_one: "{{count}} uno", n_other: "{{count}} otros" });
    expect(stringsFor(strings, ["a"])).toEqual({});
  });

  it("take keys named like an object's built-ins (`constructor`, `toString`) like any other", () => {
    const strings = { constructor: { back: "Wróć" }, toString: "text" };
    expect(JSON.parse(JSON.stringify(stringsFor(strings, ["constructor.back", "toString"])))).toEqual(strings);
    expect(createTranslations("pl", strings).t("constructor.back")).toBe("Wróć");
    expect(createTranslations("pl", {}).t("constructor.name")).toBe("constructor.name");
  });

  it("go last in the body, even when the ending is split across chunks, and cannot close their element", async () => {
    const page = await streamed(["<!DOCTYPE html><html><body><p>Hola</p></bo", "dy></ht", "ml>"], {
      x: "</script><script>alert(1)</script>",
    });
    expect(page).toMatch(
      /^<!DOCTYPE html><html><body><p>Hola<\/p><script type="application\/json" id="page-strings">\{"x":"\\u003c\/script>\\u003cscript>alert\(1\)\\u003c\/script>"\}<\/script><\/body><\/html>$/,
    );
    expect(JSON.parse(/id="page-strings">(.*)<\/script><\/body>/.exec(page)![1]!)).toEqual({
      x: "</script><script>alert(1)</script>",
    });
  });

  it("are added at the end of a document that does not end as expected", async () => {
    expect(await streamed(["<p>partial"], {})).toBe(
      '<p>partial<script type="application/json" id="page-strings">{}</script>',
    );
    expect(await streamed([], { a: "b" })).toBe('<script type="application/json" id="page-strings">{"a":"b"}</script>');
  });

  it("go in the same place when a complete document is sent whole as when it is streamed", async () => {
    const chunks = ["<!DOCTYPE html><html><body><p>Hola</p>", "</body></ht", "ml>"];
    const page = await whole(chunks, { a: "<b>" });
    expect(page).toBe(
      '<!DOCTYPE html><html><body><p>Hola</p><script type="application/json" id="page-strings">{"a":"\\u003cb>"}</script></body></html>',
    );
    expect(page).toBe(await streamed(chunks, { a: "<b>" }));
    expect(await whole(["<p>partial"], {})).toBe(await streamed(["<p>partial"], {}));
    expect(await whole([], { a: "b" })).toBe('<script type="application/json" id="page-strings">{"a":"b"}</script>');
  });
});
