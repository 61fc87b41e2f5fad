import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { BuildManifest } from "#contract/builds/meta.ts";
import { buildMeta } from "./build-meta.ts";

export const BUILD_MANIFEST_PATH = "workers/build-version/manifest.generated.json";

export type { BuildManifest };

/** The build id, date, routes and prerendered pages shared by the app bundle and the build-version worker. */
export async function readBuildManifest(): Promise<BuildManifest> {
  const found = existsSync(BUILD_MANIFEST_PATH)
    ? (JSON.parse(readFileSync(BUILD_MANIFEST_PATH, "utf8")) as Partial<BuildManifest>)
    : null;
  // One made before builds had meta (or none) is made again.
  if (!found?.routes || !found.pages) return writeBuildManifest();
  return found as BuildManifest;
}

export async function writeBuildManifest(): Promise<BuildManifest> {
  const manifest = await buildMeta(`b${Date.now().toString(36)}`, new Date().toISOString());
  mkdirSync(dirname(BUILD_MANIFEST_PATH), { recursive: true });
  writeFileSync(BUILD_MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
