import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readBuildManifest } from "./scripts/build-manifest.ts";

const build = readBuildManifest();

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(build.buildId),
    __BUILD_DATE__: JSON.stringify(build.date),
  },
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: [
        { configPath: "./workers/api-proxy/wrangler.jsonc" },
        { configPath: "./workers/product-api/wrangler.jsonc" },
        { configPath: "./workers/build-version/wrangler.jsonc" },
      ],
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
