declare const __BUILD_ID__: string;
declare const __BUILD_DATE__: string;
/** The build's routes and each locale's prerendered pages (scripts/build-meta.ts, docs/decisions/0039). */
declare const __BUILD_META__: import("@contract/builds/meta").BuildManifest;
