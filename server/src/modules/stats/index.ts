export { default as statsRoutes } from './stats.routes';
export { StatsService } from './stats.service';
