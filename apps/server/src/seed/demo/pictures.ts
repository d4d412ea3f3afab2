import { sharp } from '../../media/sharp.js';

/**
 * What a demo picture shows over its sky: rolling hills, a road into the distance, stacked containers, a lorry
 * on the road, or a warehouse hall with its loading docks.
 */
export type Motif = 'hills' | 'road' | 'containers' | 'truck' | 'hall';

/** The look of one demo picture: a hue (0–359) for its colours and a motif. */
export interface Picture {
  hue: number;
  motif: Motif;
}

const WIDTH = 1200;
const HEIGHT = 800;

/**
 * The width of gallery photos and of news and reference images (800×533): a seed draws dozens of them and the
 * image pipeline re-encodes each one, so they are smaller than the pages' and categories' 1200×800.
 */
export const PHOTO_WIDTH = 800;

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round((hue + 360) % 360)},${saturation}%,${lightness}%)`;

function hills(hue: number) {
  const layers = [
    { y: 470, amp: 60, light: 42, shift: 0 },
    { y: 560, amp: 45, light: 32, shift: 300 },
    { y: 650, amp: 35, light: 22, shift: 650 },
  ];
  return layers
    .map(({ y, amp, light, shift }) => {
      const d = [`M0 ${HEIGHT}`, `L0 ${y}`];
      for (let x = 0; x <= WIDTH; x += 100) {
        d.push(`L${x} ${Math.round(y - amp * Math.sin(((x + shift) / WIDTH) * Math.PI * 2))}`);
      }
      d.push(`L${WIDTH} ${HEIGHT} Z`);
      return `<path d="${d.join(' ')}" fill="${hsl(hue + 120, 35, light)}"/>`;
    })
    .join('');
}

function road(hue: number) {
  const dashes = [0, 1, 2, 3, 4]
    .map((i) => {
      const top = 520 + i * i * 14 + i * 30;
      const width = 4 + i * 4;
      return `<rect x="${600 - width / 2}" y="${top}" width="${width}" height="${18 + i * 10}" fill="#f4f1e8"/>`;
    })
    .join('');
  return [
    `<rect y="500" width="${WIDTH}" height="${HEIGHT - 500}" fill="${hsl(hue + 90, 30, 34)}"/>`,
    `<path d="M560 500 L640 500 L1050 ${HEIGHT} L150 ${HEIGHT} Z" fill="#3b3f46"/>`,
    dashes,
  ].join('');
}

function containers(hue: number) {
  const blocks: string[] = [`<rect y="640" width="${WIDTH}" height="${HEIGHT - 640}" fill="#5b5f66"/>`];
  for (let column = 0; column < 6; column++) {
    const stack = 1 + ((column * 7 + hue) % 3);
    for (let level = 0; level < stack; level++) {
      const colour = hsl(hue + column * 47 + level * 23, 55, 38 + level * 7);
      blocks.push(
        `<rect x="${90 + column * 175}" y="${560 - level * 84}" width="160" height="80" rx="3" fill="${colour}"/>`,
        `<path d="M${110 + column * 175} ${575 - level * 84} v50 M${140 + column * 175} ${575 - level * 84} v50 ` +
          `M${170 + column * 175} ${575 - level * 84} v50 M${200 + column * 175} ${575 - level * 84} v50" ` +
          'stroke="#000" stroke-opacity="0.18" stroke-width="6"/>',
      );
    }
  }
  return blocks.join('');
}

function truck(hue: number) {
  const wheels = [330, 400, 470, 965, 1055]
    .map((x) => `<circle cx="${x}" cy="650" r="34" fill="#1d1f23"/><circle cx="${x}" cy="650" r="13" fill="#9aa0a8"/>`)
    .join('');
  return [
    `<rect y="560" width="${WIDTH}" height="${HEIGHT - 560}" fill="${hsl(hue + 90, 25, 36)}"/>`,
    `<rect y="630" width="${WIDTH}" height="110" fill="#3b3f46"/>`,
    `<rect x="250" y="380" width="680" height="250" rx="6" fill="${hsl(hue + 200, 15, 92)}"/>`,
    `<rect x="250" y="560" width="680" height="22" fill="${hsl(hue + 160, 70, 42)}"/>`,
    '<rect x="920" y="596" width="30" height="26" fill="#2a2d33"/>',
    `<path d="M940 630 V440 Q940 420 960 420 H1040 Q1075 420 1090 470 L1110 540 V630 Z" fill="${hsl(hue + 160, 70, 42)}"/>`,
    '<path d="M965 440 H1035 Q1060 440 1072 480 L1085 520 H965 Z" fill="#cfe3f0" fill-opacity="0.85"/>',
    wheels,
  ].join('');
}

