import { Hono } from "hono";
import type { ProductApi } from "../http";

export const checkouts = new Hono<ProductApi>();
