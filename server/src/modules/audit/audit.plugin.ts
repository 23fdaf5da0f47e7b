import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditSpec, auditSpecOf, isAdminWrite } from './audit-routes';
import type { Snapshot } from './audit-snapshot';

declare module 'fastify' {
  interface FastifyInstance {
    /** Write routes ("POST /api/admin/x") that are audited, and admin ones with no entity. */
    auditRoutes: () => { audited: string[]; unaudited: string[] };
  }
}

type Pending = { spec: AuditSpec; id: string | undefined; before: Snapshot | null };
const pending = new WeakMap<FastifyRequest, Pending>();

/**
 * Records every admin write: before the handler, the entity as it was (from the route's `:id`);
 * once the handler answered 2xx, the entity as it is now, written to the log in onSend, awaited,
 * so the reply does not leave before its entry exists: an acknowledged write always has one.
 * (Not inside the write's own transaction: that would need every service to take part; the gap
 * is a crash between the write's commit and this insert, and the 500 that would follow it.)
 * Registered before the modules, so its onRoute hook sees every route.
 */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const { audit } = app.services;
    const audited: string[] = [];
    const unaudited: string[] = [];
    app.decorate('auditRoutes', () => ({ audited: [...audited], unaudited: [...unaudited] }));

    async function readBefore(request: FastifyRequest) {
      const spec = auditSpecOf(
        request.method,
        routeUrl(request),
        request.routeOptions.config.audit,
      );
      // A dry run (the CSV import's check) changes nothing, so it is not a write to record.
      if (!spec || isDryRun(request)) return;
      const id = paramId(request);
      pending.set(request, { spec, id, before: await audit.snapshot(spec.entity, id) });
    }

    async function recordAfter(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const entry = pending.get(request);
      if (!entry || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      pending.delete(request);
      const { entity } = entry.spec;
      const hasLoader = audit.hasLoader(entity);
      // The reply is read only when it names the id or is the only "after" there is.
      const body = entry.id && hasLoader ? undefined : parseJson(payload);
      const answered = body?.data ?? body?.result ?? withoutEnvelope(body);
      const id = entry.id ?? idOf(answered);
      const after = hasLoader
        ? await audit.snapshot(entity, id)
        : request.method === 'DELETE'
          ? null
          : answered;
      await audit.record(
        {
          actorId: request.user?.id ?? null,
          actorEmail: request.user?.email ?? '',
          ip: request.ip,
        },
        {
          ...entry.spec,
          entityId: id ?? lastSegment(routeUrl(request)),
          before: entry.before,
          after,
        },
      );
      return payload;
    }

    app.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        // Writes are found by method and path; a read is audited only when it asks to be
        // (`config.audit`, e.g. an admin downloading a customer's data).
        if (method === 'HEAD') continue;
        if (!route.config?.audit && !isAdminWrite(method, route.url)) continue;
        if (!auditSpecOf(method, route.url, route.config?.audit)) {
          unaudited.push(`${method} ${route.url}`);
          continue;
        }
        audited.push(`${method} ${route.url}`);
        route.preHandler = [...asArray(route.preHandler), readBefore];
        route.onSend = [...asArray(route.onSend), recordAfter];
      }
    });
  },
  { name: 'audit', dependencies: ['sessions'] },
);

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

function isDryRun(request: FastifyRequest) {
  const dryRun = (request.query as Record<string, unknown> | undefined)?.dryRun;
  return dryRun === true || dryRun === 'true';
}

function routeUrl(request: FastifyRequest) {
  return request.routeOptions.url ?? request.url;
}

function paramId(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const id = params?.id;
  return typeof id === 'string' && id.length > 0 ? id : undefined;
}

function idOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const id = record._id ?? record.id ?? record.url;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** A reply without `data`: what it reports (an import's counts), without `success` and `message`. */
function withoutEnvelope(body: Record<string, unknown> | undefined) {
  if (!body) return undefined;
  const { success: _success, message: _message, ...rest } = body;
  return Object.keys(rest).length > 0 ? rest : undefined;
}

/** `/api/admin/import/products` → `products`: the id of a write that names no single entity. */
function lastSegment(url: string) {
  return (
    url
      .split('/')
      .filter((part) => part && !part.startsWith(':'))
      .at(-1) ?? '-'
  );
}

function parseJson(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
