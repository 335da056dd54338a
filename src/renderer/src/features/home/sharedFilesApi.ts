import type { PageResult } from '@shared/api/envelope';
import type { FileListQuery, FileRow } from '@shared/api/file';
import { api } from '@renderer/store/api';

export const sharedFilesApi = api.injectEndpoints({
  endpoints: (b) => ({
    myFiles: b.query<PageResult<FileRow>, FileListQuery>({
      query: (params) => ({ url: '/file/listMine', params }),
    }),
  }),
});

export const { useMyFilesQuery } = sharedFilesApi;
