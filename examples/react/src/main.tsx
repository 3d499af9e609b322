/** The example page: one `<VoiceAssistant>` talking to this example's token server. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { VoiceTools } from './use-voice-session.js';
import { VoiceAssistant } from './voice-assistant.js';

// The demo assistant calls this when asked about the weather, and speaks the answer.
const tools: VoiceTools = {
  get_weather: async () => ({ summary: 'sunny and 22 degrees' }),
};

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <VoiceAssistant endpoint="/session" title="Talk to the assistant (React)" tools={tools} />
  </StrictMode>,
);
