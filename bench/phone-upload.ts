// The bench's phone photo item (issue 26): a 12-megapixel phone photo (4032 x 3024, a JPEG of about 5 MB with EXIF
// orientation 6, made with sharp) chosen in the creator of a 10 x 15 cm photo print (WPX-ES article 201) in Debian's
// Chromium over an emulated 10 Mbit/s link (Chrome DevTools Protocol Network.emulateNetworkConditions: 10 Mbit/s both
// ways, 40 ms latency), timed from choosing it to its preview drawn on the stage. The browser sends it at the size the
// print needs (decision 0047), so the bytes sent are printed beside it. `node bench/phone-upload.ts <port>` runs it alone
// against a server already running (npm start), as the bench runs it against its own.
import sharp from "sharp";
import { chromium } from "playwright-core";
import { CONSENT_VERSION } from "#contract/marketing/consent.ts";

const ARTICLE = 201;
const LINK_BYTES_PER_SECOND = 10_000_000 / 8;
const STEP_MS = 60_000;

export type PhoneUploadFigures = { ms: number; photoBytes: number; sentBytes: number; sentSize: string };

/** A phone-like 12-megapixel JPEG: detail everywhere (noise), stored on its side with orientation 6 as phones do. */
async function phonePhoto(): Promise<Buffer> {
  const noise = { type: "gaussian", mean: 128, sigma: 30 } as const;
  return sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#7a8a9a", noise } })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function measurePhoneUpload(port: number): Promise<PhoneUploadFigures> {
  const photo = await phonePhoto();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.localhost 127.0.0.1"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, hasTouch: true });
    const origin = `http://wpx-es.localhost:${port}`;
    // The cookie banner answered (rejected), so its overlay covers nothing.
    await context.addCookies([
      { name: "consent", value: `${CONSENT_VERSION}.a0.n0.${Math.floor(Date.now() / 1000)}`, url: origin },
    ]);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    // What was sent, as stored (the browser's multipart body is not exposed): the upload's answer.
    let sent: { bytes: number; width: number; height: number } | null = null;
    page.on("response", (answer) => {
      if (new URL(answer.url()).pathname.endsWith("/images/upload"))
        void answer.json().then(
          (json: { bytes: number; width: number; height: number }) => (sent = json),
          () => {},
        );
    });
    await page.goto(`${origin}/create/${ARTICLE}`);
    await page.locator("[data-testid=creator-toolbar]").waitFor({ state: "visible" });
    await page.locator("[data-testid=tab-photos]").click();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 40,
      downloadThroughput: LINK_BYTES_PER_SECOND,
      uploadThroughput: LINK_BYTES_PER_SECOND,
    });
    const started = performance.now();
    const previewDrawn = page.waitForResponse((answer) =>
      /\/images\/uploads\/up_[^/]+\/1280\.webp$/.test(answer.url()),
    );
    await page.locator("[data-testid=photo-input]").setInputFiles({
      name: "IMG_4032.JPG",
      mimeType: "image/jpeg",
      buffer: photo,
    });
    await page.locator("[data-testid=print-area] [data-kind=photo] image").first().waitFor({ state: "attached" });
    await (await previewDrawn).finished();
    const ms = performance.now() - started;
    const answer = sent as { bytes: number; width: number; height: number } | null;
    return {
      ms,
      photoBytes: photo.length,
      sentBytes: answer?.bytes ?? 0,
      sentSize: answer ? `${answer.width} x ${answer.height}` : "",
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.main) {
  const figures = await measurePhoneUpload(Number(process.argv[2] ?? 8787));
  const budgets = (await import("./budgets.json", { with: { type: "json" } })).default as Record<string, number>;
  const limit = budgets.phonePhotoUploadAt10MbitMsMax ?? Number.NaN;
  console.log(
    `phone photo (${(figures.photoBytes / 1e6).toFixed(1)} MB, 12 MP) chosen to placed over 10 Mbit/s: ${figures.ms.toFixed(0)} ms (${(figures.sentBytes / 1e6).toFixed(2)} MB sent, ${figures.sentSize}) ${figures.ms <= limit ? "ok" : "OVER"} (budget ${limit} ms)`,
  );
}
