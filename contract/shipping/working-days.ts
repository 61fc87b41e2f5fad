/** Working days to make a product: books and calendars take longer. Shipping adds 1 to 3 working days. */
function productionDays(kind: string): [number, number] {
  return kind === "photo-book" || kind === "calendar" ? [3, 5] : [2, 4];
}
const SHIPPING_DAYS: [number, number] = [1, 3];

export function addWorkingDays(from: Date, days: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

/** The earliest and latest delivery dates for an order placed on `today`. */
export function deliveryWindow(kind: string, today: Date): { earliest: Date; latest: Date } {
  const [fast, slow] = productionDays(kind);
  return {
    earliest: addWorkingDays(today, fast + SHIPPING_DAYS[0]),
    latest: addWorkingDays(today, slow + SHIPPING_DAYS[1]),
  };
}
