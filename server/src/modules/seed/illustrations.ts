// Flat product illustrations drawn as SVG, so the demo shop needs no downloaded photos.
// Each drawing lives in a 400 x 400 box; `productSvg` frames it on a soft backdrop.

export const garmentKinds = [
  'tee',
  'longsleeve',
  'hoodie',
  'jacket',
  'shirt',
  'jeans',
  'shorts',
  'dress',
  'skirt',
  'sneaker',
  'runner',
  'boot',
  'slide',
  'cap',
  'beanie',
  'tote',
  'backpack',
  'watch',
  'sunglasses',
] as const;
export type GarmentKind = (typeof garmentKinds)[number];

export type Palette = { main: string; accent: string; backdrop: string };

/** Darkens (amount < 0) or lightens (amount > 0) a #rrggbb colour. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

const stitch = (d: string, colour: string) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="5 4" stroke-linecap="round"/>`;
const line = (d: string, colour: string, width = 3) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

const longSleeveBody =
  'M140 82 L100 96 Q78 104 72 130 L52 292 L92 300 L112 176 L116 334 L284 334 L288 176 L308 300 L348 292 L328 130 Q322 104 300 96 L260 82 Q200 112 140 82 Z';

const drawings: Record<GarmentKind, (p: Palette) => string> = {
  tee: ({ main, accent }) =>
    `<path d="M142 78 L104 92 L56 134 L86 184 L120 164 L120 334 L280 334 L280 164 L314 184 L344 134 L296 92 L258 78 Q200 116 142 78 Z" fill="${main}"/>
     <path d="M120 164 L120 334 L150 334 L146 170 Z" fill="${shade(main, -0.12)}"/>
     <path d="M142 78 Q200 116 258 78 L248 74 Q200 100 152 74 Z" fill="${shade(main, -0.25)}"/>
     <rect x="170" y="170" width="60" height="26" rx="4" fill="${accent}"/>
     ${stitch('M124 318 L276 318', shade(main, -0.3))}`,
  longsleeve: ({ main, accent }) =>
    `<path d="${longSleeveBody}" fill="${main}"/>
     <path d="M142 82 Q200 112 258 82 L250 78 Q200 102 150 78 Z" fill="${shade(main, -0.25)}"/>
     <path d="M54 278 L92 286 L90 300 L52 292 Z M346 278 L308 286 L310 300 L348 292 Z" fill="${shade(main, -0.2)}"/>
     <path d="M116 150 L284 150 L284 172 L116 172 Z" fill="${accent}"/>`,
  hoodie: ({ main, accent }) =>
    `<path d="${longSleeveBody}" fill="${main}"/>
     <path d="M146 92 Q150 36 200 34 Q250 36 254 92 Q200 128 146 92 Z" fill="${shade(main, -0.18)}"/>
     <path d="M168 90 Q200 112 232 90 Q226 58 200 56 Q174 58 168 90 Z" fill="${shade(main, -0.4)}"/>
     <path d="M150 250 L250 250 L262 312 L138 312 Z" fill="${shade(main, -0.1)}"/>
     ${line('M186 104 L182 170 M214 104 L218 170', accent, 4)}
     <path d="M116 318 L284 318 L284 334 L116 334 Z" fill="${shade(main, -0.2)}"/>`,
  jacket: ({ main, accent }) =>
    `<path d="${longSleeveBody}" fill="${main}"/>
     <path d="M200 100 L200 334" stroke="${accent}" stroke-width="5"/>
     <path d="M142 82 L200 150 L170 84 Z M258 82 L200 150 L230 84 Z" fill="${shade(main, -0.25)}"/>
     <path d="M132 230 L176 230 L176 236 L132 236 Z M224 230 L268 230 L268 236 L224 236 Z" fill="${shade(main, -0.35)}"/>
     ${stitch('M120 320 L280 320', shade(main, 0.3))}`,
  shirt: ({ main, accent }) =>
    `<path d="${longSleeveBody}" fill="${main}"/>
     <path d="M150 80 L200 120 L180 136 L140 96 Z M250 80 L200 120 L220 136 L260 96 Z" fill="${shade(main, 0.35)}"/>
     ${line('M200 122 L200 334', shade(main, -0.2), 2)}
     ${[150, 190, 230, 270, 310].map((y) => `<circle cx="207" cy="${y}" r="4" fill="${accent}"/>`).join('')}
     <path d="M130 170 L170 170 L170 206 L130 206 Z" fill="none" stroke="${shade(main, -0.2)}" stroke-width="2"/>`,
  jeans: ({ main, accent }) =>
    `<path d="M126 56 L274 56 L292 344 L214 344 L200 156 L186 344 L108 344 Z" fill="${main}"/>
     <path d="M126 56 L274 56 L275 82 L125 82 Z" fill="${shade(main, -0.2)}"/>
     <path d="M200 82 L200 156" stroke="${shade(main, -0.35)}" stroke-width="3"/>
     <rect x="194" y="62" width="12" height="14" rx="2" fill="${accent}"/>
     ${stitch('M140 90 Q150 130 186 118 M260 90 Q250 130 214 118', accent)}
     ${stitch('M112 326 L184 326 M216 326 L288 326', accent)}
     <path d="M214 344 L200 156 L206 160 L226 344 Z" fill="${shade(main, -0.15)}"/>`,
  shorts: ({ main, accent }) =>
    `<path d="M122 100 L278 100 L300 266 L214 278 L200 176 L186 278 L100 266 Z" fill="${main}"/>
     <path d="M122 100 L278 100 L279 126 L121 126 Z" fill="${shade(main, -0.2)}"/>
     ${line('M176 126 Q170 150 180 160 M224 126 Q230 150 220 160', accent, 3)}
     ${stitch('M104 250 L184 260 M216 260 L296 250', accent)}`,
  dress: ({ main, accent }) =>
    `<path d="M162 50 L176 50 Q200 84 224 50 L238 50 L250 150 L234 176 L306 346 L94 346 L166 176 L150 150 Z" fill="${main}"/>
     <path d="M166 176 L234 176 L238 192 L162 192 Z" fill="${accent}"/>
     <path d="M200 192 L150 346 L176 346 Z M200 192 L250 346 L224 346 Z" fill="${shade(main, -0.12)}"/>
     <path d="M176 50 Q200 84 224 50 Q200 70 176 50 Z" fill="${shade(main, -0.3)}"/>`,
  skirt: ({ main, accent }) =>
    `<path d="M142 120 L258 120 L306 318 L94 318 Z" fill="${main}"/>
     <path d="M142 120 L258 120 L260 146 L140 146 Z" fill="${accent}"/>
     ${line('M170 146 L148 318 M200 146 L200 318 M230 146 L252 318', shade(main, -0.2), 3)}`,
  sneaker: ({ main, accent }) =>
    `<path d="M58 262 Q56 214 96 200 L168 176 Q196 166 214 192 L252 220 Q328 228 346 262 L346 282 L58 282 Z" fill="${main}"/>
     <path d="M52 276 L352 276 Q356 306 330 306 L72 306 Q50 306 52 276 Z" fill="#f8fafc"/>
     <path d="M52 290 L354 290 L352 306 L70 306 Q52 306 52 290 Z" fill="${shade(accent, -0.1)}"/>
     <path d="M90 262 Q170 230 250 250 Q300 258 330 248" fill="none" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>
     ${line('M150 190 L176 214 M166 184 L194 206 M184 180 L210 200', '#f8fafc', 4)}
     <path d="M70 214 Q88 196 110 196 L110 240 L66 244 Z" fill="${shade(main, -0.15)}"/>`,
  runner: ({ main, accent }) =>
    `<path d="M60 258 Q64 206 108 196 L172 182 Q204 172 226 204 L270 222 Q334 232 346 266 L346 282 L60 282 Z" fill="${main}"/>
     <path d="M54 272 Q200 266 352 276 Q358 310 326 312 L80 312 Q50 312 54 272 Z" fill="${accent}"/>
     ${[0, 1, 2, 3].map((i) => `<path d="M${120 + i * 34} 268 L${140 + i * 34} 218" stroke="${shade(main, 0.35)}" stroke-width="7" stroke-linecap="round"/>`).join('')}
     ${line('M170 194 L186 214 M188 188 L204 208', '#ffffff', 4)}`,
  boot: ({ main, accent }) =>
    `<path d="M128 86 L214 86 L218 224 Q302 230 324 262 L326 290 L124 290 Z" fill="${main}"/>
     <path d="M118 286 L332 286 L332 312 L118 312 Z" fill="${shade(main, -0.5)}"/>
     <path d="M124 86 L218 86 L218 110 L124 110 Z" fill="${shade(main, -0.25)}"/>
     ${[130, 156, 182, 208].map((y) => `<path d="M196 ${y} L230 ${y + 8}" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>`).join('')}
     ${stitch('M128 270 L320 270', shade(main, 0.35))}`,
  slide: ({ main, accent }) =>
    `<path d="M56 266 Q66 246 110 250 L300 250 Q344 246 352 266 L352 284 Q344 296 320 296 L84 296 Q58 294 56 280 Z" fill="${shade(main, -0.35)}"/>
     <path d="M56 280 Q58 294 84 296 L320 296 Q344 296 352 284 L352 290 Q344 304 320 304 L84 304 Q56 302 56 290 Z" fill="${shade(main, -0.55)}"/>
     <path d="M112 252 Q124 196 206 192 Q286 196 300 252 L268 252 Q258 222 206 220 Q150 222 142 252 Z" fill="${main}"/>
     <path d="M150 214 Q206 196 262 214" fill="none" stroke="${accent}" stroke-width="8" stroke-linecap="round"/>`,
  cap: ({ main, accent }) =>
    `<path d="M108 232 Q104 126 200 118 Q296 126 292 232 Z" fill="${main}"/>
     <path d="M86 230 Q210 204 336 236 Q350 260 306 262 Q206 244 92 248 Q72 244 86 230 Z" fill="${shade(main, -0.25)}"/>
     ${line('M200 120 L200 228 M150 136 Q136 180 140 230 M250 136 Q264 180 260 230', shade(main, -0.2), 2)}
     <circle cx="200" cy="120" r="8" fill="${shade(main, -0.3)}"/>
     <rect x="170" y="168" width="60" height="30" rx="6" fill="${accent}"/>`,
  beanie: ({ main, accent }) =>
    `<circle cx="200" cy="86" r="30" fill="${accent}"/>
     <path d="M116 250 Q110 112 200 108 Q290 112 284 250 Z" fill="${main}"/>
     <path d="M104 236 L296 236 L296 300 L104 300 Z" rx="10" fill="${shade(main, -0.2)}"/>
     ${[130, 160, 190, 220, 250, 280].map((x) => `<path d="M${x} 242 L${x} 294" stroke="${shade(main, -0.35)}" stroke-width="4"/>`).join('')}`,
  tote: ({ main, accent }) =>
    `${line('M150 170 Q150 82 200 82 Q250 82 250 170', shade(main, -0.3), 12)}
     <path d="M106 160 L294 160 L310 336 L90 336 Z" fill="${main}"/>
     <path d="M106 160 L294 160 L296 184 L104 184 Z" fill="${shade(main, -0.15)}"/>
     <rect x="170" y="236" width="60" height="40" rx="6" fill="${accent}"/>`,
  backpack: ({ main, accent }) =>
    `${line('M170 92 Q200 60 230 92', shade(main, -0.35), 10)}
     <rect x="112" y="90" width="176" height="250" rx="50" fill="${main}"/>
     <rect x="140" y="220" width="120" height="100" rx="22" fill="${shade(main, -0.15)}"/>
     ${line('M150 236 L250 236', accent, 5)}
     <path d="M112 150 Q200 120 288 150" fill="none" stroke="${shade(main, -0.25)}" stroke-width="4"/>
     <rect x="188" y="150" width="24" height="34" rx="5" fill="${accent}"/>`,
  watch: ({ main, accent }) =>
    `<rect x="166" y="46" width="68" height="120" rx="12" fill="${main}"/>
     <rect x="166" y="234" width="68" height="124" rx="12" fill="${main}"/>
     ${[266, 288, 310].map((y) => `<circle cx="200" cy="${y}" r="4" fill="${shade(main, -0.35)}"/>`).join('')}
     <circle cx="200" cy="200" r="78" fill="${accent}"/>
     <circle cx="200" cy="200" r="64" fill="#fbfbfa"/>
     <rect x="276" y="190" width="14" height="20" rx="3" fill="${accent}"/>
     ${[0, 90, 180, 270].map((a) => `<rect x="197" y="142" width="6" height="12" fill="#1f2937" transform="rotate(${a} 200 200)"/>`).join('')}
     ${line('M200 200 L200 160 M200 200 L228 214', '#1f2937', 5)}
     <circle cx="200" cy="200" r="5" fill="${accent}"/>`,
  sunglasses: ({ main, accent }) =>
    `${line('M72 176 L40 160 M328 176 L360 160', main, 8)}
     <path d="M70 170 L188 170 Q192 250 130 256 Q74 256 70 200 Z" fill="${shade(accent, -0.4)}"/>
     <path d="M212 170 L330 170 L330 200 Q326 256 270 256 Q208 250 212 170 Z" fill="${shade(accent, -0.4)}"/>
     <path d="M66 164 L334 164 L334 180 L66 180 Z" fill="${main}"/>
     <path d="M188 180 Q200 196 212 180" fill="none" stroke="${main}" stroke-width="8"/>
     <path d="M90 190 L120 190 L100 230 Z M232 190 L262 190 L242 230 Z" fill="#ffffff" opacity="0.25"/>`,
};

// Shoes are drawn side-on near the middle; lowering them puts their soles on the shadow.
const lowered = new Set<GarmentKind>(['sneaker', 'runner', 'boot', 'slide']);

/** A square product picture: the drawing, a soft shadow and a tinted backdrop. */
export function productSvg(kind: GarmentKind, palette: Palette, size = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 400 400">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%">
      <stop offset="0" stop-color="${shade(palette.backdrop, 0.45)}"/>
      <stop offset="1" stop-color="${palette.backdrop}"/>
    </radialGradient>
  </defs>
  <rect width="400" height="400" fill="url(#bg)"/>
  <ellipse cx="200" cy="358" rx="130" ry="12" fill="#000000" opacity="0.08"/>
  <g transform="translate(0 ${lowered.has(kind) ? 36 : 0})">${drawings[kind](palette)}</g>
</svg>`;
}

/** The drawing alone, placed at (x, y) and scaled: banners compose several. */
export function drawingAt(
  kind: GarmentKind,
  palette: Palette,
  x: number,
  y: number,
  scale: number,
) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">${drawings[kind](palette)}</g>`;
}
