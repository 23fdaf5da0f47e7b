// The US regions an address may name: the 50 states, DC, the territories and the military
// "states", by their USPS two-letter codes, with the first three digits of the ZIP codes USPS
// allocates to each (USPS Publication 65 / the National Five-Digit ZIP Code and Post Office
// Directory). Pure data and pure functions: the address form and the server check with them.

type Prefixes = [from: number, to: number][];

export type UsState = { code: string; name: string; zip: Prefixes };

const state = (code: string, name: string, ...zip: Prefixes): UsState => ({ code, name, zip });

export const usStates: readonly UsState[] = [
  state('AL', 'Alabama', [350, 369]),
  state('AK', 'Alaska', [995, 999]),
  state('AZ', 'Arizona', [850, 865]),
  state('AR', 'Arkansas', [716, 729]),
  state('CA', 'California', [900, 961]),
  state('CO', 'Colorado', [800, 816]),
  state('CT', 'Connecticut', [60, 69]),
  state('DE', 'Delaware', [197, 199]),
  state('DC', 'District of Columbia', [200, 200], [202, 205], [569, 569]),
  state('FL', 'Florida', [320, 339], [341, 349]),
  state('GA', 'Georgia', [300, 319], [398, 399]),
  state('HI', 'Hawaii', [967, 968]),
  state('ID', 'Idaho', [832, 838]),
  state('IL', 'Illinois', [600, 629]),
  state('IN', 'Indiana', [460, 479]),
  state('IA', 'Iowa', [500, 528]),
  state('KS', 'Kansas', [660, 679]),
  state('KY', 'Kentucky', [400, 427]),
  state('LA', 'Louisiana', [700, 714]),
  state('ME', 'Maine', [39, 49]),
  state('MD', 'Maryland', [206, 219]),
  state('MA', 'Massachusetts', [10, 27], [55, 55]),
  state('MI', 'Michigan', [480, 499]),
  state('MN', 'Minnesota', [550, 567]),
  state('MS', 'Mississippi', [386, 397]),
  state('MO', 'Missouri', [630, 658]),
  state('MT', 'Montana', [590, 599]),
  state('NE', 'Nebraska', [680, 693]),
  state('NV', 'Nevada', [889, 898]),
  state('NH', 'New Hampshire', [30, 38]),
  state('NJ', 'New Jersey', [70, 89]),
  state('NM', 'New Mexico', [870, 884]),
  state('NY', 'New York', [5, 5], [100, 149]),
  state('NC', 'North Carolina', [270, 289]),
  state('ND', 'North Dakota', [580, 588]),
  state('OH', 'Ohio', [430, 459]),
  state('OK', 'Oklahoma', [730, 732], [734, 749]),
  state('OR', 'Oregon', [970, 979]),
  state('PA', 'Pennsylvania', [150, 196]),
  state('RI', 'Rhode Island', [28, 29]),
  state('SC', 'South Carolina', [290, 299]),
  state('SD', 'South Dakota', [570, 577]),
  state('TN', 'Tennessee', [370, 385]),
  state('TX', 'Texas', [733, 733], [750, 799], [885, 885]),
  state('UT', 'Utah', [840, 847]),
  state('VT', 'Vermont', [50, 54], [56, 59]),
  state('VA', 'Virginia', [201, 201], [220, 246]),
  state('WA', 'Washington', [980, 994]),
  state('WV', 'West Virginia', [247, 268]),
  state('WI', 'Wisconsin', [530, 549]),
  state('WY', 'Wyoming', [820, 831]),
  state('AS', 'American Samoa', [967, 967]),
  state('GU', 'Guam', [969, 969]),
  state('MP', 'Northern Mariana Islands', [969, 969]),
  state('PR', 'Puerto Rico', [6, 7], [9, 9]),
  state('VI', 'U.S. Virgin Islands', [8, 8]),
  state('AA', 'Armed Forces Americas', [340, 340]),
  state('AE', 'Armed Forces Europe', [90, 98]),
  state('AP', 'Armed Forces Pacific', [962, 966]),
];

/**
 * Prefixes whose ZIP codes also serve a place across a border: Fishers Island NY (06390),
 * Alta WY (83414), Texhoma TX (73949), Fort Campbell KY/TN (42223), Junction City AR/LA (71749),
 * New Pine Creek OR/CA (97635), Verdi NV/CA (89439), Fairview MT/ND (59221), Dulles VA (20041).
 */
const sharedPrefixes: Record<number, string[]> = {
  63: ['NY'],
  834: ['WY'],
  739: ['TX'],
  422: ['TN'],
  717: ['LA'],
  976: ['CA'],
  894: ['CA'],
  592: ['ND'],
  200: ['VA'],
};

const byCode = new Map(usStates.map((s) => [s.code, s]));
const byName = new Map(usStates.map((s) => [fold(s.name), s]));
byName.set(fold('Virgin Islands'), byCode.get('VI')!);
byName.set(fold('Washington DC'), byCode.get('DC')!);

function fold(name: string) {
  return name
    .toLowerCase()
    .replace(/[.']/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** "NY" for "ny", "New York" or "new-york"; undefined for anything that is no US region. */
export function usRegionCode(input: string): string | undefined {
  const typed = input.trim();
  return (byCode.get(typed.toUpperCase()) ?? byName.get(fold(typed)))?.code;
}

/** "New York" for "NY" (the code itself for an unknown one). */
export const usRegionName = (code: string) => byCode.get(code)?.name ?? code;

/** A US ZIP code: five digits, or ZIP+4 ("12345-6789", the hyphen optional). */
export const isUsZip = (zip: string) => /^\d{5}(-?\d{4})?$/.test(zip.trim());

/** The regions a ZIP's first three digits are allocated to (none for an unallocated one). */
export function usRegionsOfZip(zip: string): string[] {
  if (!isUsZip(zip)) return [];
  const prefix = Number(zip.trim().slice(0, 3));
  const owners = usStates
    .filter((s) => s.zip.some(([from, to]) => prefix >= from && prefix <= to))
    .map((s) => s.code);
  return [...owners, ...(sharedPrefixes[prefix] ?? [])];
}
