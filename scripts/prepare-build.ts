// Before every build: the local secrets (the build copies `.dev.vars` beside each worker, so a build made before they
// exist would serve without them), then the build id and date that the app bundle and the build-version worker share.
import { writeBuildManifest } from "./build-manifest.ts";
import { ensureDevVars } from "./dev-vars.ts";

ensureDevVars();
const manifest = writeBuildManifest();
console.log(`build ${manifest.buildId} (${manifest.date})`);
