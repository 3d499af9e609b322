import type { TranscriptEntry } from '@voice-session/web';

/** Renders transcript entries as chat bubbles, updating a segment's bubble in place as it grows. */
export class TranscriptView {
  readonly #list: HTMLOListElement;
  readonly #empty: HTMLElement;
  readonly #items = new Map<string, HTMLLIElement>();

  constructor(list: HTMLOListElement, empty: HTMLElement) {
    this.#list = list;
    this.#empty = empty;
  }

  upsert(entry: TranscriptEntry): void {
    let item = this.#items.get(entry.id);
    if (!item) {
      item = document.createElement('li');
      const who = document.createElement('span');
      who.className = 'who';
      who.textContent = entry.role === 'assistant' ? 'Assistant' : 'You';
      const text = document.createElement('span');
      text.className = 'text';
      item.append(who, text);
      this.#items.set(entry.id, item);
      this.#empty.hidden = true;
      this.#list.append(item);
    }
    item.className = `bubble ${entry.role}${entry.final ? '' : ' partial'}`;
    item.dataset.final = String(entry.final);
    item.querySelector('.text')!.textContent = entry.text;
    this.#list.scrollTop = this.#list.scrollHeight;
  }

  clear(): void {
    for (const item of this.#items.values()) item.remove();
    this.#items.clear();
    this.#empty.hidden = false;
  }
}
