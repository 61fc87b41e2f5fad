import type { SQL } from "drizzle-orm";
import type { TICKET_KINDS, TICKET_STATUSES } from "@contract/api/enums";
import type { QuoteStatus } from "@contract/api/quote-params";
import type { DeliveryArrangement } from "@contract/shipping/delivery-modes";
import { TICKETS_PAGE_SIZE } from "@contract/api/tickets";
import { visibleTo, type Actor } from "../accounts/actor";
import { firstRow, rows, sql } from "../db/query";

type TicketStatus = (typeof TICKET_STATUSES)[number];
type TicketKind = (typeof TICKET_KINDS)[number];

export type TicketRow = {
  id: number;
  publicId: string;
  site: string;
  accountId: string | null;
  name: string;
  email: string;
  locale: string;
  orderPublicId: string | null;
  subject: string;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
  lastAuthor: "CUSTOMER" | "AGENT";
  kind: TicketKind;
  /** A quote request's details (null columns for a support question). */
  quoteCompany: string | null;
  quotePhone: string | null;
  quoteProducts: string | null;
  quoteQuantity: number | null;
  quoteDeadline: string | null;
  quoteArrangement: DeliveryArrangement | null;
  quoteStatus: QuoteStatus | null;
  /** Whether support has written in it (a quote is priced by support's answer). */
  answered: number;
};
export type TicketMessageRow = {
  id: number;
  author: "CUSTOMER" | "AGENT";
  authorName: string | null;
  body: string;
  createdAt: string;
};
export type Email = { subject: string; body: string };

const COLUMNS = sql`t.id, t.public_id AS publicId, t.site, t.account_id AS accountId, t.name, t.email, t.locale,
  t.order_public_id AS orderPublicId, t.subject, t.status, t.created_at AS createdAt, t.updated_at AS updatedAt,
  COALESCE((SELECT m.author FROM ticket_messages m WHERE m.ticket_id = t.id ORDER BY m.id DESC LIMIT 1), 'CUSTOMER') AS lastAuthor,
  t.kind, q.company AS quoteCompany, q.phone AS quotePhone, q.products AS quoteProducts, q.quantity AS quoteQuantity,
  q.deadline AS quoteDeadline, q.arrangement AS quoteArrangement, q.quote_status AS quoteStatus,
  EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = t.id AND m.author = 'AGENT') AS answered`;
/** A ticket with its quote's details, if it is a quote request. */
const FROM = sql`tickets t LEFT JOIN ticket_quotes q ON q.ticket_id = t.id`;

/** The tickets an actor sees: its own, or its group's with the tickets permission. */
export const visibleTickets = (actor: Actor) => visibleTo(actor, "tickets", sql`t.account_id`);

export const ticketWhere = (env: ProductApiEnv, where: SQL) =>
  firstRow<TicketRow>(env, sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}`);

/** One page of the tickets `visible` lets through on a site, newest activity first. */
export function ticketPage(
  env: ProductApiEnv,
  site: string,
  visible: SQL,
  status: TicketStatus | undefined,
  page: number,
  pageSize: number = TICKETS_PAGE_SIZE,
) {
  return rows<TicketRow>(
    env,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE t.site = ${site} AND ${visible}
    ${status ? sql`AND t.status = ${status}` : sql``} ORDER BY t.updated_at DESC, t.id DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
}

export async function ticketCounts(
  env: ProductApiEnv,
  site: string,
  visible: SQL,
): Promise<Record<TicketStatus, number>> {
  const found = await rows<{ status: TicketStatus; count: number }>(
    env,
    sql`SELECT t.status, COUNT(*) AS count FROM tickets t
    WHERE t.site = ${site} AND ${visible} GROUP BY t.status`,
  );
  const count = (status: TicketStatus) => found.find((row) => row.status === status)?.count ?? 0;
  return { PENDING: count("PENDING"), RESOLVED: count("RESOLVED"), ARCHIVED: count("ARCHIVED") };
}

/** The conversation, oldest first; a customer's message names its writer (in a group, several people write). */
export const ticketMessages = (env: ProductApiEnv, ticketId: number) =>
  rows<TicketMessageRow>(
    env,
    sql`SELECT m.id, m.author, CASE WHEN m.author = 'AGENT' THEN NULL
      ELSE COALESCE(NULLIF(TRIM(a.first_name || ' ' || a.last_name), ''), t.name) END AS authorName, m.body, m.created_at AS createdAt
    FROM ticket_messages m JOIN tickets t ON t.id = m.ticket_id LEFT JOIN accounts a ON a.id = m.author_account_id
    WHERE m.ticket_id = ${ticketId} ORDER BY m.id`,
  );

const TICKET_ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newPublicId = () =>
  `TK-${[...crypto.getRandomValues(new Uint8Array(8))].map((byte) => TICKET_ID_ALPHABET[byte % 32]).join("")}`;

export type NewQuote = {
  company: string;
  phone: string | null;
  products: string;
  quantity: number;
  deadline: string;
  arrangement: DeliveryArrangement;
};
export type NewTicket = {
  site: string;
  accountId: string | null;
  name: string;
  email: string;
  locale: string;
  orderPublicId: string | null;
  subject: string;
  message: string;
  /** A quote request's details: the ticket is of kind QUOTE. */
  quote?: NewQuote;
};

const outboxInsert = (
  db: D1Database,
  site: string,
  to: string,
  email: Email,
  kind: string,
  now: string,
  ifTicket: string,
) =>
  db
    .prepare(
      `INSERT INTO email_outbox (site, to_address, subject, body_text, kind, created_at) SELECT ?, ?, ?, ?, ?, ? FROM tickets WHERE public_id = ?`,
    )
    .bind(site, to, email.subject, email.body, kind, now, ifTicket);

/** The ticket, its first message and its confirmation e-mail, in one batch; returns its public id. */
export async function insertTicket(
  env: ProductApiEnv,
  ticket: NewTicket,
  confirmation: (publicId: string) => Email,
): Promise<string> {
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    const publicId = newPublicId();
    try {
      const { quote } = ticket;
      await db.batch([
        db
          .prepare(`INSERT INTO tickets (public_id, site, account_id, name, email, locale, order_public_id, subject, status, kind, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PENDING', ?, ?, ?)`)
          .bind(
            publicId,
            ticket.site,
            ticket.accountId,
            ticket.name,
            ticket.email,
            ticket.locale,
            ticket.orderPublicId,
            ticket.subject,
            quote ? "QUOTE" : "SUPPORT",
            now,
            now,
          ),
        db
          .prepare(
            `INSERT INTO ticket_messages (ticket_id, author, author_account_id, body, created_at) SELECT id, 'CUSTOMER', ?, ?, ? FROM tickets WHERE public_id = ?`,
          )
          .bind(ticket.accountId, ticket.message, now, publicId),
        ...(quote
          ? [
              db
                .prepare(
                  `INSERT INTO ticket_quotes (ticket_id, company, phone, products, quantity, deadline, arrangement) SELECT id, ?, ?, ?, ?, ?, ? FROM tickets WHERE public_id = ?`,
                )
                .bind(
                  quote.company,
                  quote.phone,
                  quote.products,
                  quote.quantity,
                  quote.deadline,
                  quote.arrangement,
                  publicId,
                ),
            ]
          : []),
        outboxInsert(db, ticket.site, ticket.email, confirmation(publicId), "ticket-created", now, publicId),
      ]);
      return publicId;
    } catch (error) {
      // A public id already taken (one in a trillion): draw another.
      if (attempt < 3 && String(error).includes("tickets.public_id")) continue;
      throw error;
    }
  }
}

