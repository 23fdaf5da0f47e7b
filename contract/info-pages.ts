import { z } from 'zod';
import { dataResponse } from './common';

export * from './info-page-list';

export const infoPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Rendered from the page's Markdown on the server; raw HTML in the Markdown is escaped. */
  html: z.string(),
});
export type InfoPage = z.infer<typeof infoPageSchema>;

export const infoPageResponse = dataResponse(infoPageSchema);
