// The product's jobs (docs/product/screens.md#back-office "triggers"): the scheduled ones, built from the core use cases, and the queued
// side effects (e-mail) that the core enqueues inside its transactions.
import type { Container } from 'inversify';
import type { Clock } from '../../core/shared/clock';
import type { GroupService } from '../../core/groups/group.service';
import type { PaymentService } from '../../core/payments/payment.service';
import type { ExpireGroupsFlow, PayoutFlow } from '../../core/flows';
import type { OrderService } from '../../core/marketplace/order.service';
import type { OrderParcelService } from '../../core/marketplace/order-parcel.service';
import type { OrderLineRefundService } from '../../core/marketplace/order-line-refund.service';
import type { AppUnitOfWork, Repositories } from '../db/unit-of-work';
import type { Mailer } from '../../core/ports/mailer';
import type { FileStorage } from '../../core/ports/storage';
import { ProductUploadCleanup } from '../../core/marketplace/product-uploads';
import type { WhatsappService } from '../../core/messaging/whatsapp.service';
import type { PushService } from '../../core/messaging/push.service';
import type { GoodsInvoiceService } from '../../core/goods-invoices';
import { TOKENS } from '../tokens';
import { MessageFanout } from '../../core/messaging/fanout';
import type { MessagePreferences } from '../../core/messaging/ports';
import { defineJob, type JobDefinition } from './pg-boss.queue';
import type { ServiceInvoiceService } from '../../core/service-invoices/service-invoice.service';

/** The scheduled jobs do the catching up themselves: a failed tick is retried by the next one, not by the queue. */
const SCHEDULED = { retryLimit: 0, retryDelaySeconds: 60, retryBackoff: false } as const;

