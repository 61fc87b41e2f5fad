import { createContext } from "react-router";
import type { Brand } from "@contract/brands/brands";
import type { Locale } from "@contract/locales/locales";
import type { AppConfig } from "./config.server";
import type { RequestSession } from "./session/session.server";
import type { ProductApiClient } from "./product-api/client";

export type RequestInfo = {
  env: Env;
  config: AppConfig;
  waitUntil: (promise: Promise<unknown>) => void;
  /** A client navigation's data request (`*.data`), as opposed to a document request. */
  isDataRequest: boolean;
};

export const requestInfoContext = createContext<RequestInfo>();
export const brandContext = createContext<Brand>();
export const localeContext = createContext<Locale>();
export const sessionContext = createContext<RequestSession>();
export const apiContext = createContext<ProductApiClient>();
