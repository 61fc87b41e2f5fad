/** product-api's bindings, from its wrangler.jsonc (`wrangler types` writes the main worker's Env only). */
interface ProductApiEnv {
  STORE_DB: D1Database;
  EXPOSE_DEV_ENDPOINTS: string;
  API_TOKEN: string;
}
