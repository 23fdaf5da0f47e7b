export { default as sizeChartsRoutes } from './size-charts.routes';
export { SizeChartsService } from './size-charts.service';
