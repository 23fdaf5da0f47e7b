export { default as adminDisputesRoutes } from './disputes.routes';
export { DisputesService } from './disputes.service';