/** A customer's message: the ticket waits for support again (an archived one reopens). */
export async function addCustomerMessage(env: ProductApiEnv, ticket: TicketRow, accountId: string, body: string) {
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare(
        "INSERT INTO ticket_messages (ticket_id, author, author_account_id, body, created_at) VALUES (?, 'CUSTOMER', ?, ?, ?)",
      )
      .bind(ticket.id, accountId, body, now),
    db.prepare("UPDATE tickets SET status = 'PENDING', updated_at = ? WHERE id = ?").bind(now, ticket.id),
  ]);
}

/** Support's answer: the ticket is RESOLVED and its sender is told by e-mail. */
export async function addAgentMessage(env: ProductApiEnv, ticket: TicketRow, body: string, email: Email) {
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare(
        "INSERT INTO ticket_messages (ticket_id, author, author_account_id, body, created_at) VALUES (?, 'AGENT', NULL, ?, ?)",
      )
      .bind(ticket.id, body, now),
    db.prepare("UPDATE tickets SET status = 'RESOLVED', updated_at = ? WHERE id = ?").bind(now, ticket.id),
    outboxInsert(db, ticket.site, ticket.email, email, "ticket-reply", now, ticket.publicId),
  ]);
}

/** Moves the ticket to `status` unless it is archived (only a reply reopens it); false when it was. */
export async function changeStatus(env: ProductApiEnv, ticket: TicketRow, status: "RESOLVED" | "ARCHIVED") {
  if (ticket.status === status) return true;
  const changed = await rows<{ id: number }>(
    env,
    sql`UPDATE tickets SET status = ${status}, updated_at = ${new Date().toISOString()}
    WHERE id = ${ticket.id} AND status != 'ARCHIVED' RETURNING id`,
  );
  return changed.length > 0;
}

/** Recent tickets of every site, for the operator script. */
export const recentTickets = (env: ProductApiEnv, limit: number) =>
  rows<TicketRow>(env, sql`SELECT ${COLUMNS} FROM ${FROM} ORDER BY t.updated_at DESC, t.id DESC LIMIT ${limit}`);

/**
 * Moves a quote from `from` to `to` (docs/decisions/0039) unless another move came first (false then). A confirmation
 * waits for support again (PENDING); a quote completed or canceled by support is RESOLVED.
 */
export async function changeQuoteStatus(
  env: ProductApiEnv,
  ticket: TicketRow,
  to: QuoteStatus,
  by: "customer" | "support",
) {
  const db = env.STORE_DB;
  const now = new Date().toISOString();
  const ticketStatus = to === 8 ? "PENDING" : by === "support" ? "RESOLVED" : null;
  const [moved] = await db.batch([
    db
      .prepare(`UPDATE ticket_quotes SET quote_status = ? WHERE ticket_id = ? AND quote_status IS ?`)
      .bind(to, ticket.id, ticket.quoteStatus),
    db
      .prepare(`UPDATE tickets SET updated_at = ?, status = COALESCE(?, status)
      WHERE id = ? AND EXISTS (SELECT 1 FROM ticket_quotes WHERE ticket_id = ? AND quote_status = ?)`)
      .bind(now, ticketStatus, ticket.id, ticket.id, to),
  ]);
  return (moved?.meta.changes ?? 0) > 0;
}
