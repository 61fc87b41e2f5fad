import { Hono } from "hono";
import type { ProductApi } from "../http";

export const tracking = new Hono<ProductApi>();
