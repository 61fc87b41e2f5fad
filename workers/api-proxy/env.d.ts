/** api-proxy's bindings, from its wrangler.jsonc (`wrangler types` writes the main worker's Env only). */
interface ApiProxyEnv {
  UPSTREAM: Fetcher;
  UPSTREAM_URL: string;
  API_TOKEN: string;
}
