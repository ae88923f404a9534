// The product's scheduled jobs, built from the core use cases (PRODUCT.md §7 "triggers").
import type { Container } from 'inversify';
import type { Clock } from '../../core/shared/clock';
import type { GroupService } from '../../core/groups/group.service';
import type { PaymentService } from '../../core/payments/payment.service';
import type { OrderService } from '../../core/marketplace/order.service';
import type { UnitOfWork } from '../../core/ports/unit-of-work';
import { TOKENS } from '../tokens';
import type { JobDefinition } from './scheduler';

export function jobDefinitions(container: Container): JobDefinition[] {
  const groups = () => container.get<GroupService>(TOKENS.GroupService);
  const payments = () => container.get<PaymentService>(TOKENS.PaymentService);
  return [
    {
      name: 'release_holds',
      description: 'Libera as vagas reservadas há mais de 30 minutos sem pagamento',
      intervalSeconds: 60,
      run: async () => groups().releaseExpiredHolds(),
    },
    {
      name: 'expire_groups',
      description: 'Expira turmas fora do prazo e reembolsa as entradas pagas',
      intervalSeconds: 300,
      run: async () => {
        const { expiredGroupIds: _ids, ...counts } = await groups().expireGroups();
        const refunds = await payments().processRefunds();
        return { ...counts, refunds_done: refunds.refunded, refunds_failed: refunds.failed };
      },
    },
    {
      name: 'group_reminders',
      description: 'Avisa os participantes quando faltam 3 dias para o prazo da turma',
      intervalSeconds: 3_600,
      run: async () => groups().sendReminders(),
    },
    {
      name: 'reconcile_payments',
      description: 'Confere com o provedor os pagamentos pendentes e aplica o que ele informa',
      intervalSeconds: 600,
      run: async () => {
        const { rows, refunds } = await payments().reconcile();
        return { checked: rows.length, applied: rows.filter((r) => r.action === 'applied').length, errors: rows.filter((r) => r.action === 'error').length, refunds_done: refunds.refunded };
      },
    },
    {
      name: 'expire_orders',
      description: 'Cancela pedidos do marketplace não pagos no prazo e devolve o estoque',
      intervalSeconds: 60,
      run: async () => container.get<OrderService>(TOKENS.OrderService).expireOrders(),
    },
    {
      name: 'cleanup_sessions',
      description: 'Apaga sessões expiradas',
      intervalSeconds: 3_600,
      run: async () => {
        const uow = container.get<UnitOfWork>(TOKENS.UnitOfWork);
        const clock = container.get<Clock>(TOKENS.Clock);
        return { deleted: await uow.repos.sessions.deleteExpired(clock.now()) };
      },
    },
  ];
}
