// Returns the same ASCII HTML page, exactly __PAGE_BYTES__ bytes long, to every request. Built once per isolate.
declare const __PAGE_BYTES__: number;

function fixedPage(bytes: number): string {
  const head =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Static floor</title></head><body><h1>Static floor</h1><ul>\n';
  const tail = "</ul></body></html>\n";
  let body = "";
  for (let i = 0; head.length + body.length + tail.length < bytes; i++)
    body += `<li>Item ${i}: lorem ipsum dolor sit amet</li>\n`;
  const page = head + body + tail;
  if (page.length <= bytes) return page;
  // Trim the last item and pad with an HTML comment so the page is exactly `bytes` long.
  const trimmed = head + body.slice(0, body.lastIndexOf("<li>"));
  const pad = bytes - trimmed.length - tail.length;
  return trimmed + (pad >= 7 ? `<!--${"x".repeat(pad - 7)}-->` : " ".repeat(Math.max(pad, 0))) + tail;
}

const PAGE = fixedPage(__PAGE_BYTES__);

export default {
  async fetch() {
    return new Response(PAGE, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
} satisfies ExportedHandler;