export function jobDefinitions(container: Container): JobDefinition[] {
  const groups = () => container.get<GroupService>(TOKENS.GroupService);
  const payments = () => container.get<PaymentService>(TOKENS.PaymentService);
  const goodsInvoices = () => container.get<GoodsInvoiceService>(TOKENS.GoodsInvoiceService);
  return [
    defineJob({
      name: 'release_holds',
      description: 'Libera as vagas sem pagamento no prazo (PIX: 30 minutos; boleto: fim do dia do vencimento) e cancela a cobrança',
      cron: '* * * * *',
      ...SCHEDULED,
      handler: async () => groups().releaseExpiredHolds(),
    }),
    defineJob({
      name: 'expire_orders',
      description: 'Cancela pedidos do marketplace não pagos no prazo e devolve o estoque',
      cron: '* * * * *',
      ...SCHEDULED,
      handler: async () => container.get<OrderService>(TOKENS.OrderService).expireOrders(),
    }),
    defineJob({
      name: 'expire_groups',
      description: 'Expira turmas fora do prazo e reembolsa as entradas pagas',
      cron: '*/5 * * * *',
      ...SCHEDULED,
      handler: async () => {
        const { expiredGroupIds: _ids, ...counts } = await container.get<ExpireGroupsFlow>(TOKENS.ExpireGroupsFlow).run();
        const refunds = await payments().processRefunds();
        return { ...counts, refunds_done: refunds.refunded, refunds_failed: refunds.failed };
      },
    }),
    defineJob({
      name: 'track_parcels',
      description: 'Pergunta à transportadora pelos envios sem novidade (espera mais a cada consulta vazia) e aplica cada etapa uma vez',
      cron: '*/5 * * * *',
      ...SCHEDULED,
      handler: async () => container.get<OrderParcelService<Repositories>>(TOKENS.OrderParcelService).poll(),
    }),
    defineJob({
      name: 'group_reminders',
      description: 'Avisa os participantes quando faltam 3 dias para o prazo da turma',
      cron: '0 * * * *',
      ...SCHEDULED,
      handler: async () => groups().sendReminders(),
    }),
    defineJob({
      name: 'reconcile_payments',
      description: 'Confere com o provedor os pagamentos pendentes e aplica o que ele informa',
      cron: '*/10 * * * *',
      ...SCHEDULED,
      handler: async () => {
        const { rows, refunds } = await payments().reconcile();
        return { checked: rows.length, applied: rows.filter((r) => r.action === 'applied').length, errors: rows.filter((r) => r.action === 'error').length, refunds_done: refunds.refunded };
      },
    }),
    defineJob({
      name: 'cleanup_sessions',
      description: 'Apaga sessões expiradas',
      cron: '30 * * * *',
      ...SCHEDULED,
      handler: async () => {
        const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
        const clock = container.get<Clock>(TOKENS.Clock);
        return { deleted: await uow.repos.identity.sessions.deleteExpired(clock.now()) };
      },
    }),
    defineJob({
      name: 'cleanup_product_uploads',
      description: 'Apaga as imagens de produto enviadas há mais de 24 h por formulários nunca salvos',
      cron: '17 * * * *',
      ...SCHEDULED,
      handler: async () => {
        const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
        return new ProductUploadCleanup(uow.repos.marketplace.uploads, container.get<FileStorage>(TOKENS.FileStorage), container.get<Clock>(TOKENS.Clock)).run();
      },
    }),
    defineJob({
      name: 'mail.send',
      description: 'Envia um e-mail (enfileirado na mesma transação da mudança que o causa)',
      // 8 retries from 30 s, doubling: the last one is about 1–2 hours after the first failure.
      retryLimit: 8,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async (message) => {
        // Asked at send time: a person who turned e-mail off for this kind of message since it was queued gets nothing.
        const { audience, ...mail } = message;
        if (audience && !(await container.get<MessagePreferences>(TOKENS.MessagePreferences).allows(audience.user_id, 'email', audience.category))) return { sent: 0, skipped: 1 };
        await container.get<Mailer>(TOKENS.Mailer).send(mail);
        return { sent: 1, skipped: 0 };
      },
    }),
    defineJob({
      name: 'messages.fanout',
      description: 'Decide por quais canais (WhatsApp, push) uma notificação nova sai, conforme as escolhas da pessoa, e enfileira cada envio',
      retryLimit: 8,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 120,
      handler: async ({ notification_id }) =>
        new MessageFanout(container.get<AppUnitOfWork>(TOKENS.UnitOfWork), container.get<MessagePreferences>(TOKENS.MessagePreferences), container.get<Clock>(TOKENS.Clock)).run(notification_id),
    }),
    defineJob({
      name: 'payments.refund',
      description: 'Devolve um pagamento pelo provedor (enfileirado com a mudança que o exige: turma expirada, vaga indisponível)',
      // The provider may be down for a while; the reconcile job also sweeps what is left.
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ payment_id }) => ({ refunded: (await payments().refundOne(payment_id)) === 'refunded' ? 1 : 0 }),
    }),
    defineJob({
      name: 'marketplace.line_refund',
      description: 'Reembolsa no provedor os itens de pedido reembolsados um a um no painel (reembolso parcial)',
      // The provider may be down for a while: retried with backoff; a refund the provider already made is only marked done.
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ payment_id }) => container.get<OrderLineRefundService>(TOKENS.OrderLineRefundService).process(payment_id),
    }),
    defineJob({
      name: 'payments.cancel_charge',
      description: 'Cancela no provedor a cobrança pendente de uma vaga liberada ou de um pedido expirado (DELETE /payments/{id})',
      // The provider may be down for a while; an already deleted charge counts as done.
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ payment_id, reason }) => ({ cancelled: (await payments().cancelCharge(payment_id, reason)) === 'cancelled' ? 1 : 0 }),
    }),
    defineJob({
      name: 'mature_receivables',
      description: 'Libera os recebíveis dos profissionais 7 dias após o resgate (A liberar → Disponível)',
      cron: '*/15 * * * *',
      ...SCHEDULED,
      handler: async () => container.get<PayoutFlow>(TOKENS.PayoutFlow).matureReceivables(),
    }),
    defineJob({
      name: 'pay_professionals',
      description: 'Repassa por PIX os recebíveis disponíveis de cada profissional acima do mínimo (PAYOUT_MINIMUM)',
      cron: '0 10 * * *',
      ...SCHEDULED,
      handler: async () => {
        const { payouts, amount } = await container.get<PayoutFlow>(TOKENS.PayoutFlow).run();
        return { payouts, amount };
      },
    }),
    defineJob({
      name: 'goods_invoices.issue',
      description: 'Emite a NF-e de um pedido pago do marketplace (enfileirado na transação que confirma o pagamento)',
      // The provider may be down for a while: retried with backoff; a resend asks the provider first (no duplicate NF-e).
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ order_id }) => ({ [await goodsInvoices().issue(order_id)]: 1 }),
    }),
    defineJob({
      name: 'goods_invoices.poll',
      description: 'Consulta na SEFAZ (pelo emissor) uma NF-e em processamento; reagenda a si mesma com espera crescente',
      retryLimit: 3,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ invoice_id }) => ({ [await goodsInvoices().poll(invoice_id)]: 1 }),
    }),
    defineJob({
      name: 'goods_invoices.cancel',
      description: 'Cancela a NF-e de um pedido reembolsado dentro do prazo legal (24 h), ou a marca para nota de devolução',
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ order_id }) => ({ [await goodsInvoices().cancelForRefund(order_id)]: 1 }),
    }),
    defineJob({
      name: 'payouts.transfer',
      description: 'Envia a transferência PIX de um repasse (enfileirado na transação que cria o repasse)',
      // The provider may be down for a while; the payout stays pending (its receivables in payout) until it answers.
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ payout_id }) => {
        const outcome = await container.get<PayoutFlow>(TOKENS.PayoutFlow).sendTransfer(payout_id);
        return { sent: outcome === 'sent' ? 1 : 0, failed: outcome === 'failed' ? 1 : 0 };
      },
    }),
    defineJob({
      name: 'hold_reminders',
      description: 'Avisa quem tem vaga reservada sem pagamento: PIX nos 10 minutos finais, boleto na véspera do vencimento',
      cron: '* * * * *',
      ...SCHEDULED,
      handler: async () => groups().remindLapsingHolds(),
    }),
    defineJob({
      name: 'whatsapp.send',
      description: 'Envia um aviso pelo WhatsApp (modelo aprovado); se falhar de vez, manda um e-mail no lugar',
      // Rate limits and outages: 6 retries from 30 s, doubling (about an hour in all); the last failure falls back to e-mail.
      retryLimit: 6,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 120,
      handler: async (data, run) => container.get<WhatsappService>(TOKENS.WhatsappService).send(data, run),
    }),
    defineJob({
      name: 'whatsapp.optin',
      description: 'Envia pelo WhatsApp o código que confirma o número (modelo codigo_confirmacao)',
      // The code lives 10 minutes: a few quick retries, then the person asks for a new one.
      retryLimit: 3,
      retryDelaySeconds: 20,
      retryBackoff: true,
      expireInSeconds: 120,
      handler: async (data, run) => container.get<WhatsappService>(TOKENS.WhatsappService).sendOptInCode(data, run),
    }),
    defineJob({
      name: 'push.send',
      description: 'Envia uma notificação como push aos navegadores inscritos da pessoa (enfileirado pelo envio por canais)',
      // 5 retries from 30 s, doubling (the last about 15 min after the first failure): a push later than that is stale.
      retryLimit: 5,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 120,
      handler: async (data, run) => container.get<PushService>(TOKENS.PushService).deliver(data, run),
    }),
    defineJob({
      name: 'service_invoices.issue',
      description: 'Envia ao provedor a nota fiscal de serviço (NFS-e) da taxa de uma compra concluída (enfileirado na mesma transação)',
      // The provider may be down for a while; a refusal is kept on the invoice (no retry), the reconcile job sweeps the rest.
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      // Counted by outcome (sent, skipped, error…) so the back office's job history shows what each run did.
      handler: async ({ invoice_id, customer }) => ({ [await container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService).issue(invoice_id, customer)]: 1 }),
    }),
    defineJob({
      name: 'service_invoices.cancel',
      description: 'Pede ao provedor o cancelamento da NFS-e de uma compra desistida ou estornada',
      retryLimit: 10,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      handler: async ({ invoice_id }) => ({ [await container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService).cancel(invoice_id)]: 1 }),
    }),
    defineJob({
      name: 'reconcile_service_invoices',
      description: 'Confere com o provedor as notas fiscais de serviço em andamento (agendadas, enviadas, em cancelamento) e envia as que ficaram para trás',
      cron: '*/2 * * * *',
      ...SCHEDULED,
      handler: async () => container.get<ServiceInvoiceService>(TOKENS.ServiceInvoiceService).reconcile(),
    }),
  ];
}
