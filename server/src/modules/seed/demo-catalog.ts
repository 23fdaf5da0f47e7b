import { accessories } from './demo-products/accessories';
import { footwear } from './demo-products/footwear';
import { kids } from './demo-products/kids';
import { men } from './demo-products/men';
import type { DemoProduct } from './demo-products/palette';
import { women } from './demo-products/women';
import type { GarmentKind } from './illustrations';

export type { DemoProduct } from './demo-products/palette';

/** The demo shop: every category and brand, about a dozen on sale, a few sold out or low. */
export const demoProducts: DemoProduct[] = [...men, ...women, ...kids, ...footwear, ...accessories];

const kindCopy: Record<GarmentKind, string> = {
  tee: 'Soft midweight cotton jersey with a ribbed crew neck and a relaxed, easy fit that holds its shape wash after wash.',
  longsleeve:
    'A long-sleeve layer in brushed cotton blend with ribbed cuffs and hem: warm enough on its own, slim enough under a jacket.',
  hoodie:
    'Cosy brushed-back fleece with a lined drawstring hood, a kangaroo pocket and ribbed cuffs for everyday comfort.',
  jacket:
    'A versatile outer layer with a full-length front closure, two side pockets and a cut that works over a tee or a knit.',
  shirt:
    'Crisp woven cotton with a classic collar, a full button placket and a chest pocket; wear it tucked or loose.',
  jeans:
    'Durable cotton denim with a touch of stretch, a button fly, five-pocket styling and contrast stitching.',
  shorts:
    'Lightweight shorts with an elastic drawcord waist, side pockets and a comfortable above-the-knee length.',
  dress:
    'A flattering silhouette with a defined waist and a fluid skirt that moves with you, from brunch to evening.',
  skirt:
    'A high-rise skirt with soft pleats that swing as you walk and a smooth waistband for a clean line.',
  sneaker:
    'Everyday sneakers with a cushioned footbed, a grippy rubber outsole and a padded collar for all-day comfort.',
  runner:
    'Responsive foam cushioning, a breathable engineered mesh upper and a durable outsole made for daily miles.',
  boot: 'Full-grain leather boots with a padded collar, sturdy lace-up front and a lugged sole for city and trail.',
  slide: 'Easy slip-on slides with a contoured, quick-drying footbed and a soft padded strap.',
  cap: 'A six-panel cap in washed cotton twill with a curved brim and an adjustable strap at the back.',
  beanie: 'A rib-knit beanie with a fold-over cuff and a pom-pom on top, warm without being bulky.',
  tote: 'A roomy tote with sturdy shoulder handles, an inner zip pocket and space for a laptop and a day’s essentials.',
  backpack:
    'A structured backpack with a padded laptop sleeve, a front zip pocket and adjustable padded shoulder straps.',
  watch:
    'A clean analogue dial, a stainless steel case and a comfortable strap; water resistant to 50 metres.',
  sunglasses:
    'Lightweight frames with 100% UV400 protection lenses and a protective case included.',
};

/** Two or three sentences a shop would print: what it is, its colour, why buy it. */
export function describeProduct(p: DemoProduct): string {
  const [colourName] = p.colour;
  const audience = p.category === 'kids' ? ' Sized for kids aged 4 to 14.' : '';
  return `${kindCopy[p.kind]} Shown in ${colourName}.${audience}`;
}
