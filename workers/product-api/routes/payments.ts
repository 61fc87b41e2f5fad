import { Hono } from "hono";
import type { ProductApi } from "../http";

export const payments = new Hono<ProductApi>();
