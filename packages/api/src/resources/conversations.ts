import type { PageRequestOptions } from '../core/endpoint-caller.js';
import { CursorPage } from '../core/cursor-page.js';
import type { PagePromise } from '../core/page-promise.js';
import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type {
  Conversation,
  ConversationEnableAiResponse,
  ConversationListParams,
  ConversationListResponse,
} from '../schemas/index.js';
import { APIResource } from './resource.js';

/** One cursor page of conversations. */
export type ConversationPage = CursorPage<Conversation, ConversationListResponse>;

/** Conversations: `GET /user/conversations` (cursor pages), `POST /user/conversations/{uuid}/enable-ai`. */
export class Conversations extends APIResource {
  /**
   * Lists conversations. `await` it for the first page, or `for await` it for every conversation across pages
   * (stopping on a repeated cursor, and after `maxPages` pages when given).
   *
   * @example
   * for await (const conversation of client.conversations.list({ type: 'chatapp', per_page: 100 })) {
   *   console.log(conversation.id, conversation.message_count);
   * }
   */
  list(filters: ConversationListParams = {}, options?: PageRequestOptions): PagePromise<ConversationPage, Conversation> {
    return this.caller.paginate<Conversation, ConversationPage>(CursorPage, ENDPOINTS['conversations.list'], { query: filters }, options);
  }

  /** Turns AI replies back on for conversation `uuid`. */
  enableAi(uuid: string, options?: RequestOptions): Promise<ConversationEnableAiResponse> {
    return this.caller.call(ENDPOINTS['conversations.enableAi'], { pathParams: { uuid } }, options);
  }
}
