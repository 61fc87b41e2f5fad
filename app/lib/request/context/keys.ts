import type { Translations } from "~/lib/i18n/translator";
import { createContext } from "react-router";
import type { Brand } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import type { RequestLog } from "~/lib/log/request-log.server";
import type { ProductApiClient } from "~/lib/product-api/client";
import type { Customer } from "~/lib/session/data";
import type { RequestSession } from "~/lib/session/request-session.server";
import type { AppConfig } from "./config.server";

/**
 * The request's facts: bindings, parsed configuration, waitUntil, and whether it is a client navigation's data request.
 */
export type RequestInfo = {
  env: Env;
  config: AppConfig;
  /** This response's nonce for inline scripts (security-headers.server.ts). */
  nonce: string;
  waitUntil: (promise: Promise<unknown>) => void;
  /** A client navigation's data request (`*.data`), as opposed to a document request. */
  isDataRequest: boolean;
  /** The request's logs: its id (sent on every service-binding call as x-request-id) and its lines. */
  log: RequestLog;
};

// Set for every request by createRequestContext (request-context.server.ts), before any middleware runs.
export const requestInfoContext = createContext<RequestInfo>();
export const brandContext = createContext<Brand>();
export const localeContext = createContext<Locale>();
export const sessionContext = createContext<RequestSession>();
export const apiContext = createContext<ProductApiClient>();
export const i18nContext = createContext<Translations>();
/** The logged-in customer, set by the accounts layout's middleware (guards/auth.server.ts) for its pages. */
export const customerContext = createContext<Customer>();
