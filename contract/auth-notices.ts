// Without zod on purpose: the sign-in pages' code imports this, and zod's first use probes for
// eval, which the Content-Security-Policy refuses (a logged violation).

/** The answer to a wrong email or password, whichever of the two was wrong. */
export const INCORRECT_LOGIN = 'Incorrect email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const REGISTERED = 'Registration successful';

/** The password policy: auth.ts's schema checks it, the sign-up and reset forms say it first. */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;
export const PASSWORD_RULE = `At least ${PASSWORD_LENGTH.min} characters.`;

/**
 * What the sign-in and sign-up pages say after their form was posted as plain HTML (the
 * page's code had not arrived; `server/src/modules/auth/auth.forms.ts`), named in the page's
 * `?notice=`: fixed texts, so a crafted link cannot put its own words on the page.
 */
export const formNotices = {
  credentials: { text: INCORRECT_LOGIN, isError: true },
  taken: { text: EMAIL_TAKEN, isError: true },
  invalid: { text: 'Please check what you entered and try again', isError: true },
  'rate-limited': { text: 'Too many attempts, please try again in a minute', isError: true },
  registered: { text: REGISTERED, isError: false },
  // The form was posted from another name of the shop's server (http://127.0.0.1:3000 for
  // http://localhost:3000): the browser is sent here, to the shop's own address.
  elsewhere: { text: "This is the shop's address: please try again here", isError: true },
} as const;
export type FormNotice = keyof typeof formNotices;

export function formNotice(code: string | null) {
  return code !== null && Object.hasOwn(formNotices, code)
    ? formNotices[code as FormNotice]
    : undefined;
}
