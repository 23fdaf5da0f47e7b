// zod compiles a fast parser with `new Function` unless told not to, and probes whether it may
// first: under the shop's Content-Security-Policy (no 'unsafe-eval') that probe is refused and
// the browser reports a violation on every page whose code holds a schema. zod reads its
// settings from this global when a schema is built, so it is set before any schema's module
// runs, without loading zod into the first bundle.
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
