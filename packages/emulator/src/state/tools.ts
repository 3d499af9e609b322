/**
 * Mid-call tools, with the per-account plan limit on how many may exist.
 */
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';

/** Maximum mid-call tools per account, as each seeded account's plan sets it. */
export const TOOL_PLAN_LIMITS: Readonly<Record<number, number>> = { 1: 5, 2: 2 };

/** A stored tool (wire field names, since the router returns it as is). */
export interface ToolRecord {
  id: number;
  accountId: number;
  name: string;
  description: string;
  type: 'http';
  endpoint: string;
  method: string;
  body_format: string;
  timeout: number;
  headers: Array<{ name: string; value: string }>;
  static_fields: Array<{ key: string; value: string }>;
  schema: Array<{ name: string; type: string; description: string; required: boolean }>;
  createdAt: number;
  updatedAt: number;
}

/** State of the tools area. */
export class ToolsState implements AreaState {
  readonly tools = new Map<number, ToolRecord>();
  private nextId = 1;

  constructor(private readonly deps: StateDeps) {}

  reset(): void {
    this.tools.clear();
    this.nextId = 1;
  }

  /** Tools of an account. */
  of(accountId: number): ToolRecord[] {
    return [...this.tools.values()].filter((t) => t.accountId === accountId);
  }

  /** The plan's limit of an account. */
  limitOf(accountId: number): number {
    return TOOL_PLAN_LIMITS[accountId] ?? 5;
  }

  create(input: Omit<ToolRecord, 'id' | 'createdAt' | 'updatedAt'>): ToolRecord {
    const now = this.deps.clock.now();
    const tool: ToolRecord = { ...input, id: this.nextId++, createdAt: now, updatedAt: now };
    this.tools.set(tool.id, tool);
    return tool;
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    return { tools: { count: this.of(accountId).length, plan_limit: this.limitOf(accountId) } };
  }
}
