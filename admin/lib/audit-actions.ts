// Every action the server writes to the audit log, with its label in both locales of the back office.
// tests/core/audit/audit-action-labels.test.ts scans core/, adapters/ and cli/ for the action strings written and fails when
// one has no label here. The i18n files take their `turma.audit_logs.actions` from `auditActionMessages`.

/** action → [pt-BR, en-US]. */
const LABELS = {
  // Sign-in, sessions and the second factor.
  'auth.login': ['Entrada', 'Sign-in'],
  'auth.login_failed': ['Tentativa de entrada recusada', 'Sign-in refused'],
  'auth.login_ceiling_reached': ['Entradas bloqueadas por excesso de tentativas', 'Sign-ins locked after too many attempts'],
  'auth.logout': ['Saída', 'Sign-out'],
  'auth.session_rotated': ['Sessão renovada', 'Session renewed'],
  'auth.email_confirmed': ['E-mail confirmado', 'E-mail confirmed'],
  'auth.account_unlocked': ['Conta desbloqueada pelo link', 'Account unlocked by link'],
  'auth.password_reset_requested': ['Redefinição de senha pedida', 'Password reset requested'],
  'auth.password_reset': ['Senha redefinida', 'Password reset'],
  'auth.password_changed': ['Senha alterada', 'Password changed'],
  'auth.password_change_failed': ['Troca de senha recusada', 'Password change refused'],
  'auth.2fa_enrol_started': ['Cadastro da verificação em duas etapas iniciado', 'Two-factor enrolment started'],
  'auth.2fa_enabled': ['Verificação em duas etapas ativada', 'Two-factor authentication enabled'],
  'auth.2fa_verified': ['Código da verificação em duas etapas aceito', 'Two-factor code accepted'],
  'auth.2fa_failed': ['Código da verificação em duas etapas recusado', 'Two-factor code refused'],
  // Accounts and personal data.
  'user.created': ['Conta criada', 'Account created'],
  'user.signed_up': ['Cadastro feito', 'Signed up'],
  'user.deleted': ['Conta excluída (LGPD)', 'Account deleted (LGPD)'],
  'user.data_exported': ['Dados pessoais exportados (LGPD)', 'Personal data exported (LGPD)'],
  'profile.updated': ['Perfil alterado', 'Profile updated'],
  // Back office.
  'admin.created': ['Administrador criado', 'Admin created'],
  'admin.2fa_reset': ['Verificação em duas etapas redefinida', 'Two-factor authentication reset'],
  'admin.plan_created': ['Plano criado', 'Plan created'],
  'admin.plan_updated': ['Plano alterado', 'Plan updated'],
  'admin.plan_category_created': ['Categoria de plano criada', 'Plan category created'],
  'admin.plan_category_updated': ['Categoria de plano alterada', 'Plan category updated'],
  'admin.plan_category_deleted': ['Categoria de plano excluída', 'Plan category deleted'],
  'admin.product_created': ['Produto criado', 'Product created'],
  'admin.product_updated': ['Produto alterado', 'Product updated'],
  'admin.product_activated': ['Produto ativado', 'Product activated'],
  'admin.product_deactivated': ['Produto desativado', 'Product deactivated'],
  'admin.product_image_uploaded': ['Imagem de produto enviada', 'Product image uploaded'],
  'admin.products_imported': ['Produtos importados (CSV)', 'Products imported (CSV)'],
  'admin.product_category_created': ['Categoria de produto criada', 'Product category created'],
  'admin.product_category_updated': ['Categoria de produto alterada', 'Product category updated'],
  'admin.product_category_deleted': ['Categoria de produto excluída', 'Product category deleted'],
  'admin.professional_approve': ['Profissional aprovado', 'Professional approved'],
  'admin.professional_reactivate': ['Profissional reativado', 'Professional reactivated'],
  'admin.professional_reject': ['Cadastro de profissional recusado', 'Professional application rejected'],
  'admin.professional_suspend': ['Profissional suspenso', 'Professional suspended'],
  'admin.professional_featured': ['Destaque de profissional alterado', 'Professional feature changed'],
  'admin.influencer_approve': ['Influenciador aprovado', 'Influencer approved'],
  'admin.influencer_reactivate': ['Influenciador reativado', 'Influencer reactivated'],
  'admin.influencer_reject': ['Candidatura de influenciador recusada', 'Influencer application rejected'],
  'admin.influencer_suspend': ['Influenciador suspenso', 'Influencer suspended'],
  'admin.influencer_set_rate': ['Comissão de influenciador alterada', 'Influencer commission changed'],
  'admin.campaign_created': ['Campanha criada', 'Campaign created'],
  'admin.campaign_ended': ['Campanha encerrada', 'Campaign ended'],
  'admin.review_hidden': ['Avaliação ocultada', 'Review hidden'],
  'admin.review_restored': ['Avaliação restaurada', 'Review restored'],
  'admin.user_role_changed': ['Papel de usuário alterado', 'User role changed'],
  'admin.user_blocked': ['Usuário bloqueado', 'User blocked'],
  'admin.user_unblocked': ['Usuário desbloqueado', 'User unblocked'],
  'admin.user_sessions_ended': ['Sessões do usuário encerradas', "User's sessions ended"],
  'admin.user_confirmation_resent': ['Link de confirmação reenviado', 'Confirmation link resent'],
  'admin.job_run': ['Tarefa executada manualmente', 'Job run by hand'],
  'admin.job_retried': ['Tarefa com falha reenviada', 'Failed job retried'],
  'admin.job_paused': ['Agenda pausada', 'Schedule paused'],
  'admin.job_resumed': ['Agenda retomada', 'Schedule resumed'],
  'admin.payouts_run': ['Repasses executados manualmente', 'Payouts run by hand'],
  // Groups and vouchers.
  'group.place_held': ['Vaga reservada', 'Place held'],
  'group.place_released': ['Vaga liberada', 'Place released'],
  'group.completed': ['Turma completa', 'Group completed'],
  'group.expired': ['Turma expirada', 'Group expired'],
  'group.cancelled': ['Turma cancelada', 'Group cancelled'],
  'group.purchase_cancelled': ['Compra do grupo cancelada', 'Group purchase cancelled'],
  'group.purchase_reversal_kept': ['Estorno de compra mantido (voucher já usado)', 'Purchase reversal kept (voucher already used)'],
  'group.purchase_withdrawn': ['Desistência em 7 dias (CDC art. 49)', 'Withdrawal within 7 days (CDC art. 49)'],
  'voucher.redeemed': ['Voucher resgatado', 'Voucher redeemed'],
  'voucher.shipped': ['Voucher enviado', 'Voucher sent'],
  // Payments.
  'payment.created': ['Cobrança criada', 'Charge created'],
  'payment.confirmed': ['Pagamento confirmado', 'Payment confirmed'],
  'payment.amount_mismatch': ['Valor pago diferente do cobrado', 'Amount paid differs from the charge'],
  'payment.charge_cancelled': ['Cobrança cancelada no provedor', 'Charge cancelled at the provider'],
  'payment.refund_marked': ['Reembolso solicitado', 'Refund requested'],
  'payment.refund_destination_chosen': ['Destino do reembolso escolhido', 'Refund destination chosen'],
  'payment.refunded': ['Pagamento reembolsado', 'Payment refunded'],
  'payment.partially_refunded': ['Reembolso parcial feito no provedor', 'Partial refund made at the provider'],
  'payment.refunded_by_provider': ['Reembolso feito direto no provedor', 'Refunded directly at the provider'],
  'payment.refund_transfer_failed': ['PIX de reembolso falhou', 'Refund PIX failed'],
  'payment.chargeback': ['Contestação (chargeback)', 'Chargeback'],
  // Marketplace orders.
  'order.created': ['Pedido criado', 'Order created'],
  'order.plan_order_created': ['Pedido de plano criado', 'Plan order created'],
  'order.status_changed': ['Situação do pedido alterada', 'Order status changed'],
  'order.line_refunded': ['Item do pedido reembolsado', 'Order item refunded'],
  'order.return_requested': ['Devolução solicitada', 'Return requested'],
  'order.return_accepted': ['Devolução recebida', 'Return received'],
  'order.return_rejected': ['Devolução recusada', 'Return declined'],
  'order.refunded_by_provider': ['Pedido reembolsado direto no provedor', 'Order refunded directly at the provider'],
  'order.reversal_kept': ['Estorno de pedido mantido', 'Order reversal kept'],
  'order.label_purchased': ['Etiqueta de envio comprada', 'Shipping label bought'],
  'order.parcel_returned': ['Encomenda devolvida pela transportadora', 'Parcel returned by the carrier'],
  // Professionals, payouts and reviews.
  'professional.applied': ['Cadastro de profissional enviado', 'Professional application sent'],
  'professional.resubmitted': ['Cadastro de profissional reenviado', 'Professional application resubmitted'],
  'professional.pin_moved': ['Posição no mapa alterada', 'Map position changed'],
  'payout.created': ['Repasse criado', 'Payout created'],
  'payout.paid': ['Repasse pago', 'Payout paid'],
  'payout.failed': ['Repasse falhou', 'Payout failed'],
  'payout.done_after_failed': ['Repasse pago depois de falhar', 'Payout paid after failing'],
  'review.reported': ['Avaliação denunciada', 'Review reported'],
  // Influencers, commissions and campaigns.
  'influencer.applied': ['Candidatura de influenciador enviada', 'Influencer application sent'],
  'influencer.resubmitted': ['Candidatura de influenciador reenviada', 'Influencer application resubmitted'],
  'influencer.code_changed': ['Código de influenciador alterado', 'Influencer code changed'],
  'commission.created': ['Comissão gerada', 'Commission earned'],
  'commission.reversed': ['Comissão estornada', 'Commission reversed'],
  'commission.clawed_back': ['Comissão descontada (já repassada)', 'Commission clawed back (already paid out)'],
  'campaign.bonus_credited': ['Bônus de campanha creditado', 'Campaign bonus credited'],
  'campaign.bonus_reversed': ['Bônus de campanha estornado', 'Campaign bonus reversed'],
  // Terms and privacy.
  'admin.legal_document_published': ['Nova versão de documento legal publicada', 'New legal document version published'],
  // Fiscal.
  'fiscal.invoiced': ['Eventos marcados como faturados (NFS-e)', 'Events marked as invoiced (NFS-e)'],
  'goods_invoice.rejected': ['NF-e rejeitada pelo emissor', 'Goods invoice rejected by the provider'],
  'goods_invoice.retried': ['NF-e enviada de novo', 'Goods invoice sent again'],
  'goods_invoice.cancelled': ['NF-e cancelada (pedido reembolsado)', 'Goods invoice cancelled (order refunded)'],
  'goods_invoice.dropped': ['NF-e descartada antes da autorização', 'Goods invoice dropped before authorisation'],
  'goods_invoice.return_required': ['NF-e com nota de devolução pendente', 'Goods invoice needs a return invoice'],
  'service_invoice.failed': ['NFS-e com erro no provedor', 'Service invoice failed at the provider'],
  'service_invoice.retried': ['NFS-e enviada de novo', 'Service invoice sent again'],
} as const satisfies Record<string, readonly [string, string]>;

export type AuditAction = keyof typeof LABELS;

/** The actions the server records; the action filter offers these (it matches exactly). */
export const AUDIT_ACTIONS = Object.keys(LABELS) as AuditAction[];

export function auditActionLabel(action: string, locale: 'pt-BR' | 'en-US'): string | null {
  const pair = (LABELS as Record<string, readonly [string, string]>)[action];
  return pair ? pair[locale === 'pt-BR' ? 0 : 1] : null;
}

/** `turma.audit_logs.actions` for one locale: nested by the action's dots, as react-admin's translate reads keys. */
export function auditActionMessages(locale: 'pt-BR' | 'en-US'): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [action, pair] of Object.entries(LABELS)) {
    const dot = action.indexOf('.');
    const group = action.slice(0, dot);
    (out[group] ??= {})[action.slice(dot + 1)] = pair[locale === 'pt-BR' ? 0 : 1];
  }
  return out;
}
