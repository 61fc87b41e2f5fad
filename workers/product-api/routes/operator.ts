import { Hono } from "hono";
import type { ProductApi } from "../http";

export const operator = new Hono<ProductApi>();
