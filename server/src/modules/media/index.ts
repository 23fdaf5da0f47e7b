export { createMediaStorage } from './create-storage';
export { default as mediaRoutes } from './media.routes';
export { IMAGE_NAME, MediaService, UPLOADS_PATH } from './media.service';
