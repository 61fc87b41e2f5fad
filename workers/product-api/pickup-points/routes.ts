import { Hono } from "hono";
import { pickupPointSearchParams } from "@contract/api/checkout";
import { API_ERROR_CODES } from "@contract/api/errors";
import { apiError, type ProductApi } from "../http/api";
import { validate } from "../http/validate";
import { findPickupPoint, nearestPickupPoints } from "./queries";

export const pickupPoints = new Hono<ProductApi>()
  .get("/", validate("query", pickupPointSearchParams), async (c) =>
    c.json({ items: await nearestPickupPoints(c.env, c.req.valid("query")) }),
  )
  .get("/:id", async (c) => {
    const point = await findPickupPoint(c.env, c.req.param("id"));
    return point ? c.json(point) : apiError(c, 404, API_ERROR_CODES.notFound, "Pickup point not found");
  });
