import sharp from 'sharp';

/** What a demo picture shows over its sky: rolling hills, a road into the distance, or stacked containers. */
export type Motif = 'hills' | 'road' | 'containers';

/** The look of one demo picture: a hue (0–359) for its colours and a motif. */
export interface Picture {
  hue: number;
  motif: Motif;
}

const WIDTH = 1200;
const HEIGHT = 800;

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

const MOTIFS: Record<Motif, (hue: number) => string> = { hills, road, containers };

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
 * A demo photo as JPEG bytes, rendered from SVG by sharp. It is stored through the same checks as an upload
 * (SVG itself is never accepted as an image, DESIGN §5), so only the rendered JPEG leaves this function.
 */
export function renderPicture(picture: Picture): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(picture)))
    .jpeg({ quality: 82 })
    .toBuffer();
}
