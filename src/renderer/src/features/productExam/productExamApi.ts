import type { SaveTestProjectsBody, TestProjectRow } from '@shared/api/testProject';
import { http } from '@renderer/http/client';

export const fetchTestProjects = (materialId: number): Promise<TestProjectRow[]> => http.post('/produce/queryTestProject', { materialId });
export const saveTestProjects = (body: SaveTestProjectsBody): Promise<TestProjectRow[]> => http.post('/produce/saveTestProject', body);
