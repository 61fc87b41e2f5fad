// npm run order:status -- <PUBLIC_ID> [advance | <status code>] [--shipment <STATUS>]   moves an order as the factory
// npm run order:status -- <PUBLIC_ID> paid                                              a bank transfer received
// npm run order:status -- <PUBLIC_ID>                                                   shows it
// npm run order:status -- --list                                                        recent orders
//
// Runs the built product API worker in Miniflare on the persisted local D1 (local-product-api.ts) and calls its
// /operator endpoints.
import { readFileSync } from "node:fs";
import { runOperatorScript } from "./local-product-api.ts";

const USAGE = `Usage:
  npm run order:status -- <PUBLIC_ID>                        show the order's status and timeline
  npm run order:status -- <PUBLIC_ID> advance                move it to its natural next state
  npm run order:status -- <PUBLIC_ID> paid                   record its bank transfer as received (marks it paid, issues its invoice)
  npm run order:status -- <PUBLIC_ID> <status code>          set a status code (0 1 2 4 8 9 10 13 14 15 16 17 200 201 202)
  npm run order:status -- <PUBLIC_ID> --shipment <STATUS>    set the shipment status (PROCESSING ON_ROUTE ON_DELIVERY DELIVERED INCIDENCE PENDING_TO_PICK PICKED)
  npm run order:status -- --list                             list the 20 most recent orders

Through the running storefront (npm start) when one answers at http://127.0.0.1:8787 (PORT, or --server <URL>), else
straight on the local database.`;

type OrderView = {
  publicId: string;
  site: string;
  email: string;
  statusCode: number;
  shipmentStatus: string | null;
  paymentStatus: string;
  trackingReference: string | null;
  invoiceNumber?: string | null;
  events: { statusCode: number | null; shipmentStatus: string | null; createdAt: string }[];
  userRequiredActions: { publicId: string; type: string; resolvedAt: string | null }[];
};

function parseArgs(argv: string[]) {
  const args = [...argv];
  const shipmentAt = args.indexOf("--shipment");
  const shipment = shipmentAt >= 0 ? args.splice(shipmentAt, 2)[1] : undefined;
  if (shipmentAt >= 0 && !shipment) throw new Error("--shipment needs a status");
  if (args[0] === "--list") return { list: true as const };
  const [publicId, change] = args;
  if (!publicId || publicId.startsWith("-") || args.length > 2) throw new Error(USAGE);
  if (change !== undefined && change !== "advance" && change !== "paid" && !/^\d+$/.test(change))
    throw new Error(`Unknown change "${change}".\n${USAGE}`);
  return { list: false as const, publicId, change, shipment };
}

// The English labels the storefront shows, so the operator reads the same words as the shopper.
const labels = JSON.parse(readFileSync("locales/en/tracking.json", "utf8")).tracking as {
  status: Record<string, { label: string }>;
  shipment: Record<string, { label: string }>;
};
const statusName = (code: number | null) => (code === null ? "" : `${code} ${labels.status[code]?.label ?? "?"}`);
const shipmentName = (status: string | null) => (status ? `${status} (${labels.shipment[status]?.label ?? "?"})` : "-");

function print(order: OrderView) {
  console.log(`\nOrder ${order.publicId} · ${order.site} · ${order.email}`);
  console.log(`  status:    ${statusName(order.statusCode)}`);
  console.log(
    `  shipment:  ${shipmentName(order.shipmentStatus)}${order.trackingReference ? ` · ${order.trackingReference}` : ""}`,
  );
  console.log(`  payment:   ${order.paymentStatus}`);
  if (order.invoiceNumber) console.log(`  invoice:   ${order.invoiceNumber}`);
  for (const action of order.userRequiredActions) {
    console.log(
      `  action:    ${action.type} ${action.publicId} ${action.resolvedAt ? `answered ${action.resolvedAt}` : "waiting for the shopper"}`,
    );
  }
  console.log("  timeline:");
  for (const event of order.events)
    console.log(`    ${event.createdAt}  ${statusName(event.statusCode).padEnd(34)} ${event.shipmentStatus ?? ""}`);
}

await runOperatorScript(parseArgs, async (options, call) => {
  if (options.list) {
    const { items } = (await call("GET", "/orders?limit=20")) as unknown as {
      items: (OrderView & { createdAt: string })[];
    };
    if (!items.length) console.log("No orders yet: place one in the shop (npm start).");
    for (const order of items) {
      console.log(
        `${order.publicId.padEnd(16)} ${order.site.padEnd(7)} ${statusName(order.statusCode).padEnd(34)} ${(order.shipmentStatus ?? "-").padEnd(16)} ${order.paymentStatus.padEnd(9)} ${order.createdAt}  ${order.email}`,
      );
    }
    return;
  }
  const { publicId, change, shipment } = options;
  const id = encodeURIComponent(publicId);
  const form: Record<string, string> = {};
  if (change !== undefined && change !== "advance" && change !== "paid") form.status_code = change;
  if (shipment) form.shipment_status = shipment;
  const order = (change === "advance" || change === "paid"
    ? await call("POST", `/orders/${id}/${change}`)
    : Object.keys(form).length
      ? await call("POST", `/orders/${id}/status`, form)
      : await call("GET", `/orders/${id}`)) as unknown as OrderView;
  print(order);
});
