import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

const testEnv = env as unknown as TestEnv;
await applyD1Migrations(testEnv.ANALYTICS_DB, testEnv.TEST_MIGRATIONS.analytics);
await applyD1Migrations(testEnv.STORE_DB, testEnv.TEST_MIGRATIONS.store);
