// Flow (read): GET /api/me/export (LGPD art. 18, II and V): everything the platform holds about the person, asked of
// every module's repositories, secrets left out (docs/product/identity.md#lgpd). tests/http/lgpd-export.test.ts fails
// when a table pointing at a user is not covered here.
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import { auditMeta, type AuthenticatedUser, type RequestMeta } from '../identity';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { IdentityScope } from '../identity/ports';
import type { ReferralsScope } from '../referrals/ports';
import type { InfluencersScope } from '../influencers/ports';
import type { AuditScope } from '../audit/ports';
import type { GroupsScope } from '../groups/ports';
import type { PaymentsScope } from '../payments/ports';
import type { NotificationsScope } from '../notifications/ports';
import type { WalletScope } from '../wallet/ports';
import type { MarketplaceScope } from '../marketplace/ports';
import type { ProfessionalsScope } from '../professionals/ports';
import type { ExperimentsScope } from '../experiments/ports';
import type { MessagingScope } from '../messaging/ports';
import type { LegalScope } from '../legal/ports';
import type { PushScope } from '../messaging';

/** Everything stored about one person, from every module that keeps personal data. */
type ExportMyDataScope = IdentityScope & ReferralsScope & InfluencersScope & AuditScope & GroupsScope & PaymentsScope & NotificationsScope & WalletScope & MarketplaceScope & ProfessionalsScope & ExperimentsScope & PushScope & MessagingScope & LegalScope;

const ALL = 100_000;

export class ExportMyDataFlow {
  constructor(
    private readonly uow: UnitOfWork<ExportMyDataScope>,
    private readonly clock: Clock,
  ) {}

  async export(current: AuthenticatedUser, meta: RequestMeta) {
    const r = this.uow.repos;
    const id = current.id;
    const [user, profile, sessions, tokens, referral, referred, audit] = await Promise.all([
      r.identity.users.findById(id),
      r.identity.profiles.findByUserId(id),
      r.identity.sessions.listForUser(id),
      r.identity.authTokens.listForUser(id),
      r.referrals.findByReferred(id),
      r.referrals.listByReferrer(id),
      r.audit.list({ filter: { actor_user_id: id }, sort: { field: 'created_at', order: 'DESC' }, offset: 0, limit: 10_000 }),
    ]);
    if (!user) throw new DomainError('unauthenticated', 'unauthenticated', 'Sessão expirada. Entre novamente.');

    const [memberOf, owned, memberships, vouchers, payments, walletEntries, walletBalance, notifications, cart, orders, reviewsWritten, professional] = await Promise.all([
      r.groups.groups.listForUser(id),
      r.groups.groups.listOwnedBy(id),
      r.groups.members.listForUser(id),
      r.groups.vouchers.listForUser(id),
      r.payments.payments.listForUser(id, 0, ALL),
      r.wallet.list(id),
      r.wallet.balance(id),
      r.notifications.list(id, 0, ALL),
      r.marketplace.cart.listForUser(id),
      r.marketplace.orders.listForUser(id, 0, ALL),
      r.professionals.reviews.listByUser(id),
      r.professionals.professionals.findByUserId(id),
    ]);

    const groups = new Map([...owned, ...memberOf].map((g) => [g.id, { ...g, created_by_me: g.owner_user_id === id }]));
    const orderDetails = await Promise.all(
      orders.items.map(async (o) => {
        const [items, history] = await Promise.all([r.marketplace.orders.items(o.id), r.marketplace.orders.history(o.id)]);
        return { ...o, items, history };
      }),
    );
    const professionalData = professional ? await this.professionalPart(professional.id) : null;
    const experiments = await r.experiments.listForUser(id);
    const pushSubscriptions = await r.pushSubscriptions.listForUser(id);
    const [acceptances, messageChoices, whatsapp, messagesSent] = await Promise.all([
      r.legal.acceptances(id),
      r.messaging.preferences.list(id),
      r.messaging.whatsapp.get(id),
      r.messaging.log.listForUser(id, 0, ALL),
    ]);
    const influencer = await r.influencers.findByUserId(id);
    const commissions = influencer ? (await r.commissions.listForInfluencer(influencer.id, {}, 0, ALL)).items : [];

    await r.audit.append({ action: 'user.data_exported', actor_user_id: id, actor_email: current.email, entity_type: 'user', entity_id: id, ...auditMeta(meta) });
    const { password_hash: _secret, ...account } = user;
    return {
      exported_at: this.clock.now().toISOString(),
      legal_basis: 'LGPD (Lei 13.709/2018), art. 18, II (acesso) e V (portabilidade)',
      account,
      profile,
      sessions,
      links_sent: tokens.map(({ purpose, created_at, expires_at, used_at }) => ({ purpose, created_at, expires_at, used_at })),
      referral,
      referred_users: referred.map(({ referred_user_id, referral_type, status, created_at }) => ({ referred_user_id, referral_type, status, created_at })),
      activity: audit.items.map(({ created_at, action, ip, user_agent, metadata }) => ({ created_at, action, ip, user_agent, metadata })),
      groups: [...groups.values()],
      memberships,
      vouchers,
      // The QR image is a rendering of pix_payload (kept); the provider's customer id is ours to keep, not a secret.
      payments: payments.items.map(({ pix_image: _image, ...p }) => p),
      wallet: { balance: walletBalance, entries: walletEntries },
      notifications: notifications.items,
      cart,
      orders: orderDetails,
      reviews_written: reviewsWritten,
      professional: professional ? { profile: professional, ...professionalData } : null,
      // The theme A/B experiment: the variant shown, whether it converted, and the events recorded.
      experiments,
      // The influencer programme: the application/profile and every commission earned.
      influencer: influencer ? { profile: influencer, commissions } : null,
      // Browsers subscribed to web push: the endpoint and when; the keys are the browser's encryption secrets.
      push_subscriptions: pushSubscriptions.map(({ id, endpoint, user_agent, created_at, last_success_at }) => ({ id, endpoint, user_agent, created_at, last_success_at })),
      // Consents: the terms and privacy versions accepted (the address only as its keyed hash), the message choices
      // made (absent = the default) and the WhatsApp number's double opt-in (the code's hash is left out).
      consents: {
        legal_acceptances: acceptances,
        message_preferences: messageChoices,
        whatsapp: whatsapp ? { phone: whatsapp.phone, confirmed_at: whatsapp.confirmed_at, updated_at: whatsapp.updated_at } : null,
      },
      // Messages sent on WhatsApp and push, with their delivery status.
      messages_sent: messagesSent.items,
    };
  }

  private async professionalPart(professionalId: string) {
    const r = this.uow.repos.professionals;
    const [photos, receivables, payouts, reviews, redeemed] = await Promise.all([
      r.photos.list(professionalId),
      r.receivables.listForProfessional(professionalId),
      r.payouts.listForProfessional(professionalId, 0, ALL),
      r.reviews.listForProfessional(professionalId),
      this.uow.repos.groups.vouchers.listRedeemedBy(professionalId),
    ]);
    return {
      photos,
      receivables,
      payouts: payouts.items,
      // Reviews received: the reviewers are other people, so only what the public profile shows of them (nothing).
      reviews_received: reviews.map(({ user_id: _reviewer, ...review }) => review),
      // Redemptions the professional made: the voucher and when, not its holder nor its code.
      vouchers_redeemed: redeemed.map(({ id, plan_id, group_id, price, status, redeemed_at }) => ({ id, plan_id, group_id, price, status, redeemed_at })),
    };
  }
}
