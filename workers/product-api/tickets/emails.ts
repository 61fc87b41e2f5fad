import type { Brand } from "@contract/brands/brands";
import { isLocale } from "@contract/locales/locales";
import { localizePath } from "@contract/locales/paths";
import { TICKET_EMAILS } from "./email-texts";
import type { Email } from "./queries";

type TicketFacts = { publicId: string; accountId: string | null; name: string; subject: string; locale: string };

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

function textsFor(ticket: TicketFacts, brand: Brand, siteUrl: string) {
  const locale = isLocale(ticket.locale) ? ticket.locale : brand.defaultLocale;
  const page = (path: string) => `${siteUrl.replace(/\/$/, "")}${localizePath(path, locale, brand)}`;
  const values = {
    id: ticket.publicId,
    name: ticket.name,
    subject: ticket.subject,
    link: page(`/accounts/tickets/${ticket.publicId}`),
  };
  const texts = TICKET_EMAILS[locale];
  return { texts, values, page, say: (text: string) => fill(text, values) };
}

/**
 * The confirmation of a new ticket, in its language: an account's links to the conversation; a guest (who has no page
 * to come back to) gets their message back and is answered by e-mail.
 */
export function ticketCreatedEmail(ticket: TicketFacts, message: string, brand: Brand, siteUrl: string): Email {
  const { texts, say } = textsFor(ticket, brand, siteUrl);
  const onward = ticket.accountId
    ? [say(texts.followOnline)]
    : [say(texts.answerByEmail), "", texts.yourMessage, message];
  return {
    subject: say(texts.createdSubject),
    body: [say(texts.greeting), "", say(texts.received), "", ...onward, "", texts.regards, brand.name].join("\n"),
  };
}

/** Support has answered: an account reads the answer on the ticket's page; a guest gets it in the e-mail. */
export function ticketReplyEmail(ticket: TicketFacts, reply: string, brand: Brand, siteUrl: string): Email {
  const { texts, say, page } = textsFor(ticket, brand, siteUrl);
  const onward = ticket.accountId
    ? [say(texts.readOnline)]
    : [texts.ourAnswer, reply, "", fill(texts.writeAgain, { link: page("/contact") })];
  return {
    subject: say(texts.replySubject),
    body: [say(texts.greeting), "", say(texts.replied), "", ...onward, "", texts.regards, brand.name].join("\n"),
  };
}
