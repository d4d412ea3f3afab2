import { request } from './client';

/** POST /api/upload (multipart `file`) → the address of the stored editor image (spec 1 §7 Navigation and editor). */
export async function uploadEditorImage(file: File): Promise<string> {
  const answer = await request<{ location: string }>('POST', '/api/upload', { body: { file } });
  return answer.location;
}
