import { TEST_PROJECT } from '@shared/api/testProject';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** Inspection items per gas (src/shared/api/testProject.ts). */
export const productExamApi = api.injectEndpoints({
  endpoints: (b) => ({
    testProjects: queryOf(b, TEST_PROJECT.list, { tags: ['TestProject'] }),
    saveTestProjects: mutationOf(b, TEST_PROJECT.save, { tags: ['TestProject'] }),
  }),
});
