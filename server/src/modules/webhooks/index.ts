export { default as webhooksRoutes } from './webhooks.routes';
export { WebhooksService } from './webhooks.service';
