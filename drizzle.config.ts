import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./workers/product-api/db/schema.ts",
  out: "./migrations/store",
});
