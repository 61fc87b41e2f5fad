import type { ArtElement } from "@contract/creator/document";
import { containPlacement } from "@contract/creator/layout";
import { artFrame, hexColour } from "./draw";
import { num } from "./pdf-writer";
import { PrintRefused } from "./refused";

/**
 * The shop's artwork (public/images/designs/*.svg, bundled with the worker) drawn as vector paths: the SVG subset the
 * artwork uses (rect with rounded corners, circle, ellipse, path with M L H V C S Q T A Z, groups; fill, stroke, its
 * width, dashes and caps, opacity; rotate, translate and scale transforms) becomes the PDF's own operators, so it stays
 * sharp at any size. Anything outside that subset refuses the file rather than print something else.
 */

const ART = import.meta.glob<string>("/public/images/designs/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

type Style = { fill: string | null; stroke: string | null; width: number; opacity: number; dash: string; cap: number };
const CAPS: Record<string, number> = { butt: 0, round: 1, square: 2 };
const KAPPA = 0.5522847498;

function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of text.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)) found[match[1]!] = match[2]!;
  return found;
}

const numbers = (text: string) => (text.match(/-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/gi) ?? []).map(Number);

function transformOps(transform: string | undefined): string {
  if (!transform) return "";
  const ops: string[] = [];
  for (const match of transform.matchAll(/(\w+)\(([^)]*)\)/g)) {
    const [name, list] = [match[1]!, numbers(match[2]!)];
    if (name === "translate") ops.push(`1 0 0 1 ${num(list[0] ?? 0)} ${num(list[1] ?? 0)} cm`);
    else if (name === "scale") ops.push(`${num(list[0] ?? 1)} 0 0 ${num(list[1] ?? list[0] ?? 1)} 0 0 cm`);
    else if (name === "rotate") {
      const [angle = 0, cx = 0, cy = 0] = list;
      const radians = (angle * Math.PI) / 180;
      const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
      ops.push(`1 0 0 1 ${num(cx)} ${num(cy)} cm ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} 0 0 cm`);
      ops.push(`1 0 0 1 ${num(-cx)} ${num(-cy)} cm`);
    } else if (name === "matrix" && list.length === 6) ops.push(`${list.map(num).join(" ")} cm`);
    else throw new PrintRefused(`Artwork transform ${name} is not printed`);
  }
  return ops.join(" ");
}

function ellipse(cx: number, cy: number, rx: number, ry: number) {
  const [kx, ky] = [rx * KAPPA, ry * KAPPA];
  return [
    `${num(cx + rx)} ${num(cy)} m`,
    `${num(cx + rx)} ${num(cy + ky)} ${num(cx + kx)} ${num(cy + ry)} ${num(cx)} ${num(cy + ry)} c`,
    `${num(cx - kx)} ${num(cy + ry)} ${num(cx - rx)} ${num(cy + ky)} ${num(cx - rx)} ${num(cy)} c`,
    `${num(cx - rx)} ${num(cy - ky)} ${num(cx - kx)} ${num(cy - ry)} ${num(cx)} ${num(cy - ry)} c`,
    `${num(cx + kx)} ${num(cy - ry)} ${num(cx + rx)} ${num(cy - ky)} ${num(cx + rx)} ${num(cy)} c h`,
  ].join(" ");
}

