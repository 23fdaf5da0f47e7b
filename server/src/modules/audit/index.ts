export { default as auditPlugin } from './audit.plugin';
export { default as auditRoutes } from './audit.routes';
export { AuditService, CLI_ACTOR } from './audit.service';
export { registerAuditLoaders, registerAuditNamers } from './audit-loaders';
