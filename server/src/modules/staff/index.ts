export { default as staffRoutes } from './staff.routes';
export { StaffService } from './staff.service';
