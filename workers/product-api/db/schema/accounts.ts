import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

// Accounts, their sign-in identities and password resets, and masters' company data.

/**
 * Shoppers' and business partners' accounts, one set per site. The password is PBKDF2-SHA256 with its own salt and
 * iteration count (null for an account that only signs in with another provider).
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    site: text("site")
      .notNull()
      .references(() => sites.slug),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    passwordSalt: text("password_salt"),
    passwordIterations: integer("password_iterations"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    customerType: text("customer_type").notNull().default("PERSON"),
    companyName: text("company_name"),
    taxId: text("tax_id"),
    /** customer or master. */
    kind: text("kind").notNull().default("customer"),
    masterId: text("master_id"),
    /** JSON array of orders, tickets, invoices. */
    permissions: text("permissions").notNull().default('["orders","tickets","invoices"]'),
    /** JSON array of the shop's own staff roles: "marketing" reads the marketing dashboard (docs/decisions/0027). */
    roles: text("roles").notNull().default("[]"),
    canMakeOrders: integer("can_make_orders", { mode: "boolean" }).notNull().default(true),
    locale: text("locale").notNull(),
    /**
     * ACTIVE; INVITED (a sub-account that has not chosen its password yet); SUSPENDED (by its master); DELETED
     * (anonymised).
     */
    status: text("status").notNull().default("ACTIVE"),
    /** YYYY-MM-DD, for the adult check. */
    birthDate: text("birth_date"),
    phone: text("phone"),
    /** The default delivery address (it fills the checkout's step 2), JSON in the checkout's address shape, or null. */
    defaultAddress: text("default_address"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("accounts_site_email").on(table.site, table.email),
    index("accounts_master_id").on(table.masterId),
  ],
);

/** Who an account is at another sign-in provider (OpenID Connect): the provider's subject for that person. */
export const accountIdentities = sqliteTable(
  "account_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    createdAt: text("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** Password-reset links: only the SHA-256 of the token is kept; single use, one hour. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull(),
  },
  (table) => [index("password_resets_account_id").on(table.accountId)],
);

/** A master account's company data and the defaults for its staff, and its commission rate. */
export const masterConfigs = sqliteTable("master_configs", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id),
  companyName: text("company_name").notNull(),
  taxId: text("tax_id"),
  phone: text("phone"),
  /** JSON, the checkout's address shape. */
  address: text("address"),
  /** JSON array of the permissions a new sub-account starts with. */
  staffPermissions: text("staff_permissions").notNull().default('["orders"]'),
  staffCanMakeOrders: integer("staff_can_make_orders", { mode: "boolean" }).notNull().default(true),
  /** Percent of the order's net total the master earns on its group's orders. */
  commissionRate: real("commission_rate").notNull().default(5),
  updatedAt: text("updated_at").notNull(),
});
