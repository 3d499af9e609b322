/**
 * Control routes to observe what the API created (document processing) and voice previews.
 */
import { Router } from 'express';
import type { ControlArea } from '../http/app.js';
import type { RouterContext } from '../http/context.js';
import { documentJson } from '../http/documents.js';
import type { DocumentsState } from '../state/documents.js';

/** A short silent 16 kHz mono WAV: voice previews are placeholders offline. */
function silentWav(ms: number): Buffer {
  const samples = Math.round((16_000 * ms) / 1000);
  const data = samples * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(16_000, 24);
  b.writeUInt32LE(32_000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

function router(ctx: RouterContext): Router {
  const r = Router();
  const preview = silentWav(250);

  r.get('/documents/:id', (req, res) => {
    const doc = ctx.state.area<DocumentsState>('documents').documents.get(Number(req.params.id));
    if (!doc) {
      res.status(404).json({ message: 'Document not found.' });
      return;
    }
    res.json({ data: { ...documentJson(doc), knowledgebase_id: doc.knowledgebaseId, account_id: doc.accountId } });
  });

  r.get('/voices/:id/preview.wav', (_req, res) => {
    res.type('audio/wav').send(preview);
  });
  return r;
}

/** Documents and voice previews. */
export const resourcesControl: ControlArea = { name: 'resources', router };
