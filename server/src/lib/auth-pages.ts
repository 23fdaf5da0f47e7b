import type { FormNotice } from '@contract/auth-notices';
import type { FastifyRequest } from 'fastify';

/**
 * The sign-in or sign-up page a plain HTML form's post is answered with (a 303 to it): the
 * `?redirect=` the form was posted with kept when bounded, and what to tell the visitor.
 */
export function authPagePath(
  page: 'login' | 'register',
  request: FastifyRequest,
  notice?: FormNotice,
) {
  const query = new URLSearchParams();
  const { redirect } = request.query as { redirect?: unknown };
  if (typeof redirect === 'string' && redirect.length <= 2000) query.set('redirect', redirect);
  if (notice) query.set('notice', notice);
  const search = query.toString();
  return `/auth/${page}${search ? `?${search}` : ''}`;
}
