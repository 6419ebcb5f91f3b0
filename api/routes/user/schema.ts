import { z } from 'zod';
import { Language } from '../auth/schema.ts';

export const UpdateUserBody = z.object({ language: Language });