function rect(a: Record<string, string>) {
  const [x, y, w, h] = ["x", "y", "width", "height"].map((key) => Number(a[key] ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  const rx = Math.min(Number(a.rx ?? a.ry ?? 0), w / 2);
  const ry = Math.min(Number(a.ry ?? a.rx ?? 0), h / 2);
  if (!rx || !ry) return `${num(x)} ${num(y)} ${num(w)} ${num(h)} re`;
  const [kx, ky] = [rx * (1 - KAPPA), ry * (1 - KAPPA)];
  return [
    `${num(x + rx)} ${num(y)} m ${num(x + w - rx)} ${num(y)} l`,
    `${num(x + w - kx)} ${num(y)} ${num(x + w)} ${num(y + ky)} ${num(x + w)} ${num(y + ry)} c`,
    `${num(x + w)} ${num(y + h - ry)} l ${num(x + w)} ${num(y + h - ky)} ${num(x + w - kx)} ${num(y + h)} ${num(x + w - rx)} ${num(y + h)} c`,
    `${num(x + rx)} ${num(y + h)} l ${num(x + kx)} ${num(y + h)} ${num(x)} ${num(y + h - ky)} ${num(x)} ${num(y + h - ry)} c`,
    `${num(x)} ${num(y + ry)} l ${num(x)} ${num(y + ky)} ${num(x + kx)} ${num(y)} ${num(x + rx)} ${num(y)} c h`,
  ].join(" ");
}

/** An SVG arc as cubic curves (SVG 1.1 appendix F.6: endpoint to centre parameterisation). */
function arc(from: [number, number], args: number[], to: [number, number]): string[] {
  let [rx, ry] = [Math.abs(args[0]!), Math.abs(args[1]!)];
  const [phi, large, sweep] = [(args[2]! * Math.PI) / 180, args[3]!, args[4]!];
  if (!rx || !ry) return [`${num(to[0])} ${num(to[1])} l`];
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const scale = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (scale > 1) [rx, ry] = [rx * Math.sqrt(scale), ry * Math.sqrt(scale)];
  const sign = large === sweep ? -1 : 1;
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const co = sign * Math.sqrt(Math.max(0, numerator / (rx * rx * y1 * y1 + ry * ry * x1 * x1)));
  const cx1 = (co * rx * y1) / ry;
  const cy1 = (-co * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const start = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const segments = Math.ceil(Math.abs(delta) / (Math.PI / 2));
  const step = delta / segments;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number, dr = 0) => {
    const [ex, ey] = [Math.cos(t), Math.sin(t)];
    const [px, py] = dr ? [rx * (ex - dr * ey), ry * (ey + dr * ex)] : [rx * ex, ry * ey];
    return [cos * px - sin * py + cx, sin * px + cos * py + cy] as const;
  };
  const curves: string[] = [];
  for (let index = 0; index < segments; index++) {
    const [t1, t2] = [start + index * step, start + (index + 1) * step];
    const c1 = point(t1, k);
    const c2 = point(t2, -k);
    const end = index === segments - 1 ? to : point(t2);
    curves.push(`${[...c1, ...c2, ...end].map(num).join(" ")} c`);
  }
  return curves;
}

/** SVG path data as PDF path operators. */
function path(d: string): string {
  const ops: string[] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let control: [number, number] | null = null;
  let previous = "";
  for (const match of d.matchAll(/([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g)) {
    const command = match[1]!;
    const values = numbers(match[2]!);
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const size = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 }[upper] ?? 0;
    if (upper === "Z") {
      ops.push("h");
      [x, y] = [startX, startY];
      previous = upper;
      continue;
    }
    for (let at = 0; at + size <= values.length; at += size) {
      const v = values.slice(at, at + size);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      const kind = upper === "M" && at > 0 ? "L" : upper;
      if (kind === "M") {
        [x, y] = [v[0]! + ox, v[1]! + oy];
        [startX, startY] = [x, y];
        ops.push(`${num(x)} ${num(y)} m`);
        control = null;
      } else if (kind === "L" || kind === "H" || kind === "V") {
        if (kind === "H") x = v[0]! + ox;
        else if (kind === "V") y = v[0]! + oy;
        else [x, y] = [v[0]! + ox, v[1]! + oy];
        ops.push(`${num(x)} ${num(y)} l`);
        control = null;
      } else if (kind === "C" || kind === "S") {
        const [c1x, c1y] =
          kind === "C"
            ? [v[0]! + ox, v[1]! + oy]
            : control && "CS".includes(previous)
              ? [2 * x - control[0], 2 * y - control[1]]
              : [x, y];
        const rest = kind === "C" ? v.slice(2) : v;
        const c2: [number, number] = [rest[0]! + ox, rest[1]! + oy];
        [x, y] = [rest[2]! + ox, rest[3]! + oy];
        ops.push(`${[c1x, c1y, ...c2, x, y].map(num).join(" ")} c`);
        control = c2;
      } else if (kind === "Q" || kind === "T") {
        const q: [number, number] =
          kind === "Q"
            ? [v[0]! + ox, v[1]! + oy]
            : control && "QT".includes(previous)
              ? [2 * x - control[0], 2 * y - control[1]]
              : [x, y];
        const end: [number, number] = kind === "Q" ? [v[2]! + ox, v[3]! + oy] : [v[0]! + ox, v[1]! + oy];
        const c1 = [x + (2 / 3) * (q[0] - x), y + (2 / 3) * (q[1] - y)];
        const c2 = [end[0] + (2 / 3) * (q[0] - end[0]), end[1] + (2 / 3) * (q[1] - end[1])];
        ops.push(`${[...c1, ...c2, ...end].map(num).join(" ")} c`);
        [x, y] = end;
        control = q;
      } else if (kind === "A") {
        const end: [number, number] = [v[5]! + ox, v[6]! + oy];
        ops.push(...arc([x, y], v, end));
        [x, y] = end;
        control = null;
      }
      previous = kind;
    }
    if (size === 0) previous = upper;
  }
  return ops.join(" ");
}

function paint(shape: string, style: Style, opacities: Set<number>) {
  const fill = style.fill && style.fill !== "none" ? style.fill : null;
  const stroke = style.stroke && style.stroke !== "none" ? style.stroke : null;
  if (!fill && !stroke) return "";
  const parts = ["q"];
  if (style.opacity < 1) {
    const key = Math.round(style.opacity * 1000);
    opacities.add(key);
    parts.push(`/O${key} gs`);
  }
  if (fill) parts.push(`${colour(fill)} rg`);
  if (stroke) parts.push(`${colour(stroke)} RG ${num(style.width)} w ${style.cap} J [${style.dash}] 0 d`);
  parts.push(shape, fill && stroke ? "B" : fill ? "f" : "S", "Q");
  return parts.join(" ");
}

function colour(value: string) {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  const full = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value;
  if (!/^#[0-9a-f]{6}$/i.test(full)) throw new PrintRefused(`Artwork colour ${value} is not printed`);
  return hexColour(full.toLowerCase());
}

/** The artwork's drawing in its frame, and the opacities its page's resources must name (`/O{per mille}`). */
export function drawArt(art: ArtElement, opacities: Set<number>): string {
  const svg = ART[`/public${art.src}`];
  if (!svg) throw new PrintRefused(`The artwork ${art.src} is not one the print file knows`);
  const root = attributes(/<svg([^>]*)>/.exec(svg)?.[1] ?? "");
  const [vx, vy, vw, vh] = numbers(root.viewBox ?? `0 0 ${root.width ?? 100} ${root.height ?? 100}`);
  const box = containPlacement({ width: vw!, height: vh! }, art);
  const out = [
    `q ${artFrame(art)} ${num(box.width / vw!)} 0 0 ${num(box.height / vh!)} ${num(box.x)} ${num(box.y)} cm 1 0 0 1 ${num(-vx!)} ${num(-vy!)} cm`,
  ];
  const stack: Style[] = [{ fill: "#000000", stroke: null, width: 1, opacity: 1, dash: "", cap: 0 }];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    const [, closing, tag, body, selfClosing] = match;
    if (tag === "svg" || tag === "title") continue;
    if (closing) {
      if (tag === "g") {
        stack.pop();
        out.push("Q");
      }
      continue;
    }
    const a = attributes(body!);
    const parent = stack.at(-1)!;
    const style: Style = {
      fill: a.fill ?? parent.fill,
      stroke: a.stroke ?? parent.stroke,
      width: a["stroke-width"] ? Number(a["stroke-width"]) : parent.width,
      opacity: parent.opacity * Number(a.opacity ?? 1),
      dash: a["stroke-dasharray"] ? numbers(a["stroke-dasharray"]).map(num).join(" ") : parent.dash,
      cap: a["stroke-linecap"] ? (CAPS[a["stroke-linecap"]] ?? 0) : parent.cap,
    };
    const transform = transformOps(a.transform);
    if (tag === "g") {
      out.push(`q ${transform}`);
      if (!selfClosing) stack.push(style);
      else out.push("Q");
      continue;
    }
    const shape =
      tag === "rect"
        ? rect(a)
        : tag === "circle"
          ? ellipse(Number(a.cx ?? 0), Number(a.cy ?? 0), Number(a.r ?? 0), Number(a.r ?? 0))
          : tag === "ellipse"
            ? ellipse(Number(a.cx ?? 0), Number(a.cy ?? 0), Number(a.rx ?? 0), Number(a.ry ?? 0))
            : tag === "path"
              ? path(a.d ?? "")
              : null;
    if (shape === null) throw new PrintRefused(`Artwork element <${tag}> is not printed`);
    const painted = paint(shape, style, opacities);
    if (painted) out.push(transform ? `q ${transform} ${painted} Q` : painted);
  }
  out.push("Q");
  return out.join("\n");
}
