export { default as csvRoutes } from './csv.routes';
export { CsvService } from './csv.service';
