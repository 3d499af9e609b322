/**
 * Knowledgebase documents: created `processing`, then finished in the background on the emulator clock
 * (`completed`, or `failed` when an uploaded file has no content).
 */
import type { AreaState, StateDeps } from './area.js';

/** Seconds of clock time a document spends in `processing`. */
export const DOCUMENT_PROCESSING_SECONDS = 5;

/** Document states: the spec names `processing`; the rest are the emulator's documented choice. */
export type DocumentStatus = 'processing' | 'completed' | 'failed';

/** A stored document. */
export interface DocumentRecord {
  id: number;
  accountId: number;
  knowledgebaseId: number;
  name: string;
  description: string | null;
  type: 'website' | 'pdf' | 'txt' | 'docx';
  status: DocumentStatus;
  /** Source URLs (website) or the uploaded file's name and size. */
  urls: string[];
  file: { name: string; size: number } | null;
  relativeLinksLimit: number;
  createdAt: number;
  updatedAt: number;
}

const TYPE_LABELS: Record<DocumentRecord['type'], string> = { website: 'Website', pdf: 'PDF', txt: 'Text', docx: 'Word document' };
const STATUS_LABELS: Record<DocumentStatus, string> = { processing: 'Processing', completed: 'Completed', failed: 'Failed' };

/** Display labels of a document's type and status. */
export function documentLabels(doc: DocumentRecord): { type_label: string; status_label: string } {
  return { type_label: TYPE_LABELS[doc.type], status_label: STATUS_LABELS[doc.status] };
}

/** State of the documents area. */
export class DocumentsState implements AreaState {
  readonly documents = new Map<number, DocumentRecord>();
  private nextId = 1;

  constructor(private readonly deps: StateDeps) {}

  reset(): void {
    this.documents.clear();
    this.nextId = 1;
  }

  /** Store a new `processing` document and schedule the end of its processing. */
  create(input: Omit<DocumentRecord, 'id' | 'status' | 'createdAt' | 'updatedAt'>): DocumentRecord {
    const now = this.deps.clock.now();
    const doc: DocumentRecord = { ...input, id: this.nextId++, status: 'processing', createdAt: now, updatedAt: now };
    this.documents.set(doc.id, doc);
    this.deps.clock.at(now + DOCUMENT_PROCESSING_SECONDS * 1000, () => {
      doc.status = doc.file && doc.file.size === 0 ? 'failed' : 'completed';
      doc.updatedAt = this.deps.clock.now();
    });
    return doc;
  }

  /** A document of the account, or undefined (foreign = missing). */
  get(accountId: number, id: number): DocumentRecord | undefined {
    const doc = this.documents.get(id);
    return doc && doc.accountId === accountId ? doc : undefined;
  }
}
