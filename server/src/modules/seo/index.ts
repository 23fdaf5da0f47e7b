export { default as seoRoutes } from './seo.routes';
