// npm run ticket:reply -- <TK-XXXXXXXX> "answer"   answers a ticket as support (it becomes RESOLVED; the customer gets an e-mail)
// npm run ticket:reply -- <TK-XXXXXXXX>            shows the conversation
// npm run ticket:reply -- --list                   recent tickets
// npm run ticket:reply -- <TK-XXXXXXXX> --quote confirmed|completed|canceled   moves a quote request (8, 5, 100)
//
// Runs the built product API worker in Miniflare on the persisted local D1 (local-product-api.ts) and calls its
// /operator/tickets endpoints.
import { readFileSync } from "node:fs";
import { runOperatorScript } from "./local-product-api.ts";

const USAGE = `Usage:
  npm run ticket:reply -- --list                          list the 20 tickets with the newest activity
  npm run ticket:reply -- <TK-XXXXXXXX>                   show the ticket and its conversation
  npm run ticket:reply -- <TK-XXXXXXXX> "<answer>"        answer as support: the ticket is RESOLVED and its sender is e-mailed
  npm run ticket:reply -- <TK-XXXXXXXX> --quote <confirmed|completed|canceled>
                                                          move a quote request: confirmed (8, the customer said yes by
                                                          e-mail), completed (5, delivered) or canceled (100)
  npm run ticket:reply -- <TK-XXXXXXXX> "<answer>" --site-url <URL>
                                                          where the e-mail's links lead (default: the brand's local host,
                                                          http://wpx-pl.localhost:8787, with PORT if set)

Through the running storefront (npm start) when one answers at http://127.0.0.1:8787 (PORT, or --server <URL>), else
straight on the local database.`;

type Ticket = {
  publicId: string;
  site: string;
  subject: string;
  status: string;
  name: string;
  email: string;
  orderPublicId: string | null;
  updatedAt: string;
  kind?: string;
  quote?: {
    company: string;
    products: string;
    quantity: number;
    deadline: string;
    arrangement: string;
    status: number | null;
  } | null;
  messages?: { author: string; authorName: string | null; body: string; createdAt: string }[];
};

/** The spec's other status set, as support names a quote's moves. */
const QUOTE_MOVES: Record<string, number> = { confirmed: 8, completed: 5, canceled: 100 };

function parseArgs(argv: string[]) {
  const args = [...argv];
  const siteUrlAt = args.indexOf("--site-url");
  const siteUrl = siteUrlAt >= 0 ? args.splice(siteUrlAt, 2)[1] : undefined;
  if (siteUrlAt >= 0 && !siteUrl) throw new Error("--site-url needs an address");
  const quoteAt = args.indexOf("--quote");
  const quoteMove = quoteAt >= 0 ? args.splice(quoteAt, 2)[1] : undefined;
  if (quoteAt >= 0 && !(quoteMove && quoteMove in QUOTE_MOVES))
    throw new Error(`--quote needs one of ${Object.keys(QUOTE_MOVES).join(", ")}`);
  if (args[0] === "--list" && args.length === 1) return { list: true as const };
  const [publicId, answer] = args;
  if (!publicId || !/^TK-[A-Z0-9]{8}$/i.test(publicId) || args.length > 2 || (quoteMove && answer !== undefined))
    throw new Error(USAGE);
  if (answer !== undefined && !answer.trim()) throw new Error("The answer is empty.");
  return {
    list: false as const,
    publicId: publicId.toUpperCase(),
    answer,
    siteUrl,
    quoteStatus: quoteMove ? QUOTE_MOVES[quoteMove] : undefined,
  };
}

// The English labels the storefront shows, so the operator reads the same words as the customer.
const labels = (
  JSON.parse(readFileSync("locales/en/tickets.json", "utf8")) as { tickets: { status: Record<string, string> } }
).tickets.status;
const statusName = (status: string) => `${status} (${labels[status] ?? "?"})`;

function print(ticket: Ticket) {
  console.log(`\nTicket ${ticket.publicId} · ${ticket.site} · ${ticket.name} <${ticket.email}>`);
  console.log(`  subject:  ${ticket.subject}`);
  console.log(`  status:   ${statusName(ticket.status)}`);
  if (ticket.orderPublicId) console.log(`  order:    ${ticket.orderPublicId}`);
  if (ticket.quote) {
    const { company, products, quantity, deadline, arrangement, status } = ticket.quote;
    console.log(
      `  quote:    ${company}: ${quantity} × ${products.replace(/\s+/g, " ")}, by ${deadline}, ${arrangement}, ${status ?? "requested"}`,
    );
  }
  for (const message of ticket.messages ?? []) {
    console.log(`\n  ${message.createdAt}  ${message.author === "AGENT" ? "Support" : message.authorName}:`);
    for (const line of message.body.split("\n")) console.log(`    ${line}`);
  }
}

await runOperatorScript(parseArgs, async (options, call) => {
  if (options.list) {
    const { items } = (await call("GET", "/tickets?limit=20")) as { items: Ticket[] };
    if (!items.length) console.log("No tickets yet: write one on /contact or in the account's tickets (npm start).");
    for (const ticket of items) {
      console.log(
        `${ticket.publicId}  ${ticket.site.padEnd(7)} ${statusName(ticket.status).padEnd(34)} ${ticket.updatedAt}  ${ticket.email}  ${ticket.subject}`,
      );
    }
    return;
  }
  const id = encodeURIComponent(options.publicId);
  if (options.quoteStatus !== undefined) {
    const status = options.quoteStatus;
    const landed = async () =>
      ((await call("GET", `/tickets/${id}`)) as Ticket).quote?.status === status
        ? await call("GET", `/tickets/${id}`)
        : null;
    return print((await call("POST", `/tickets/${id}/quote-status`, { status: String(status) }, landed)) as Ticket);
  }
  const ticket = (await call("GET", `/tickets/${id}`)) as Ticket;
  if (options.answer === undefined) return print(ticket);
  const siteUrl = options.siteUrl ?? `http://${ticket.site.toLowerCase()}.localhost:${process.env.PORT ?? "8787"}`;
  const answered = (conversation: Ticket) =>
    (conversation.messages ?? []).length > (ticket.messages ?? []).length &&
    conversation.messages!.some((message) => message.author === "AGENT" && message.body === options.answer!.trim());
  const landed = async () => {
    const now = (await call("GET", `/tickets/${id}`)) as Ticket;
    return answered(now) ? now : null;
  };
  print(
    (await call("POST", `/tickets/${id}/replies`, { message: options.answer, site_url: siteUrl }, landed)) as Ticket,
  );
  console.log(`\nAnswered: ${ticket.email} has an e-mail in the local mailbox (${siteUrl}/mailbox).`);
});
