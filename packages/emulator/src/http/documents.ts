/**
 * Knowledgebase documents: JSON (website) or multipart (file) creation, and a read-back route so
 * callers can poll processing (the spec's "get document", whose shape is not shown).
 */
import { Router, type Request } from 'express';
import { Document, ENDPOINTS, type DocumentFileInput } from '@voice-session/api/schemas';
import { documentLabels, type DocumentRecord, type DocumentsState } from '../state/documents.js';
import type { FaultsState } from '../state/faults.js';
import type { ApiArea } from './app.js';
import { requireAuth } from './auth.js';
import { currentUser, type RouterContext } from './context.js';
import { bodySchemaOf, responseSchemaOf, route, successStatusOf } from './endpoint.js';
import { isMultipart, parseMultipart, rawMultipart } from './multipart.js';
import { bodyOf, iso, reply } from './respond.js';
import { parseOr422 } from './validation.js';

/** The wire form of a document. */
export function documentJson(doc: DocumentRecord): Record<string, unknown> {
  return {
    id: doc.id,
    name: doc.name,
    ...(doc.description === null ? {} : { description: doc.description }),
    type: doc.type,
    ...documentLabels(doc),
    status: doc.status,
    created_at: iso(doc.createdAt),
  };
}

/** `{data: <document>}` of the read-back route, checked by the contract's document schema. */
const DOCUMENT_READ = { parse: (body: { data: unknown }) => ({ data: Document.parse(body.data) }) };

function fileInfo(file: DocumentFileInput | undefined): { name: string; size: number } | null {
  if (file === undefined) return null;
  if (file instanceof Blob) return { name: (file as File).name ?? 'upload', size: file.size };
  if (file instanceof Uint8Array || file instanceof ArrayBuffer) return { name: 'upload', size: file.byteLength };
  return { name: 'upload', size: -1 };
}

async function inputOf(req: Request): Promise<Record<string, unknown> | undefined> {
  return isMultipart(req) ? parseMultipart(req) : bodyOf(req);
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const docs = (): DocumentsState => ctx.state.area<DocumentsState>('documents');
  const pathSchema = ENDPOINTS['documents.create'].pathParams;

  route(r, 'documents.create', requireAuth(ctx), rawMultipart, async (req, res) => {
    const user = currentUser(req);
    const params = pathSchema.safeParse(req.params);
    const kb = params.success ? ctx.state.accounts.knowledgebase(user.accountId, params.data.knowledgebaseId) : undefined;
    if (!kb) {
      res.status(404).json({ error: 'Knowledgebase not found.' });
      return;
    }
    const raw = await inputOf(req);
    if (!raw) {
      res.status(400).json({ message: 'The multipart body could not be parsed.' });
      return;
    }
    const input = parseOr422(bodySchemaOf('documents.create'), raw, res);
    if (!input) return;
    if (ctx.state.area<FaultsState>('faults').current.documents === 'creation_failed') {
      res.status(500).json({ error: 'Failed to create document. Please try again.' });
      return;
    }
    const doc = docs().create({
      accountId: user.accountId,
      knowledgebaseId: kb.id,
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      urls: input.url ? [input.url] : (input.links ?? []).map((l) => l.link),
      file: fileInfo(input.file),
      relativeLinksLimit: input.relative_links_limit,
    });
    reply(res, successStatusOf('documents.create'), responseSchemaOf('documents.create'), {
      message: 'Document created successfully. Processing has started.',
      data: documentJson(doc),
    });
  });

  // Not in the contract's registry (its shape is "not shown"): the emulator's conventional read-back.
  r.get('/user/knowledgebases/:knowledgebaseId/documents/:documentId', requireAuth(ctx), (req, res) => {
    const user = currentUser(req);
    const kbId = Number(req.params.knowledgebaseId);
    const doc = docs().get(user.accountId, Number(req.params.documentId));
    if (!ctx.state.accounts.knowledgebase(user.accountId, kbId)) {
      res.status(404).json({ error: 'Knowledgebase not found.' });
      return;
    }
    if (!doc || doc.knowledgebaseId !== kbId) {
      res.status(404).json({ error: 'Document not found.' });
      return;
    }
    reply(res, 200, DOCUMENT_READ, { data: documentJson(doc) });
  });
  return r;
}

/** The knowledgebase documents area. */
export const documentsArea: ApiArea = { name: 'documents', router };
