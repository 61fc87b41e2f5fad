export function loader() {
  return Response.json({ items: [] });
}
