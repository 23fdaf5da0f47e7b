export { seedDemoPricing } from './demo-pricing';
export { SeedService } from './seed.service';
