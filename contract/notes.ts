import { z } from 'zod';
import { dataResponse, text } from './common';

/** An internal note on a customer or an order: staff only, dated, its author named. */
export const noteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const maxNoteLength = 2000;

/** Several lines allowed; no other control characters. */
export const addNoteBody = z.strictObject({
  body: text({ max: maxNoteLength, multiline: true }),
});
export type AddNoteBody = z.infer<typeof addNoteBody>;

export const noteResponse = dataResponse(noteSchema).extend({ message: z.string() });
