import { AppError } from './app-error';

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  // Drizzle wraps driver errors; the code sits on the cause.
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
export const isCheckViolation = (error: unknown) => pgCode(error) === '23514';
export const isForeignKeyViolation = (error: unknown) => pgCode(error) === '23503';
export const isSerializationFailure = (error: unknown) =>
  pgCode(error) === '40001' || pgCode(error) === '40P01';
export const isLockTimeout = (error: unknown) => pgCode(error) === '55P03';

/** Contended rows are a 409 the shopper can retry, never a 500. */
export const busy = () =>
  new AppError(
    'CONFLICT',
    'Many shoppers are buying these items right now. Please try again in a moment',
  );

export const isContention = (error: unknown) =>
  isSerializationFailure(error) || isLockTimeout(error);
