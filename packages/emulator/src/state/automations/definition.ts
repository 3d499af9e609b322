/**
 * Automation definitions (a trigger with its steps chained under `nextAction`) and the templates
 * they are built from, plus the two template substitutions: parameters at apply time, run data at
 * run time.
 */

/** A step of a definition. */
export interface StepNode {
  name: string;
  type: 'PIECE';
  displayName: string;
  settings: { pieceName: string; actionName: string; input: Record<string, unknown> };
  nextAction?: StepNode;
}

/** The trigger heading a definition. */
export interface TriggerNode {
  name: string;
  type: 'PIECE_TRIGGER';
  displayName: string;
  settings: { pieceName: string; triggerName: string };
  nextAction?: StepNode;
}

/** How a template is started. */
export type TemplateTrigger = 'webhook' | 'post_call';

/** A parameter a template asks for (the wire param spec plus how the emulator checks it). */
export interface TemplateParam {
  key: string;
  label: string;
  description: string;
  required: boolean;
  example: unknown;
  default?: unknown;
  /** The value must be the id of a resource of this kind in the named connection. */
  choicesFrom?: { connection: string; resource: string };
}

/** A template in the catalogue. */
export interface AutomationTemplate {
  key: string;
  name: string;
  description: string;
  trigger: TemplateTrigger;
  requiresAssistant: boolean;
  sideEffects: boolean;
  /** Account connections the steps use. */
  connections: string[];
  params: TemplateParam[];
  /** Trigger data for the test run. */
  sample: Record<string, unknown>;
  /** The definition with `{{params.*}}` placeholders still in it. */
  definition: TriggerNode;
}

/** A placeholder that no value stands behind. */
export class UnresolvedReferenceError extends Error {
  override readonly name = 'UnresolvedReferenceError';
  constructor(readonly reference: string) {
    super(`{{${reference}}} does not resolve to any value`);
  }
}

const WHOLE = /^\{\{\s*([A-Za-z0-9_.[\]-]+)\s*\}\}$/;
const EMBEDDED = /\{\{\s*([A-Za-z0-9_.[\]-]+)\s*\}\}/g;

/**
 * Replace `{{path}}` placeholders whose first segment is in `roots`; other placeholders stay as they
 * are (so apply time fills params and leaves run-time references). A whole-string placeholder keeps
 * the value's type; one inside text is interpolated. Throws {@link UnresolvedReferenceError}.
 */
export function substitute(value: unknown, scope: Record<string, unknown>, roots: readonly string[]): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole?.[1] && roots.includes(rootOf(whole[1]))) return lookup(scope, whole[1]);
    return value.replace(EMBEDDED, (match, path: string) => {
      if (!roots.includes(rootOf(path))) return match;
      const found = lookup(scope, path);
      return typeof found === 'string' ? found : JSON.stringify(found);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, scope, roots));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, scope, roots)]));
  }
  return value;
}

/** The steps of a definition in execution order. */
export function stepsOf(definition: TriggerNode): StepNode[] {
  const out: StepNode[] = [];
  for (let step = definition.nextAction; step; step = step.nextAction) out.push(step);
  return out;
}

function rootOf(path: string): string {
  return path.split('.')[0] ?? '';
}

function lookup(scope: Record<string, unknown>, path: string): unknown {
  let current: unknown = scope;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) throw new UnresolvedReferenceError(path);
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined) throw new UnresolvedReferenceError(path);
  return current;
}
