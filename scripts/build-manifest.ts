import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export const BUILD_MANIFEST_PATH = "workers/build-version/manifest.generated.json";

export type BuildManifest = { buildId: string; date: string };

/** The build id and date shared by the app bundle and the build-version worker. */
export function readBuildManifest(): BuildManifest {
  if (!existsSync(BUILD_MANIFEST_PATH)) return writeBuildManifest();
  return JSON.parse(readFileSync(BUILD_MANIFEST_PATH, "utf8")) as BuildManifest;
}

export function writeBuildManifest(): BuildManifest {
  const date = new Date().toISOString();
  const manifest = { buildId: `b${Date.now().toString(36)}`, date };
  mkdirSync(dirname(BUILD_MANIFEST_PATH), { recursive: true });
  writeFileSync(BUILD_MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
