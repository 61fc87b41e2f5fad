// Before every build: the local secrets (the build copies `.dev.vars` beside each worker, so a build made before they
// exist would serve without them), then the build id, date, routes and prerendered pages that the app bundle and the
// build-version worker share (docs/decisions/0039).
import { writeBuildManifest } from "./build-manifest.ts";
import { ensureDevVars } from "./dev-vars.ts";

ensureDevVars();
const manifest = await writeBuildManifest();
const pages = Object.values(manifest.pages).reduce((count, paths) => count + paths.length, 0);
console.log(
  `build ${manifest.buildId} (${manifest.date}): ${manifest.routes.length} routes, ${pages} pages per locale to prerender`,
);
