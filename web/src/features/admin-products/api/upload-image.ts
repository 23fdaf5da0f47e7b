import type { UploadImageResponse } from '@contract/catalog';
import { api } from '@/lib/api-client';

/** Sends one image (multipart field `file`) and resolves to the URL the shop stored it at. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await api.post<UploadImageResponse>('/api/admin/products/upload-image', form);
  return res.result.url;
}
