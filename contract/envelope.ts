import type { Pagination } from './common';

// The envelopes of the API's successful answers, as the response schemas built by common.ts's
// helpers declare them (tests/unit/response-envelopes.test.ts pins the two together). Types only:
// web code on every page imports them without bringing zod into the first chunk.

export type DataResponse<T> = { success: true; data: T };
export type MessageResponse = { success: true; message: string };
/** A write's answer: what it made or changed, and a sentence for the toast. */
export type DataMessageResponse<T> = { success: true; data: T; message: string };
/** One page of a list. */
export type PagedResponse<T> = { success: true; data: T[]; pagination: Pagination };
