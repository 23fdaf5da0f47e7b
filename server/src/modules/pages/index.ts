export { default as pagesRoutes } from './pages.routes';
export { PagesService } from './pages.service';
