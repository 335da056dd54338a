import { FILE } from '@shared/api/file';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** The plant's shared documents (首页 常用文件). Uploads go through the Upload widget (files stay on the HTTP client). */
export const sharedFilesApi = api.injectEndpoints({
  endpoints: (b) => ({
    sharedFiles: queryOf(b, FILE.shared, { tags: ['File'] }),
    deleteSharedFile: mutationOf(b, FILE.deleteShared, { tags: ['File'] }),
  }),
});

/** Where the card uploads: the file becomes a shared document at once. */
export const SHARED_UPLOAD_URL = `${FILE.upload.path.replace(/^\/api/, '')}?shared=true`;
