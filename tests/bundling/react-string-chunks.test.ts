import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { reactDomStringChunks } from "#scripts/react-dom-string-chunks.ts";
import { transform } from "./transform.ts";

// React's edge renderer as React ships it and as the build rewrites it (scripts/react-dom-string-chunks.ts), each
// loaded beside the installed React; a page rendered by both must come out byte for byte the same, streamed alike.
const require = createRequire(import.meta.url);
const EDGE = path.join(
  path.dirname(require.resolve("react-dom/package.json")),
  "cjs/react-dom-server.edge.production.js",
);

// React's production builds, as the renderers' own (the test's import of React is its development build).
const fromReactDom = createRequire(EDGE);
const REACT = path.dirname(fromReactDom.resolve("react/package.json"));
const production: Record<string, unknown> = {
  react: fromReactDom(`${REACT}/cjs/react.production.js`),
  "react-dom": fromReactDom("./react-dom.production.js"),
};
const { createElement: h, Suspense, use } = production.react as typeof import("react");

type Renderer = { renderToReadableStream: (node: ReactNode, options?: object) => Promise<ReadableStream<Uint8Array>> };

function load(code: string): Renderer {
  const module = { exports: {} };
  new Function("module", "exports", "require", code)(
    module,
    module.exports,
    (id: string) => production[id] ?? fromReactDom(id),
  );
  return module.exports as Renderer;
}

const original = readFileSync(EDGE, "utf8");
const renderers = { react: load(original), rewritten: load(transform(reactDomStringChunks(), original, EDGE)!.code) };

/** A promise settled after a timer, so the part that waits for it streams after the shell. */
function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 5));
}

function Waits({ text }: { text: Promise<string> }) {
  return h("p", { title: "«waited»" }, use(text));
}

/** A page with what the renderer writes: non-ASCII text and attributes, escapes, ready and waiting boundaries. */
function page(text: Promise<string>) {
  return h(
    "html",
    { lang: "es" },
    h("head", null, h("title", null, "Cojín & taza <20 €>")),
    h(
      "body",
      null,
      h(
        "main",
        { "data-note": 'comillas "dobles" y ñ' },
        "Fotos ",
        "impresas · 写真 😀",
        h("img", { src: "/a.svg", alt: "ä" }),
      ),
      h(Suspense, { fallback: h("p", null, "Cargando…") }, h("section", null, "lista")),
      // Ready, and over the 500 bytes from which React may move a boundary behind a script for its size.
      h(
        Suspense,
        { fallback: h("p", null, "Cargando…") },
        h(
          "ul",
          null,
          Array.from({ length: 40 }, (_, index) => h("li", { key: index }, `Copia ${index}`)),
        ),
      ),
      h(Suspense, { fallback: h("p", null, "Cargando…") }, h(Waits, { text })),
    ),
  );
}

/** The document's bytes, and how many of them came before the waiting part could render. */
async function render(renderer: Renderer, options: object) {
  const text = later("Después: ñandú 🦜");
  let settled = false;
  void text.then(() => (settled = true));
  const stream = await renderer.renderToReadableStream(page(text), { nonce: "n0nce", ...options });
  const chunks: Uint8Array[] = [];
  let beforeSettled = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    if (!settled) beforeSettled += chunk.byteLength;
  }
  return { html: Buffer.concat(chunks).toString("utf8"), beforeSettled };
}

describe("React's edge renderer with its pieces kept as strings", () => {
  for (const options of [{}, { progressiveChunkSize: Number.MAX_SAFE_INTEGER }, { progressiveChunkSize: 10 }]) {
    it(`writes the same document as React's own, streamed alike (${JSON.stringify(options)})`, async () => {
      const react = await render(renderers.react, options);
      const ours = await render(renderers.rewritten, options);
      expect(ours.html).toBe(react.html);
      expect(ours.html).toContain("Después: ñandú 🦜");
      // The shell goes out before the waiting part is ready, with the same bytes as React's own.
      expect(ours.beforeSettled).toBeGreaterThan(0);
      expect(ours.beforeSettled).toBe(react.beforeSettled);
    });
  }
});
