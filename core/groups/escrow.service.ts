// The member's view of a group's escrow (GET /api/groups/:id/escrow): only someone who holds or held a place in the
// group reads it, and only totals and first names (core/groups/escrow-rules.ts).
import { forbidden, notFound } from '../shared/errors';
import { isId } from '../shared/ids';
import { summarizeEscrow, type EscrowPaymentFact } from './escrow-rules';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { GroupsScope } from './ports';

/** Escrow reads groups tables only. */
type EscrowScope = GroupsScope;

/** Reads the confirmed entry and balance payments of groups with what became of each (one query, shared with the report). */
export interface EscrowFactsReader {
  facts(filter: { groupId?: string }): Promise<EscrowPaymentFact[]>;
}

export class GroupEscrowService {
  constructor(
    private readonly uow: UnitOfWork<EscrowScope>,
    private readonly reader: EscrowFactsReader,
  ) {}

  async forMember(actor: { id: string }, groupId: string) {
    const repos = this.uow.repos;
    const group = isId(groupId) ? await repos.groups.groups.findById(groupId) : null;
    if (!group) throw notFound('group_not_found', 'Turma não encontrada.');
    const members = await repos.groups.members.listForGroup(group.id);
    if (!members.some((m) => m.user_id === actor.id)) throw forbidden('not_a_member', 'Só quem participa da turma pode ver onde está o dinheiro dela.');
    const escrow = summarizeEscrow(await this.reader.facts({ groupId: group.id }), actor.id);
    return { group_id: group.id, status: group.status, currency: 'BRL' as const, ...escrow };
  }
}
