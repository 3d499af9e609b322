import type { RequestOptions } from '../core/transport.js';
import { ENDPOINTS } from '../schemas/endpoints.js';
import type { DocumentCreateParams, DocumentCreateResponse } from '../schemas/index.js';
import { APIResource } from './resource.js';

/** Knowledgebase documents: `POST /user/knowledgebases/{knowledgebaseId}/documents`. */
export class Documents extends APIResource {
  /**
   * Adds a document to a knowledgebase: a website by `url` or `links` (sent as JSON), or a pdf/txt/docx `file`
   * (sent as multipart/form-data; File, Blob, bytes or a stream, at most 20 MB). Processing continues in the
   * background; the document starts as `processing`.
   *
   * @example
   * await client.documents.create(12, { name: 'Docs', type: 'website', links: [{ link: 'https://example.com/a' }] });
   * await client.documents.create(12, { name: 'Guide', type: 'pdf', file: await toFile(bytes, 'guide.pdf') });
   */
  create(knowledgebaseId: number, params: DocumentCreateParams, options?: RequestOptions): Promise<DocumentCreateResponse> {
    return this.caller.call(ENDPOINTS['documents.create'], { pathParams: { knowledgebaseId }, body: params }, options);
  }
}
