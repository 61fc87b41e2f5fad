// The demo accounts of every brand (a customer, a company with two staff members, their orders, invoices, tickets and
// designs, the shop's marketer), made once in the persisted local D1 through the product API's own code, then what the
// marketing dashboard shows. README lists who they are.
import { seedDemoMarketing } from "./demo-marketing.ts";
import { startLocalProductApi } from "./local-product-api.ts";

export async function seedDemoAccounts() {
  const { call, dispose } = startLocalProductApi();
  try {
    const { seeded } = (await call("POST", "/demo-accounts", {})) as { seeded: string[] };
    console.log(
      seeded.length
        ? `Demo accounts made for ${seeded.join(", ")} (README: "Accounts locally").`
        : "Demo accounts: already there.",
    );
  } finally {
    await dispose();
  }
  await seedDemoMarketing();
}
