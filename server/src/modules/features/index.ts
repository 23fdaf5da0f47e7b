export { default as featuresRoutes } from './features.routes';
export { FeaturesService } from './features.service';
