// Writes the phone-photo fixtures of tests/fixtures/photos/ (run once; the files are committed, so no test needs a
// tool): `node scripts/make-photo-fixtures.ts`. sharp (installed with miniflare) draws and encodes the pictures; the
// metadata a phone adds (EXIF with GPS, XMP, IPTC, a comment, a trailer, PNG text chunks) is written byte by byte.
//
// orientation-{1..8}.jpg: 48 x 32 as seen, red top-left quarter, green top-right, blue bottom-left, white
// bottom-right; stored turned or mirrored as a phone would store it, with the EXIF orientation that shows it upright.
// gps.jpg, gps.png, gps.webp, gps.avif: 64 x 48 with an sRGB ICC profile and GPS coordinates, XMP and (JPEG) IPTC.
// orientation-{3,6}.png, orientation-{6,8}.webp: the same 48 x 32 quarters stored turned, with an EXIF (orientation and
// GPS) in the PNG's eXIf chunk before its image data (a bare TIFF structure) and in the WebP's EXIF chunk (6: after
// "Exif\0\0", as libvips and some cameras write it; 8: a bare TIFF structure, as the WebP container's text asks).

import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = (name: string) => new URL(`../tests/fixtures/photos/${name}`, import.meta.url);

/** The upright picture: four coloured quarters. */
function quarters(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const right = x >= width / 2;
      const bottom = y >= height / 2;
      const colour = !bottom ? (right ? [0, 200, 0] : [220, 0, 0]) : right ? [255, 255, 255] : [0, 0, 220];
      pixels.set(colour, (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/**
 * The stored pixels for each orientation: the upright picture with the inverse of what the tag asks a viewer to do.
 */
async function stored(orientation: number) {
  const upright = await quarters(48, 32).png().toBuffer();
  const image = sharp(upright);
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return sharp(await image.rotate(90).toBuffer()).flop(); // transpose (one step at a time: sharp orders them)
    case 6:
      return image.rotate(-90);
    case 7:
      return sharp(await image.rotate(-90).toBuffer()).flop(); // transverse
    case 8:
      return image.rotate(90);
    default:
      return image;
  }
}

const u16 = (n: number) => [n >> 8, n & 0xff];
const u32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** A big-endian EXIF: IFD0 with Make, Model, Orientation and a GPS IFD (N 40.4168, W 3.7038: Madrid). */
function exifWithGps(orientation: number) {
  const entry = (tag: number, type: number, count: number, value: number[]) => [
    ...u16(tag),
    ...u16(type),
    ...u32(count),
    ...value,
    ...Array(4 - value.length).fill(0),
  ];
  // IFD0 at 8: 4 entries (2 + 48 + 4 = 54 bytes) -> data from 62.
  const make = ascii("PhoneMaker\0"); // 11 bytes at 62
  const model = ascii("Phone 15\0"); // 9 bytes at 73, then two pad bytes
  const gpsIfd = 84;
  const rational = (n: number, d: number) => [...u32(n), ...u32(d)];
  // GPS IFD: 4 entries (2 + 48 + 4 = 54) -> rationals from 138.
  const ifd0 = [
    ...u16(4),
    ...entry(0x010f, 2, make.length, u32(62)),
    ...entry(0x0110, 2, model.length, u32(73)),
    ...entry(0x0112, 3, 1, u16(orientation)),
    ...entry(0x8825, 4, 1, u32(gpsIfd)),
    ...u32(0),
  ];
  const gps = [
    ...u16(4),
    ...entry(0x0001, 2, 2, ascii("N\0")),
    ...entry(0x0002, 5, 3, u32(138)),
    ...entry(0x0003, 2, 2, ascii("W\0")),
    ...entry(0x0004, 5, 3, u32(162)),
    ...u32(0),
  ];
  const tiff = [
    ...ascii("MM"),
    ...u16(42),
    ...u32(8),
    ...ifd0,
    ...make,
    ...model,
    0,
    0,
    ...gps,
    ...rational(40, 1),
    ...rational(25, 1),
    ...rational(48, 100),
    ...rational(3, 1),
    ...rational(42, 1),
    ...rational(1368, 100),
  ];
  if (8 + ifd0.length !== 62 || 62 + make.length + model.length + 2 !== gpsIfd || gpsIfd + gps.length !== 138)
    throw new Error("EXIF layout off");
  return [...ascii("Exif\0\0"), ...tiff];
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="40,25.48N" exif:GPSLongitude="3,42.1368W"/></rdf:RDF></x:xmpmeta>`;

const segment = (marker: number, data: number[]) => [0xff, marker, ...u16(data.length + 2), ...data];

/** IPTC in Photoshop's APP13: a caption and a city. */
function iptc() {
  const dataset = (number: number, text: string) => [0x1c, 2, number, ...u16(text.length), ...ascii(text)];
  const records = [...dataset(120, "Our home"), ...dataset(90, "Madrid")];
  const block = [...ascii("8BIM"), ...u16(0x0404), 0, 0, ...u32(records.length), ...records];
  if (records.length % 2) block.push(0);
  return [...ascii("Photoshop 3.0\0"), ...block];
}

/** A JPEG with the phone's metadata put in after SOI (EXIF first, as cameras write it) and a trailer after EOI. */
function withPhoneMetadata(jpeg: Buffer, orientation: number, extras: boolean) {
  const head = [...segment(0xe1, exifWithGps(orientation))];
  if (extras)
    head.push(
      ...segment(0xe1, [...ascii("http://ns.adobe.com/xap/1.0/\0"), ...ascii(XMP)]),
      ...segment(0xed, iptc()),
      ...segment(0xfe, ascii("Taken at home, 40.4168 N 3.7038 W")),
    );
  const trailer = extras ? ascii("TRAILER GPS 40.4168 N 3.7038 W") : [];
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from(head), jpeg.subarray(2), Buffer.from(trailer)]);
}

for (let orientation = 1; orientation <= 8; orientation++) {
  const jpeg = await (await stored(orientation)).jpeg({ quality: 95 }).toBuffer();
  writeFileSync(out(`orientation-${orientation}.jpg`), withPhoneMetadata(jpeg, orientation, false));
}

const picture = () => quarters(64, 48).withIccProfile("srgb");
writeFileSync(out("gps.jpg"), withPhoneMetadata(await picture().jpeg({ quality: 90 }).toBuffer(), 6, true));

/** PNG chunks: text, international text with XMP, EXIF, put in before IEND. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes: number[]) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: number[]) => [
  ...u32(data.length),
  ...ascii(type),
  ...data,
  ...u32(crc([...ascii(type), ...data])),
];
const png = await picture().png().toBuffer();
const extraChunks = [
  ...chunk("tEXt", ascii("Comment\0Taken at home, 40.4168 N 3.7038 W")),
  ...chunk("iTXt", [...ascii("XML:com.adobe.xmp\0"), 0, 0, 0, 0, ...ascii(XMP)]),
  ...chunk("eXIf", exifWithGps(1).slice(6)),
];
writeFileSync(
  out("gps.png"),
  Buffer.concat([png.subarray(0, png.length - 12), Buffer.from(extraChunks), png.subarray(png.length - 12)]),
);

// The oriented PNGs: eXIf (the EXIF without its "Exif\0\0") right after IHDR, before the image data, where readers
// look for it.
for (const orientation of [3, 6]) {
  const turned = await (await stored(orientation)).png().toBuffer();
  const ihdrEnd = 8 + 25;
  const exif = chunk("eXIf", exifWithGps(orientation).slice(6));
  writeFileSync(
    out(`orientation-${orientation}.png`),
    Buffer.concat([turned.subarray(0, ihdrEnd), Buffer.from(exif), turned.subarray(ihdrEnd)]),
  );
}

/** A WebP's chunks after its 12-byte RIFF header, each with its type and data (pad byte left out). */
function webpChunks(file: Buffer) {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    const size = file.readUInt32LE(at + 4);
    chunks.push({ type: file.toString("latin1", at, at + 4), data: file.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size & 1);
  }
  return chunks;
}
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24];

// The oriented WebPs: sharp writes the extended header (VP8X, its EXIF flag set) and an EXIF chunk, whose data is
// replaced by ours.
for (const [orientation, prefixed] of [
  [6, true],
  [8, false],
] as const) {
  const made = await (await stored(orientation))
    .withExif({ IFD0: { Make: "PhoneMaker" } })
    .webp({ quality: 95 })
    .toBuffer();
  const exif = prefixed ? exifWithGps(orientation) : exifWithGps(orientation).slice(6);
  const body = webpChunks(made).flatMap(({ type, data }) => {
    const bytes = type === "EXIF" ? exif : [...data];
    return [...ascii(type), ...le32(bytes.length), ...bytes, ...(bytes.length & 1 ? [0] : [])];
  });
  writeFileSync(
    out(`orientation-${orientation}.webp`),
    Buffer.from([...ascii("RIFF"), ...le32(body.length + 4), ...ascii("WEBP"), ...body]),
  );
}

// sharp writes a WebP's EXIF and XMP chunks (and its VP8X flags) itself.
const webp = await picture()
  .withExif({
    IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
    IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 48/100" },
  })
  .withXmp(XMP)
  .webp({ quality: 90 })
  .toBuffer();
writeFileSync(out("gps.webp"), webp);

// An AVIF with EXIF (GPS) and XMP items, as libheif writes them (sharp).
const avif = await picture()
  .withExif({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 25/1 48/100" } })
  .withXmp(XMP)
  .avif({ quality: 60 })
  .toBuffer();
writeFileSync(out("gps.avif"), avif);

// phone.heic: a real HEIC (HEVC-coded, as an iPhone writes), 320 x 240 quarters, made by libheif's heif-enc (Debian:
// apt-get install libheif-examples), which no browser but Safari can show.
const heicSource = fileURLToPath(out("phone-source.png"));
await quarters(320, 240).png().toFile(heicSource);
execFileSync("heif-enc", ["--quality", "60", "--output", fileURLToPath(out("phone.heic")), heicSource]);
rmSync(heicSource);
