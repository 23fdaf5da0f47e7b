import { drawingAt, type GarmentKind, type Palette, shade } from './illustrations';

type Banner = {
  /** Shown as HTML over the picture by the storefront, never painted into it. */
  text: { title: string; text: string; buttonLabel: string; link: string };
  background: [string, string];
  /** Drawings left and right of the centre, where the storefront puts the text. */
  items: Array<{ kind: GarmentKind; palette: Palette; x: number; y: number; scale: number }>;
};

const p = (main: string, accent: string): Palette => ({ main, accent, backdrop: '#ffffff' });

const banners: Banner[] = [
  {
    text: {
      title: 'Summer Collection',
      text: 'Light dresses, easy slides and sunny extras',
      buttonLabel: 'Shop women',
      link: '/shop/listing?category=women',
    },
    background: ['#fde2d3', '#f7b9a6'],
    items: [
      { kind: 'dress', palette: p('#f0776b', '#fff7ed'), x: 10, y: 80, scale: 1.25 },
      { kind: 'sunglasses', palette: p('#3b1d1a', '#a16207'), x: 330, y: 330, scale: 0.7 },
      { kind: 'tote', palette: p('#efe6d2', '#b9834c'), x: 1180, y: 90, scale: 1.05 },
      { kind: 'slide', palette: p('#9cb59a', '#f8fafc'), x: 1290, y: 270, scale: 0.8 },
    ],
  },
  {
    text: {
      title: 'Up to 40% Off',
      text: 'Sneakers and running shoes from the brands you love',
      buttonLabel: 'Shop footwear',
      link: '/shop/listing?category=footwear',
    },
    background: ['#16233d', '#0b1222'],
    items: [
      { kind: 'sneaker', palette: p('#f1f1ee', '#ea6b24'), x: -10, y: 40, scale: 1.3 },
      { kind: 'runner', palette: p('#2356c7', '#f4c430'), x: 110, y: 200, scale: 0.95 },
      { kind: 'runner', palette: p('#ea6b24', '#f1f1ee'), x: 1130, y: 40, scale: 1.3 },
      { kind: 'sneaker', palette: p('#7f1d3a', '#f3d9b1'), x: 1190, y: 200, scale: 0.95 },
    ],
  },
  {
    text: {
      title: 'Made to Last',
      text: 'Jeans and jackets in every wash, for everyone',
      buttonLabel: 'Shop men',
      link: '/shop/listing?category=men',
    },
    background: ['#dbe7f3', '#a9c3df'],
    items: [
      { kind: 'jacket', palette: p('#7ea3cc', '#c08552'), x: 10, y: 70, scale: 1.3 },
      { kind: 'cap', palette: p('#1e3a5f', '#f59e0b'), x: 320, y: 300, scale: 0.65 },
      { kind: 'jeans', palette: p('#2f4a7d', '#d4a373'), x: 1120, y: 40, scale: 1.35 },
      { kind: 'jeans', palette: p('#34363b', '#a8a29e'), x: 1290, y: 160, scale: 1.0 },
    ],
  },
];

function bannerSvg(b: Banner): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${b.background[0]}"/><stop offset="1" stop-color="${b.background[1]}"/>
  </linearGradient></defs>
  <rect width="1600" height="600" fill="url(#bg)"/>
  <circle cx="260" cy="300" r="250" fill="${shade(b.background[0], 0.25)}" opacity="0.35"/>
  <circle cx="1340" cy="300" r="250" fill="${shade(b.background[0], 0.25)}" opacity="0.35"/>
  ${b.items.map((i) => drawingAt(i.kind, i.palette, i.x, i.y, i.scale)).join('\n  ')}
</svg>`;
}

/** The three home banners: each an SVG picture and the text the storefront shows over it. */
export const demoBanners = () => banners.map((b) => ({ svg: bannerSvg(b), ...b.text }));
