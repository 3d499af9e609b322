import type { PageRequestOptions } from '../core/endpoint-caller.js';
import { NumberedPage } from '../core/numbered-page.js';
import type { PagePromise } from '../core/page-promise.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { Folder, FolderListParams, FolderListResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** One numbered page of folders. */
export type FolderPage = NumberedPage<Folder, FolderListResponse>;

/** Folders: `GET /user/folders` (page-number pages). */
export class Folders extends APIResource {
  /**
   * Lists folders. `await` it for one page, or `for await` it for every folder across pages (stopping when
   * `current_page * per_page >= total` or a page is empty, and after `maxPages` pages when given).
   *
   * @example
   * for await (const folder of client.folders.list({ per_page: 50 })) console.log(folder.name);
   */
  list(params: FolderListParams = {}, options?: PageRequestOptions): PagePromise<FolderPage, Folder> {
    return this.caller.paginate<Folder, FolderPage>(NumberedPage, ENDPOINTS['folders.list'], { query: params }, options);
  }
}
