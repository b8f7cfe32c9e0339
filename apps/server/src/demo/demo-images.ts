import fs from "node:fs";
import path from "node:path";

export type Motif = "leaf" | "cup" | "box" | "cake" | "jar" | "pot";

// Simple vector motifs: demo pictures need no download and no fonts.
const MOTIFS: Record<Motif, (c: string) => string> = {
  leaf: (c) =>
    `<path d="M200 330 C120 280 110 170 200 70 C290 170 280 280 200 330Z" fill="${c}"/><path d="M200 320 L200 110" stroke="#fff" stroke-width="6" opacity=".7"/>`,
  cup: (c) =>
    `<rect x="120" y="170" width="150" height="120" rx="24" fill="${c}"/><path d="M270 195 q55 10 0 70" stroke="${c}" stroke-width="16" fill="none"/><path d="M160 150 q15-30 0-60 M200 150 q15-30 0-60 M240 150 q15-30 0-60" stroke="${c}" stroke-width="8" fill="none" opacity=".6"/>`,
  box: (c) =>
    `<rect x="110" y="140" width="180" height="150" rx="10" fill="${c}"/><rect x="190" y="140" width="20" height="150" fill="#fff" opacity=".8"/><path d="M200 140 q-60-60-70 0 M200 140 q60-60 70 0" stroke="${c}" stroke-width="12" fill="none"/>`,
  cake: (c) =>
    `<rect x="110" y="160" width="180" height="110" rx="16" fill="${c}"/><rect x="110" y="200" width="180" height="16" fill="#fff" opacity=".6"/><circle cx="200" cy="145" r="18" fill="${c}"/>`,
  jar: (c) =>
    `<rect x="135" y="120" width="130" height="180" rx="30" fill="${c}"/><rect x="150" y="95" width="100" height="30" rx="8" fill="${c}" opacity=".8"/><rect x="155" y="180" width="90" height="60" rx="6" fill="#fff" opacity=".7"/>`,
  pot: (c) =>
    `<ellipse cx="200" cy="220" rx="100" ry="80" fill="${c}"/><path d="M100 200 q-60 -20 -40 40" stroke="${c}" stroke-width="14" fill="none"/><path d="M300 210 l60 -50" stroke="${c}" stroke-width="16"/><circle cx="200" cy="135" r="16" fill="${c}"/>`,
};

function hslColor(hue: number, s = 45, l = 38) {
  return `hsl(${hue} ${s}% ${l}%)`;
}

function squareSvg(motif: Motif, hue: number, variant: number): string {
  const bg = `hsl(${hue} 40% ${92 - (variant % 3) * 4}%)`;
  const fg = hslColor(hue, 45, 32 + (variant % 4) * 5);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><rect width="400" height="400" fill="${bg}"/><circle cx="${110 + ((variant * 53) % 180)}" cy="${95 + ((variant * 31) % 40)}" r="22" fill="${fg}" opacity=".12"/>${MOTIFS[motif](fg)}</svg>`;
}

function bannerSvg(width: number, height: number, hue: number): string {
  const a = `hsl(${hue} 45% 30%)`;
  const b = `hsl(${(hue + 30) % 360} 50% 55%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/><path d="M0 ${height * 0.75} C ${width * 0.25} ${height * 0.55}, ${width * 0.5} ${height * 0.95}, ${width} ${height * 0.7} L ${width} ${height} L 0 ${height} Z" fill="#fff" opacity=".15"/><path d="M0 ${height * 0.85} C ${width * 0.3} ${height * 0.7}, ${width * 0.6} ${height}, ${width} ${height * 0.8} L ${width} ${height} L 0 ${height} Z" fill="#fff" opacity=".15"/></svg>`;
}

/** Writes demo pictures under DATA_DIR/uploads/demo and returns their public URLs. */
export function createDemoImages(dataDir: string) {
  const dir = path.join(dataDir, "uploads", "demo");
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, svg: string) => {
    fs.writeFileSync(path.join(dir, name), svg);
    return `/uploads/demo/${name}`;
  };
  return {
    square: (name: string, motif: Motif, hue: number, variant = 0) => write(`${name}.svg`, squareSvg(motif, hue, variant)),
    banner: (name: string, hue: number) => ({
      desktop: write(`${name}-desktop.svg`, bannerSvg(1600, 500, hue)),
      mobile: write(`${name}-mobile.svg`, bannerSvg(750, 750, hue)),
    }),
  };
}

export type Images = ReturnType<typeof createDemoImages>;
