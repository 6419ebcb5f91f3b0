import { z } from 'zod';

const ProjectId = z.coerce
  .number({ error: 'projectId must be a positive integer' })
  .int('projectId must be a positive integer')
  .positive('projectId must be a positive integer')
  .max(2_147_483_647, 'projectId must be a positive integer');

export const WatchBody = z.object({ projectId: ProjectId });
export const WatchParams = z.object({ projectId: ProjectId });
