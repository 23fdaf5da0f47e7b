import type { FormNotice } from '@contract/auth-notices';
import type { FastifyRequest } from 'fastify';

/** Where a plain HTML form's post is redirected (303), keeping a bounded `?redirect=`. */
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
