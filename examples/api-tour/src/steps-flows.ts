/**
 * Tour stops over what moves: an automation whose test run fails and is retried, a chat-app message
 * sent once a customer opened the reply window, conversations paged with `for await`, and the
 * assistant's webhooks.
 */
import { APIError } from '@voice-session/api';
import { preview, tally } from './format.js';
import { expect, type TourStep } from './tour-step.js';

// A phone number no seeded conversation uses, so its reply window starts closed.
const NEW_CUSTOMER = '+14155552699';

export const automationsStep: TourStep = {
  title: 'Automations',
  endpoints: ['automations.applyTemplate', 'automations.get', 'automations.listRuns', 'automations.getRun', 'automations.retryRun'],
  unavailable: ({ control, receiver }) =>
    control && receiver ? undefined : 'offline only: it uses the emulator\'s template catalogue and a local receiver the platform cannot reach',
  async run({ client, receiver }) {
    const url = receiver!.url;
    const envelope = await client.automations.applyTemplate('webhook-record-and-notify', {
      name: 'Record and notify (api-tour)',
      params: { record_url: `${url}/records`, notify_url: `${url}/notify`, api_token: 'tok_tour_secret' },
    });
    const failedStep = envelope.test.steps.find((s) => s.status === 'FAILED');
    const { data: automation } = await client.automations.get(envelope.automation_id);
    const { data: unmasked } = await client.automations.get(envelope.automation_id, { unmask: true });
    const { runs } = await client.automations.listRuns(envelope.automation_id, { limit: 5 });
    const failedRun = runs.find((r) => r.status === 'FAILED');
    expect(failedRun, 'the failed test run is not among the automation\'s runs');
    const { run } = await client.automations.getRun(envelope.automation_id, failedRun.id);
    const retried = await client.automations.retryRun(envelope.automation_id, failedRun.id);
    expect(retried.status === 'SUCCEEDED', `the retried run ended ${retried.status}, not SUCCEEDED`);
    const shows = (a: typeof automation) => (JSON.stringify(a.definition).includes('tok_tour_secret') ? 'in clear' : 'masked');
    return [
      `applied webhook-record-and-notify: automation ${envelope.automation_id}, status ${envelope.status}, test run ${envelope.test.run_status}` +
        (failedStep ? ` at ${failedStep.name} (${failedStep.classification}: ${failedStep.error ?? ''})` : ''),
      `get: "${automation.name}", ${automation.status}; its api token is ${shows(automation)} by default, ${shows(unmasked)} with {unmask: true}`,
      `runs: ${runs.map((r) => `${r.id} ${r.status}`).join(', ')}; run ${run.id} steps: ${run.steps.map((s) => `${s.name} ${s.status}`).join(', ')}`,
      `retried run ${retried.run_id}: ${retried.status} (${retried.note}); the receiver saw ${receiver!.received.map((r) => `${r.path} ${r.status}`).join(', ')}`,
    ];
  },
};

export const chatAppStep: TourStep = {
  title: 'Chat-app messages',
  endpoints: ['chatApp.listSenders', 'chatApp.listTemplates', 'chatApp.sendFreeform'],
  unavailable: ({ control, fixtures }) =>
    control || fixtures.customerPhone ? undefined : 'set VOICE_SESSION_TOUR_CUSTOMER_PHONE to a customer who wrote in the last 24 hours',
  async run({ client, control, fixtures }) {
    const { data: all } = await client.chatApp.listSenders({ status: 'all' });
    const { data: online } = await client.chatApp.listSenders();
    const sender = online[0];
    expect(sender, 'no chat-app sender is online');
    const { data: templates } = await client.chatApp.listTemplates(sender.id, { status: 'approved' });
    const lines = [
      `${all.length} senders (${online.length} online); using ${sender.phone_number} (${sender.quality_rating}, ${sender.messaging_limit_formatted})`,
      `${templates.length} approved templates: ${preview(templates.map((t) => t.name))}`,
    ];
    let customer = fixtures.customerPhone;
    if (control) {
      customer = NEW_CUSTOMER;
      // Before the customer writes, only templates may be sent: the window is closed.
      const refused = await client.chatApp
        .sendFreeform({ sender_id: sender.id, recipient_phone: customer, message: 'Hello!' })
        .then(() => undefined, (error: unknown) => error);
      expect(refused instanceof APIError && refused.code === 'SESSION_EXPIRED', 'a freeform message went out before the customer wrote');
      lines.push(`before the customer wrote: ${refused.status} ${refused.code} (window closed, templates only)`);
      const inbound = await control.chatAppInbound(sender.id, customer, 'Hi, is my order on its way?');
      lines.push(`customer ${customer} wrote (emulator control): conversation ${inbound.conversation_uuid}, window open ${inbound.session_status.is_open}`);
    }
    const sent = await client.chatApp.sendFreeform({ sender_id: sender.id, recipient_phone: customer!, message: 'Yes, it ships today. Anything else?' });
    expect(sent.success, 'the send was not confirmed');
    lines.push(
      `sent message ${sent.message_id} (${sent.message_sid}) in conversation ${sent.conversation_id}; window ${sent.session_status.minutes_remaining ?? '?'} min left`,
    );
    return lines;
  },
};

export const conversationsStep: TourStep = {
  title: 'Conversations',
  endpoints: ['conversations.list', 'conversations.enableAi'],
  async run({ client }) {
    const types: string[] = [];
    let pages = 0;
    let aiOff: string | undefined;
    // `for await` walks every page of the cursor pagination, one page in memory at a time.
    for await (const page of client.conversations.list({ per_page: 20 }).iterPages()) {
      pages += 1;
      for (const conversation of page.data) {
        types.push(conversation.type);
        if (!conversation.ai_enabled) aiOff ??= conversation.id;
      }
    }
    let chatapp = 0;
    for await (const conversation of client.conversations.list({ type: 'chatapp', per_page: 50 })) if (conversation.type === 'chatapp') chatapp += 1;
    expect(chatapp === types.filter((t) => t === 'chatapp').length, 'the type filter disagrees with the full walk');
    const lines = [`${types.length} conversations in ${pages} cursor pages of 20: ${tally(types)}; type=chatapp filter: ${chatapp}`];
    if (aiOff) {
      const result = await client.conversations.enableAi(aiOff);
      expect(result.ai_enabled, 'AI is still off after enabling it');
      lines.push(`enabled AI on ${aiOff}: ai_enabled ${result.ai_enabled}`);
    } else {
      lines.push('every conversation already has AI on');
    }
    return lines;
  },
};

export const assistantWebhooksStep: TourStep = {
  title: 'Assistant webhooks',
  endpoints: ['assistants.disableInboundWebhook', 'assistants.enableConversationEndedWebhook'],
  unavailable: ({ fixtures }) => (fixtures.assistant === undefined ? 'set VOICE_SESSION_ASSISTANT_ID and VOICE_SESSION_TOUR_ASSISTANT_NUMBER' : undefined),
  async run({ client, fixtures }) {
    const id = fixtures.assistant!.id;
    const disabled = await client.assistants.disableInboundWebhook(id);
    const enabled = await client.assistants.enableConversationEndedWebhook(id, fixtures.conversationEndedWebhookUrl);
    return [
      `assistant ${id}, inbound webhook: ${disabled.message}`,
      `assistant ${id}, conversation-ended webhook → ${fixtures.conversationEndedWebhookUrl}: ${enabled.message}`,
    ];
  },
};
