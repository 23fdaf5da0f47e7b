export { default as discountsRoutes } from './discounts.routes';
export {
  type Customer,
  DiscountsService,
  type EvaluatedCode,
  minimumShortfall,
} from './discounts.service';
