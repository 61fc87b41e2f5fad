// The store's schema (STORE_DB), one file per area: drizzle-kit generates migrations/store from this index
// (drizzle.config.ts), and the product API reads its tables from here.
export * from "./schema/sites";
export * from "./schema/catalogue";
export * from "./schema/designs";
export * from "./schema/content";
export * from "./schema/mail";
export * from "./schema/carts";
export * from "./schema/orders";
export * from "./schema/accounts";
export * from "./schema/tickets";
export * from "./schema/invoices";
export * from "./schema/marketing";
