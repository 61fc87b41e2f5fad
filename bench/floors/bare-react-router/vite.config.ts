// Floor (b) for bench/run.ts: React Router framework mode on the Cloudflare Vite plugin, nothing else.
// Built with `npx react-router build` and served with `npx vite preview`, both run from this folder.
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
});
