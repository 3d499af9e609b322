/**
 * Everything a page saw on the network: request URLs, headers and bodies, response headers and
 * bodies, and WebSocket frames both ways, so a test can prove a secret never reached the browser.
 */
import type { Page } from 'playwright-core';

export interface BrowserTraffic {
  /** Every captured item as text (binary frames as latin1). */
  items: string[];
  /** Wait for pending response bodies to be read. */
  settle(): Promise<void>;
}

/** Start recording `page`'s traffic; call before navigating. */
export function recordTraffic(page: Page): BrowserTraffic {
  const items: string[] = [];
  const pending: Array<Promise<unknown>> = [];
  page.on('request', (request) => {
    items.push(request.url(), JSON.stringify(request.headers()), request.postData() ?? '');
  });
  page.on('response', (response) => {
    items.push(JSON.stringify(response.headers()));
    pending.push(
      response
        .body()
        .then((body) => items.push(body.toString('latin1')))
        .catch(() => undefined),
    );
  });
  page.on('websocket', (socket) => {
    items.push(socket.url());
    const frame = (event: { payload: string | Buffer }) =>
      items.push(typeof event.payload === 'string' ? event.payload : event.payload.toString('latin1'));
    socket.on('framesent', frame);
    socket.on('framereceived', frame);
  });
  return {
    items,
    async settle() {
      await Promise.all(pending.splice(0));
    },
  };
}
