// Writes the build id and date that the app bundle and the build-version worker share.
import { writeBuildManifest } from "./build-manifest.ts";

const manifest = writeBuildManifest();
console.log(`build ${manifest.buildId} (${manifest.date})`);
