import type { z } from "zod";
import type { PickupPoint, PickupPointDetail, pickupPointSearchParams } from "@contract/api/checkout";
import { firstRow, rows, sql } from "../db/query";

type PointRow = PickupPointDetail;

const columns = sql`id, kind, carrier, country, name, street, postcode, city, latitude_e6 AS latitude, longitude_e6 AS longitude, opening_hours AS openingHours`;

/** Coordinates are kept as integer millionths of a degree. */
const pointView = (row: PointRow): PickupPointDetail => ({
  ...row,
  latitude: row.latitude / 1e6,
  longitude: row.longitude / 1e6,
});

/** The point as a checkout or an order shows it: its country goes without saying. */
export const withoutCountry = ({ country: _country, ...point }: PickupPointDetail): PickupPoint => point;

export async function findPickupPoint(env: ProductApiEnv, id: string) {
  const row = await firstRow<PointRow>(env, sql`SELECT ${columns} FROM pickup_points WHERE id = ${id}`);
  return row ? pointView(row) : null;
}

/** The nearest first, by how far the postcode's number is from the searched one. */
export async function nearestPickupPoints(env: ProductApiEnv, search: z.output<typeof pickupPointSearchParams>) {
  const target = Number(search.postcode.replace(/\D/g, ""));
  const found = await rows<PointRow>(
    env,
    sql`SELECT ${columns} FROM pickup_points
    WHERE country = ${search.country} AND kind = ${search.kind} ${search.carrier ? sql`AND carrier = ${search.carrier}` : sql``}
    ORDER BY ABS(postcode_number - ${target}), id LIMIT 10`,
  );
  return found.map(pointView);
}
