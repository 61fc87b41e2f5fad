import { Hono } from "hono";
import type { ProductApi } from "../http";

export const orders = new Hono<ProductApi>();
