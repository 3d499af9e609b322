import { z } from 'zod';
import { wireInteger } from './common.js';

/** Query of `GET /user/folders`: page-number pagination. */
export const FolderListParams = z.strictObject({
  per_page: wireInteger().int().min(1, { message: 'per_page must be at least 1.' })
    .max(100, { message: 'per_page must not be greater than 100.' }).default(15),
  page: wireInteger().int().min(1, { message: 'page must be at least 1.' }).default(1),
});
export type FolderListParams = z.input<typeof FolderListParams>;

/** A folder grouping assistants. */
export const Folder = z.looseObject({
  id: z.int(),
  name: z.string(),
  color: z.string(),
  assistants_count: z.int(),
});
export type Folder = z.infer<typeof Folder>;

/** Response of `GET /user/folders`: one page and the totals needed to walk the rest. */
export const FolderListResponse = z.looseObject({
  data: z.array(Folder),
  current_page: z.int(),
  per_page: z.int(),
  total: z.int(),
});
export type FolderListResponse = z.infer<typeof FolderListResponse>;
