/**
 * Folders grouping assistants, private to their account; counts come from the assistants.
 */
import type { AreaState, StateDeps } from './area.js';
import type { AccountRole } from './model.js';

/** A stored folder. */
export interface FolderRecord {
  id: number;
  accountId: number;
  name: string;
  color: string;
}

const COLORS = ['#EF4444', '#F59E0B', '#10B981', '#3B82F6', '#8B5CF6', '#EC4899', '#6B7280'];
const NAMES = [
  'Sales', 'Support', 'Onboarding', 'Billing', 'Retention', 'Scheduling', 'Surveys', 'Collections', 'Recruiting',
  'Front desk', 'After hours', 'Outbound', 'Inbound', 'Events', 'Partners', 'Enterprise', 'SMB', 'Pilot',
  'Archive', 'Experiments', 'Spanish', 'German',
];

/** State of the folders area. */
export class FoldersState implements AreaState {
  readonly folders = new Map<number, FolderRecord>();

  constructor(private readonly deps: StateDeps) {
    this.reset();
  }

  reset(): void {
    this.folders.clear();
    NAMES.forEach((name, i) => this.folders.set(i + 1, { id: i + 1, accountId: 1, name, color: COLORS[i % COLORS.length] ?? '#6B7280' }));
    ['Clinic', 'Bookings', 'Reminders'].forEach((name, i) =>
      this.folders.set(101 + i, { id: 101 + i, accountId: 2, name, color: COLORS[(i + 3) % COLORS.length] ?? '#6B7280' }),
    );
  }

  /** One page of an account's folders, ordered by id, with the total. */
  page(accountId: number, page: number, perPage: number): { data: Array<FolderRecord & { assistants_count: number }>; total: number } {
    const all = [...this.folders.values()].filter((f) => f.accountId === accountId).sort((a, b) => a.id - b.id);
    const assistants = this.deps.accounts.assistantsOf(accountId);
    const slice = all.slice((page - 1) * perPage, page * perPage);
    return {
      total: all.length,
      data: slice.map((f) => ({ ...f, assistants_count: assistants.filter((a) => a.folderId === f.id).length })),
    };
  }

  fixtures(role: AccountRole): Record<string, unknown> {
    const accountId = this.deps.accounts.userByRole(role).accountId;
    return { folder_ids: [...this.folders.values()].filter((f) => f.accountId === accountId).map((f) => f.id) };
  }
}
