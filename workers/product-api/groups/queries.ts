import type { Account } from "@contract/api/accounts";
import type { Address } from "@contract/api/checkout";
import type { GroupConfig, Permission, StaffMember } from "@contract/api/groups";
import type { GroupConfigInput } from "@contract/groups/config-rules";
import { DEFAULT_COMMISSION_RATE } from "@contract/pricing/commission";
import { firstRow, rows, sql } from "../db/query";

type ConfigRow = {
  companyName: string;
  taxId: string | null;
  phone: string | null;
  address: string | null;
  staffPermissions: string;
  staffCanMakeOrders: number;
  commissionRate: number;
  updatedAt: string;
};

/** The group's config; before its owner saves one, the company of its account and the defaults of master_configs. */
export async function groupConfigOf(env: ProductApiEnv, owner: Account): Promise<GroupConfig> {
  const row = await firstRow<ConfigRow>(
    env,
    sql`SELECT company_name AS companyName, tax_id AS taxId, phone, address,
    staff_permissions AS staffPermissions, staff_can_make_orders AS staffCanMakeOrders, commission_rate AS commissionRate, updated_at AS updatedAt
    FROM master_configs WHERE account_id = ${owner.id}`,
  );
  if (!row) {
    return {
      companyName: owner.companyName ?? "",
      taxId: owner.taxId,
      phone: null,
      address: null,
      staffPermissions: ["orders"],
      staffCanMakeOrders: true,
      commissionRate: DEFAULT_COMMISSION_RATE,
      updatedAt: null,
    };
  }
  return {
    companyName: row.companyName,
    taxId: row.taxId,
    phone: row.phone,
    address: row.address ? (JSON.parse(row.address) as Address) : null,
    staffPermissions: JSON.parse(row.staffPermissions) as Permission[],
    staffCanMakeOrders: !!row.staffCanMakeOrders,
    commissionRate: row.commissionRate,
    updatedAt: row.updatedAt,
  };
}

/** Saves the owner's company data and staff defaults; the commission rate stays as the shop set it. */
export async function saveGroupConfig(env: ProductApiEnv, ownerId: string, input: GroupConfigInput) {
  const now = new Date().toISOString();
  const address = input.address ? JSON.stringify(input.address) : null;
  const permissions = JSON.stringify(input.staffPermissions);
  await rows(
    env,
    sql`INSERT INTO master_configs (account_id, company_name, tax_id, phone, address, staff_permissions, staff_can_make_orders, updated_at)
    VALUES (${ownerId}, ${input.companyName}, ${input.taxId}, ${input.phone}, ${address}, ${permissions}, ${input.staffCanMakeOrders ? 1 : 0}, ${now})
    ON CONFLICT (account_id) DO UPDATE SET company_name = excluded.company_name, tax_id = excluded.tax_id, phone = excluded.phone,
      address = excluded.address, staff_permissions = excluded.staff_permissions, staff_can_make_orders = excluded.staff_can_make_orders,
      updated_at = excluded.updated_at`,
  );
}

type StaffRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  permissions: string;
  canMakeOrders: number;
  createdAt: string;
};

const staffColumns = sql`id, email, first_name AS firstName, last_name AS lastName, status, permissions, can_make_orders AS canMakeOrders, created_at AS createdAt`;

const staffView = (row: StaffRow): StaffMember => ({
  ...row,
  status: row.status as StaffMember["status"],
  permissions: JSON.parse(row.permissions) as Permission[],
  canMakeOrders: !!row.canMakeOrders,
});

/** The owner's staff on its site, oldest first; deleted (anonymised) ones are gone from the list. */
export async function staffOfGroup(env: ProductApiEnv, site: string, ownerId: string): Promise<StaffMember[]> {
  const found = await rows<StaffRow>(
    env,
    sql`SELECT ${staffColumns} FROM accounts
    WHERE site = ${site} AND master_id = ${ownerId} AND status != 'DELETED' ORDER BY created_at, id`,
  );
  return found.map(staffView);
}

/** One staff member of this owner; null for anyone else (another group's, the owner itself, a deleted one). */
export async function staffMemberOf(
  env: ProductApiEnv,
  site: string,
  ownerId: string,
  id: string,
): Promise<StaffMember | null> {
  const row = await firstRow<StaffRow>(
    env,
    sql`SELECT ${staffColumns} FROM accounts
    WHERE id = ${id} AND site = ${site} AND master_id = ${ownerId} AND status != 'DELETED'`,
  );
  return row ? staffView(row) : null;
}

export type NewStaff = {
  site: string;
  locale: string;
  email: string;
  firstName: string;
  lastName: string;
  permissions: Permission[];
  canMakeOrders: boolean;
  companyName: string | null;
  taxId: string | null;
};

/**
 * An invited sub-account of the owner (kind master, no password until the invitation is accepted), unless the e-mail
 * has an account on this site already: then null.
 */
export async function insertStaff(env: ProductApiEnv, ownerId: string, staff: NewStaff): Promise<string | null> {
  const id = `acc_${crypto.randomUUID().replaceAll("-", "")}`;
  const now = new Date().toISOString();
  const inserted = await rows<{ id: string }>(
    env,
    sql`INSERT INTO accounts (id, site, email, first_name, last_name, customer_type, company_name, tax_id,
      kind, master_id, permissions, can_make_orders, status, locale, created_at, updated_at)
    VALUES (${id}, ${staff.site}, ${staff.email}, ${staff.firstName}, ${staff.lastName}, 'COMPANY', ${staff.companyName}, ${staff.taxId},
      'master', ${ownerId}, ${JSON.stringify(staff.permissions)}, ${staff.canMakeOrders ? 1 : 0}, 'INVITED', ${staff.locale}, ${now}, ${now})
    ON CONFLICT (site, email) DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

export async function updateStaff(
  env: ProductApiEnv,
  site: string,
  ownerId: string,
  id: string,
  permissions: Permission[],
  canMakeOrders: boolean,
) {
  await rows(
    env,
    sql`UPDATE accounts SET permissions = ${JSON.stringify(permissions)}, can_make_orders = ${canMakeOrders ? 1 : 0},
    updated_at = ${new Date().toISOString()} WHERE id = ${id} AND site = ${site} AND master_id = ${ownerId}`,
  );
}

/** Moves a staff member from one status to another; false when it was not in `from` (nothing changed). */
export async function changeStaffStatus(
  env: ProductApiEnv,
  site: string,
  ownerId: string,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const changed = await rows<{ id: string }>(
    env,
    sql`UPDATE accounts SET status = ${to}, updated_at = ${new Date().toISOString()}
    WHERE id = ${id} AND site = ${site} AND master_id = ${ownerId} AND status = ${from} RETURNING id`,
  );
  return changed.length > 0;
}

/** Spends the account's open links, so that only the newest invitation opens it. */
export async function spendOpenTokens(env: ProductApiEnv, accountId: string) {
  await rows(
    env,
    sql`UPDATE password_resets SET used_at = ${new Date().toISOString()} WHERE account_id = ${accountId} AND used_at IS NULL`,
  );
}

export async function queueEmail(
  env: ProductApiEnv,
  site: string,
  to: string,
  email: { subject: string; body: string },
  kind: string,
) {
  await rows(
    env,
    sql`INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at)
    VALUES (${site}, ${to}, ${email.subject}, ${email.body}, ${kind}, ${new Date().toISOString()})`,
  );
}