function hall(hue: number) {
  const doors = [0, 1, 2, 3, 4]
    .map((i) => {
      const x = 250 + i * 150;
      return (
        `<rect x="${x}" y="520" width="110" height="150" fill="#4a4f57"/>` +
        `<path d="M${x} 545 h110 M${x} 570 h110 M${x} 595 h110 M${x} 620 h110 M${x} 645 h110" ` +
        'stroke="#000" stroke-opacity="0.25" stroke-width="4"/>'
      );
    })
    .join('');
  return [
    `<rect y="670" width="${WIDTH}" height="${HEIGHT - 670}" fill="#6b6f76"/>`,
    `<rect x="180" y="400" width="840" height="270" fill="${hsl(hue + 200, 10, 86)}"/>`,
    `<rect x="180" y="380" width="840" height="34" fill="${hsl(hue + 180, 55, 40)}"/>`,
    doors,
  ].join('');
}

const MOTIFS: Record<Motif, (hue: number) => string> = { hills, road, containers, truck, hall };

/** The picture as SVG: a sky gradient in the record's hue, a sun, and the motif in front. */
export function pictureSvg({ hue, motif }: Picture): string {
  const sunX = 200 + ((hue * 7) % 800);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">',
    `<stop offset="0" stop-color="${hsl(hue, 70, 30)}"/><stop offset="1" stop-color="${hsl(hue + 35, 75, 72)}"/>`,
    '</linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="230" r="110" fill="${hsl(hue + 180, 90, 85)}" fill-opacity="0.85"/>`,
    `<circle cx="${sunX}" cy="230" r="170" fill="${hsl(hue + 180, 90, 85)}" fill-opacity="0.15"/>`,
    MOTIFS[motif](hue),
    '</svg>',
  ].join('');
}

/**
 * A demo photo as JPEG bytes, rendered from SVG by sharp, `width` pixels wide (3:2). It is stored through the same
 * checks as an upload (SVG itself is never accepted as an image, docs/data.md), so only the rendered JPEG leaves this
 * function. The SVG is rasterised at the size asked for (its density), never drawn large and scaled down.
 */
export function renderPicture(picture: Picture, width = WIDTH): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(picture)), { density: (72 * width) / WIDTH })
    .jpeg({ quality: 82 })
    .toBuffer();
}

/** The mark of a demo partner's logo, drawn in the partner's hue beside two bars that stand for its name. */
export type LogoMark = 'circle' | 'diamond' | 'hexagon' | 'chevrons' | 'ring' | 'bars';

export interface Logo {
  hue: number;
  mark: LogoMark;
}

const LOGO_MARKS: Record<LogoMark, (colour: string) => string> = {
  circle: (c) => `<circle cx="120" cy="120" r="64" fill="${c}"/>`,
  diamond: (c) => `<path d="M120 52 L188 120 L120 188 L52 120 Z" fill="${c}"/>`,
  hexagon: (c) => `<path d="M120 54 L178 87 V153 L120 186 L62 153 V87 Z" fill="${c}"/>`,
  chevrons: (c) =>
    `<path d="M58 70 L110 120 L58 170 M112 70 L164 120 L112 170" stroke="${c}" stroke-width="26" fill="none"/>`,
  ring: (c) => `<circle cx="120" cy="120" r="54" stroke="${c}" stroke-width="24" fill="none"/>`,
  bars: (c) =>
    `<rect x="60" y="110" width="28" height="70" fill="${c}"/><rect x="106" y="80" width="28" height="100" ` +
    `fill="${c}"/><rect x="152" y="56" width="28" height="124" fill="${c}"/>`,
};

/** A partner's logo as PNG bytes (480×240, white ground), rendered at seed time like the photos. */
export function renderLogo({ hue, mark }: Logo): Promise<Buffer> {
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240">',
    '<rect width="480" height="240" fill="#fff"/>',
    LOGO_MARKS[mark](hsl(hue, 65, 42)),
    `<rect x="216" y="86" width="214" height="36" rx="8" fill="${hsl(hue, 30, 20)}"/>`,
    `<rect x="216" y="136" width="150" height="16" rx="8" fill="${hsl(hue, 55, 60)}"/>`,
    '</svg>',
  ].join('');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
