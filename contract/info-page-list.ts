// No zod here: the client's first bundle (router, footer) reads this list.

/** The shop's information pages, linked from the footer; their text is Markdown on the server. */
export const infoPages = [
  { slug: 'shipping', label: 'Shipping' },
  { slug: 'returns', label: 'Returns' },
  { slug: 'privacy', label: 'Privacy' },
  { slug: 'terms', label: 'Terms' },
  { slug: 'contact', label: 'Contact' },
] as const;

export type InfoPageSlug = (typeof infoPages)[number]['slug'];
export const infoPageSlugs = infoPages.map((p) => p.slug) as InfoPageSlug[];

export const isInfoPageSlug = (slug: string): slug is InfoPageSlug =>
  (infoPageSlugs as string[]).includes(slug);
