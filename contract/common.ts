import { z } from 'zod';

/** Rejects NUL and other control characters (tab and newlines allowed where multiline). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F]/;

/** A user-typed string: trimmed, bounded, free of control characters. */
export function text({
  min = 1,
  max,
  multiline = false,
}: {
  min?: number;
  max: number;
  multiline?: boolean;
}) {
  return z
    .string()
    .max(max * 4, `must be at most ${max} characters`)
    .refine((s) => !(multiline ? CONTROL : CONTROL_SINGLE_LINE).test(s), {
      message: 'must not contain control characters',
    })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
        .max(max, `must be at most ${max} characters`),
    );
}

export const idSchema = z.uuid({ message: 'must be a valid id' });
/** Whether a path's id can name a row at all: anything else is that row's 404, never a query. */
export const isId = (id: string) => idSchema.safeParse(id).success;
export const idParams = z.object({ id: z.string().max(100) });

export const errorCodes = [
  'INVALID_INPUT',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'OUT_OF_STOCK',
  'ADDRESS_LIMIT',
  'ALREADY_REVIEWED',
  'NOT_PURCHASED',
  'PAYMENT_FAILED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorResponse = z.object({
  success: z.literal(false),
  code: z.enum(errorCodes),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** One page of a list of `item`s (`PagedResponse` in envelope.ts). */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return dataResponse(z.array(item)).extend({ pagination: paginationSchema });
}

/** An empty query parameter (`?status=`, as a form sends it) is no filter. */
export const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A page number or page size in a query: a whole number from 1 to `max`. */
export const queryCount = (max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/** A list's search box: bounded, one line, trimmed; only spaces is no search. */
export const querySearch = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters
    .regex(/^[^\u0000-\u001F\u007F]*$/, 'must not contain control characters')
    .transform((s) => s.trim() || undefined);
