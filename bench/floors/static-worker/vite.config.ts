// Floor (a) for bench/run.ts: a worker returning one fixed HTML page, built and served by Vite + the Cloudflare
// plugin like the app. BENCH_PAGE_BYTES (set by bench/run.ts to the size of the app's home page) fixes its size.
import { cloudflare } from "@cloudflare/vite-plugin";
import { defineConfig } from "vite";

const pageBytes = Number(process.env.BENCH_PAGE_BYTES ?? 20_480);

export default defineConfig({
  define: { __PAGE_BYTES__: JSON.stringify(Number.isFinite(pageBytes) && pageBytes > 0 ? pageBytes : 20_480) },
  plugins: [cloudflare()],
});
