import { BUILD_META_FILE, type BuildManifest } from "@contract/builds/meta";
import { isolateMemory } from "@contract/memory/isolate-memories";

const kept = isolateMemory<"manifest", Promise<BuildManifest | null>>({
  name: "this build's routes and prerendered pages",
  maxEntries: 1,
  ttl: "the isolate's life (again after a failed read)",
});

/**
 * This build's routes and prerendered pages (docs/decisions/0039), read once per isolate from the build's own static
 * files rather than carried in the bundle (the server bundle's budget). Null when they are missing or another build's;
 * a failed read is tried again by the next request.
 */
export function thisBuild(assets: Fetcher | undefined): Promise<BuildManifest | null> {
  return (
    kept.get("manifest") ??
    kept.keep(
      "manifest",
      (async () => {
        const answer = await assets?.fetch(new Request(`https://assets.internal${BUILD_META_FILE}`)).catch(() => null);
        const manifest = answer?.ok ? ((await answer.json()) as BuildManifest) : null;
        if (!manifest) kept.delete("manifest");
        return manifest?.buildId === __BUILD_ID__ ? manifest : null;
      })(),
    )
  );
}
