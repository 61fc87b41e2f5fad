import { Hono } from "hono";
import type { ProductApi } from "../http";

export const pickupPoints = new Hono<ProductApi>();
