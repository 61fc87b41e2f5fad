// Accounts journeys (issue 8), as people do them, with real clicks and typing: a shopper creates an account, fills a
// cart, signs out, fills a guest cart and signs in again (landing in checkout with both carts merged), writes to
// support and reads the answer, and resets a forgotten password through the local mailbox; a customer opens an invoice
// and downloads its PDF; a company invites a staff member with the orders permission only, who activates the account
// from the e-mail and sees orders but not invoices, each refused page saying why; the profile refuses an impossible
// birth date and says when the address is forgotten; the same without JavaScript; and a tour of every new page with
// screenshots (the harness audits every page with axe-core). Imported by run.ts like buying.ts, sharing its parts, pool
// and helpers.

import type { Browser } from "playwright-core";
import { runJourneys, type Plan, type Step } from "./buying.ts";
import { WPX_CZ, WPX_DK, WPX_ES, WPX_PL, type BuyingBrand } from "./buying/brands.ts";
import type { Harness } from "./harness.ts";
import type { State } from "./accounts/journey.ts";
import {
  createAccount,
  fillThenSignOut,
  guestCartThenSignIn,
  ticketAndReply,
  quoteAndAccept,
  resetPassword,
  invoice,
} from "./accounts/customer-steps.ts";
import { inviteStaff, staffActivates } from "./accounts/company-steps.ts";
import { birthDate, forgetAddress, noJsAccount, tour } from "./accounts/profile-steps.ts";
import { type OtherProvider, providerHandOff, providerSignsIn } from "./accounts/provider-steps.ts";

export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function customerPlan(brand: BuyingBrand): Step[] {
  const s: State = {
    email: `e2e.account.${brand.slug.toLowerCase()}.${stamp()}@example.com`,
    password: "Lamp-orbit-2026!",
    firstName: "Zofia",
    products: [],
    counts: [],
  };
  return [
    { name: "create an account: translated field errors, then the account's home", run: createAccount(s) },
    {
      name: "profile: an impossible or incomplete birth date is refused with its message, the saved one kept",
      run: birthDate(),
    },
    { name: "profile: forgetting the default address says it was forgotten, its fields empty", run: forgetAddress() },
    {
      name: "signed in, add to the cart; sign out: empty cart, the account area asks to sign in",
      run: fillThenSignOut(s),
    },
    {
      name: "a guest cart, sign in: checkout, with the account's and the guest's lines merged",
      run: guestCartThenSignIn(s),
    },
    {
      name: "/contact → a new ticket; support answers (npm run ticket:reply): the thread and the e-mail show it",
      run: ticketAndReply(s),
    },
    {
      name: "a quote request from the account: refused quantity, sent, support prices it, the customer accepts (8)",
      run: quoteAndAccept(),
    },
    {
      name: "password reset by e-mail: a new password, the link spent, the old password refused, the new one signs in",
      run: resetPassword(s),
    },
  ];
}

function companyPlan(brand: BuyingBrand): Step[] {
  const s: State = {
    email: "",
    password: "",
    firstName: "",
    products: [],
    counts: [],
    staffEmail: `e2e.staff.${brand.slug.toLowerCase()}.${stamp()}@example.com`,
  };
  return [
    { name: "a customer's invoice: printable page and PDF download", run: invoice() },
    { name: "a company invites a staff member with the orders permission only", run: inviteStaff(s) },
    { name: "the staff member activates from the e-mail: orders yes, invoices and tickets no", run: staffActivates(s) },
  ];
}

const noJsState: State = {
  email: `e2e.nojs.${stamp()}@example.com`,
  password: "Kettle-harbour-2026",
  firstName: "Jana",
  products: [],
  counts: [],
};

const plans = (provider: OtherProvider | null): Plan[] => [
  { brand: WPX_PL, viewport: "phone", name: "customer", steps: customerPlan(WPX_PL) },
  { brand: WPX_DK, viewport: "desktop", name: "customer + axe", steps: customerPlan(WPX_DK), axe: true },
  { brand: WPX_ES, viewport: "phone", name: "invoice and staff", steps: companyPlan(WPX_ES) },
  { brand: WPX_DK, viewport: "desktop", name: "invoice and staff", steps: companyPlan(WPX_DK) },
  {
    brand: WPX_PL,
    viewport: "desktop",
    name: "every page + axe",
    steps: [{ name: "every new page: guest and company owner, axe, no overflow", run: tour(true) }],
  },
  {
    brand: WPX_ES,
    viewport: "phone",
    name: "every page",
    steps: [{ name: "every new page on a phone: no overflow, screenshots", run: tour(false) }],
  },
  {
    brand: WPX_CZ,
    viewport: "desktop",
    name: "no JavaScript",
    js: false,
    steps: [
      {
        name: "no JS: contact form, sign up, sign out, sign in, a ticket; /invoices says why it is not for a customer",
        run: noJsAccount(noJsState),
      },
      { name: "no JS: profile, an impossible or incomplete birth date refused, the saved one kept", run: birthDate() },
      { name: "no JS: profile, forgetting the default address says so", run: forgetAddress() },
    ],
  },
  ...(provider
    ? ([
        {
          brand: WPX_DK,
          viewport: "desktop",
          name: "another provider",
          steps: [
            {
              name: "another provider: the page says where it sends the visitor, Cancel keeps them here",
              run: providerHandOff(provider, "cancel"),
            },
            {
              name: "another provider that does not open: a minute later the page stops waiting and says so",
              run: providerHandOff(provider, "a minute"),
            },
            {
              name: "another provider lets the visitor in: back signed in, the header's status follows",
              run: providerSignsIn(provider),
            },
          ],
        },
        {
          brand: WPX_PL,
          viewport: "phone",
          name: "another provider",
          steps: [
            { name: "another provider: the notice and Cancel on a phone", run: providerHandOff(provider, "cancel") },
          ],
        },
      ] satisfies Plan[])
    : []),
];

export function runAccounts(
  h: Harness,
  browser: Browser,
  port: number,
  printAfter: Promise<unknown> = Promise.resolve(),
  provider: OtherProvider | null = null,
) {
  // The browser logs the refusals the journeys make on purpose (a weak password, a wrong one, an impossible date: 400)
  // as errors.
  return runJourneys(h, browser, port, printAfter, {
    part: "accounts",
    plans: plans(provider),
    expectedErrors: /status of 400 .*\/(login|accounts\/profile)(\.data)?(\?|$)/,
  });
}
