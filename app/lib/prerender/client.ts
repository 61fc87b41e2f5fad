import { payloadPath, type BuildMeta, type Payload } from "@contract/builds/meta";
import { isolateMemory } from "@contract/memory/isolate-memories";

const meta = isolateMemory<"meta", Promise<BuildMeta | null>>({
  name: "this build's meta, in the browser",
  maxEntries: 1,
  ttl: "the tab's life",
});

/** This build's meta, asked once per tab: it never changes for a build (builds/meta/{buildId}.json). */
function thisBuildMeta(): Promise<BuildMeta | null> {
  return (
    meta.get("meta") ??
    meta.keep(
      "meta",
      fetch(`/builds/meta/${__BUILD_ID__}.json`)
        .then((answer) => (answer.ok ? (answer.json() as Promise<BuildMeta>) : null))
        .catch(() => null),
    )
  );
}

/**
 * A prerendered page's data in the browser (SPEC §7, docs/decisions/0039): when this build's meta lists the page, its
 * `{page}/_payload.json`, made at build time and served as a static file's copy; otherwise, or when that fails or is
 * another build's, the page's loader on the server as usual.
 */
export async function prerenderedData<Data>(request: Request, serverLoader: () => Promise<Data>): Promise<Data> {
  const path = new URL(request.url).pathname;
  if ((await thisBuildMeta())?.prerendered.includes(path)) {
    const payload = await fetch(payloadPath(path), { signal: request.signal })
      .then((answer) => (answer.ok ? (answer.json() as Promise<Payload<Data>>) : null))
      .catch(() => null);
    if (payload?.buildId === __BUILD_ID__) return payload.data;
  }
  return serverLoader();
}
