// Renders each product kind in a room ("environment" pictures) as JPG, WebP and AVIF, the raster formats the
// storefront serves in <picture>. Run after adding a product kind: node scripts/render-environments.ts
import { readdirSync } from "node:fs";
import sharp from "sharp";

const WIDTH = 800;
const HEIGHT = 600;
const products = readdirSync("public/images/products").filter((file) => file.endsWith(".svg"));

const room = (hue: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,94%)"/><stop offset="1" stop-color="hsl(${hue},30%,86%)"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c8a27a"/><stop offset="1" stop-color="#9c7550"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/><rect y="470" width="${WIDTH}" height="130" fill="url(#floor)"/>
  <rect x="80" y="430" width="640" height="46" rx="6" fill="#f4efe8"/><rect x="96" y="476" width="14" height="90" fill="#d9cfc2"/><rect x="690" y="476" width="14" height="90" fill="#d9cfc2"/>
  <ellipse cx="640" cy="410" rx="46" ry="8" fill="#00000022"/><path d="M610 410c0-50 20-80 30-80s30 30 30 80z" fill="#6b8f5e"/>
  </svg>`);

for (const [index, file] of products.entries()) {
  const kind = file.replace(".svg", "");
  const product = await sharp(`public/images/products/${file}`, { density: 144 }).resize(380, 380).png().toBuffer();
  const scene = sharp(room((index * 47) % 360)).composite([{ input: product, left: 210, top: 60 }]);
  const base = `public/images/environments/${kind}`;
  await scene.clone().jpeg({ quality: 78, mozjpeg: true }).toFile(`${base}.jpg`);
  await scene.clone().webp({ quality: 72 }).toFile(`${base}.webp`);
  await scene.clone().avif({ quality: 50 }).toFile(`${base}.avif`);
  console.log(`rendered ${base}.{jpg,webp,avif}`);
}
