import type { Account } from "@contract/api/accounts";
import { ACCOUNT_ROLES } from "@contract/api/enums";
import { firstRow, rows, sql } from "../db/query";
import type { StoredPassword } from "./passwords";

export type AccountRow = {
  id: string;
  site: string;
  email: string;
  passwordHash: string | null;
  passwordSalt: string | null;
  passwordIterations: number | null;
  firstName: string;
  lastName: string;
  customerType: string;
  companyName: string | null;
  taxId: string | null;
  kind: string;
  masterId: string | null;
  permissions: string;
  roles: string;
  canMakeOrders: number;
  status: string;
  locale: string;
  createdAt: string;
};

const columns = sql`id, site, email, password_hash AS passwordHash, password_salt AS passwordSalt, password_iterations AS passwordIterations,
  first_name AS firstName, last_name AS lastName, customer_type AS customerType, company_name AS companyName, tax_id AS taxId, kind,
  master_id AS masterId, permissions, roles, can_make_orders AS canMakeOrders, status, locale, created_at AS createdAt`;

export const accountByEmail = (env: ProductApiEnv, site: string, email: string) =>
  firstRow<AccountRow>(env, sql`SELECT ${columns} FROM accounts WHERE site = ${site} AND email = ${email}`);

export const accountById = (env: ProductApiEnv, site: string, id: string) =>
  firstRow<AccountRow>(env, sql`SELECT ${columns} FROM accounts WHERE site = ${site} AND id = ${id}`);

export const accountByIdentity = (env: ProductApiEnv, site: string, provider: string, subject: string) =>
  firstRow<AccountRow>(
    env,
    sql`SELECT ${columns} FROM accounts WHERE site = ${site}
    AND id = (SELECT account_id FROM account_identities WHERE provider = ${provider} AND subject = ${subject})`,
  );

/** The stored password of an account, or null when it signs in only with another provider. */
export function storedPassword(row: AccountRow): StoredPassword | null {
  return row.passwordHash && row.passwordSalt && row.passwordIterations
    ? { hash: row.passwordHash, salt: row.passwordSalt, iterations: row.passwordIterations }
    : null;
}

/** The stored roles the contract knows; a role written by hand that it does not know grants nothing. */
function rolesOf(stored: string): Account["roles"] {
  try {
    const roles: unknown = JSON.parse(stored);
    return Array.isArray(roles) ? ACCOUNT_ROLES.filter((role) => roles.includes(role)) : [];
  } catch {
    return [];
  }
}

/** The account as the contract shows it: never its password. */
export function accountView(row: AccountRow): Account {
  return {
    id: row.id,
    site: row.site,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    customerType: row.customerType as Account["customerType"],
    companyName: row.companyName,
    taxId: row.taxId,
    kind: row.kind as Account["kind"],
    masterId: row.masterId,
    permissions: JSON.parse(row.permissions) as Account["permissions"],
    roles: rolesOf(row.roles),
    canMakeOrders: !!row.canMakeOrders,
    status: row.status as Account["status"],
    createdAt: row.createdAt,
  };
}

export type NewAccount = {
  site: string;
  locale: string;
  email: string;
  password: StoredPassword | null;
  firstName: string;
  lastName: string;
  customerType: string;
  companyName: string | null;
  taxId: string | null;
};

/** Inserts the account unless its e-mail has one on this site already; returns its id, or null when it had. */
export async function insertAccount(env: ProductApiEnv, account: NewAccount): Promise<string | null> {
  const id = `acc_${crypto.randomUUID().replaceAll("-", "")}`;
  const now = new Date().toISOString();
  const inserted = await rows<{ id: string }>(
    env,
    sql`INSERT INTO accounts (id, site, email, password_hash, password_salt, password_iterations,
      first_name, last_name, customer_type, company_name, tax_id, locale, created_at, updated_at)
    VALUES (${id}, ${account.site}, ${account.email}, ${account.password?.hash ?? null}, ${account.password?.salt ?? null},
      ${account.password?.iterations ?? null}, ${account.firstName}, ${account.lastName}, ${account.customerType}, ${account.companyName},
      ${account.taxId}, ${account.locale}, ${now}, ${now})
    ON CONFLICT (site, email) DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

export async function linkIdentity(env: ProductApiEnv, provider: string, subject: string, accountId: string) {
  await rows(
    env,
    sql`INSERT INTO account_identities (provider, subject, account_id, created_at)
    VALUES (${provider}, ${subject}, ${accountId}, ${new Date().toISOString()}) ON CONFLICT (provider, subject) DO NOTHING`,
  );
}
