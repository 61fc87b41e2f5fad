import { Hono } from "hono";
import { z } from "zod";
import { CARRIERS } from "@contract/brands/brands";
import { API_ERROR_CODES } from "@contract/api/errors";
import { firstRow, rows, sql } from "../db/query";
import { apiError, zValidator, type ProductApi } from "../http";

const search = z.object({
  country: z.string().length(2).toUpperCase(),
  postcode: z.string().trim().max(12).regex(/\d/),
  kind: z.enum(["CARRIER", "PARTNER"]).default("CARRIER"),
  carrier: z.enum(CARRIERS).optional(),
});

type PointRow = { id: string; kind: "CARRIER" | "PARTNER"; carrier: (typeof CARRIERS)[number]; country: string; name: string; street: string; postcode: string; city: string; latitude: number; longitude: number; openingHours: string };

const columns = sql`id, kind, carrier, country, name, street, postcode, city, latitude_e6 AS latitude, longitude_e6 AS longitude, opening_hours AS openingHours`;

/** Coordinates are kept as integer millionths of a degree. */
export const pickupPointView = (row: PointRow) => ({ ...row, latitude: row.latitude / 1e6, longitude: row.longitude / 1e6 });

export async function findPickupPoint(env: ProductApiEnv, id: string) {
  const row = await firstRow<PointRow>(env, sql`SELECT ${columns} FROM pickup_points WHERE id = ${id}`);
  return row ? pickupPointView(row) : null;
}

export const pickupPoints = new Hono<ProductApi>()
  // The nearest first, by how far the postcode's number is from the searched one.
  .get("/", zValidator("query", search), async (c) => {
    const query = search.parse(c.req.query());
    const target = Number(query.postcode.replace(/\D/g, ""));
    const found = await rows<PointRow>(c.env, sql`SELECT ${columns} FROM pickup_points
      WHERE country = ${query.country} AND kind = ${query.kind} ${query.carrier ? sql`AND carrier = ${query.carrier}` : sql``}
      ORDER BY ABS(postcode_number - ${target}), id LIMIT 10`);
    return c.json({ items: found.map(pickupPointView) });
  })
  .get("/:id", async (c) => {
    const point = await findPickupPoint(c.env, c.req.param("id"));
    return point ? c.json(point) : apiError(c, 404, API_ERROR_CODES.notFound, "Pickup point not found");
  });
