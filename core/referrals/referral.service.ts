// Referral links (docs/product/referrals.md): recording a click on /r/, /ref/ or /indicacao/ (bots and a visitor's
// repeats within a minute stored but not counted), the signed first-click carrier, and binding a sign-up inside the
// 30-day window to the influencer on the server (self-referrals and IP bursts set apart).
import type { Clock } from '../shared/clock';
import type { SecretTokens } from '../ports/security';
import {
  ATTRIBUTION_WINDOW_MS,
  IP_FLAG_REASON,
  IP_FLAG_WINDOW_MS,
  REPEAT_CLICK_WINDOW_MS,
  SELF_REFERRAL_REASON,
  clickCounts,
  flagsIpBurst,
  isSelfReferral,
  keepsEarlierClick,
  normalizeReferralCode,
  signClickId,
  verifyClickCookie,
  withinAttributionWindow,
  type Identity,
} from './attribution';
import type { NewReferral } from './ports';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ReferralsScope } from './ports';
import type { IdentityScope } from '../identity/ports';
import type { InfluencersScope } from '../influencers/ports';

/** The tables referrals read and write; it reaches identity (the invitee) and influencers (an influencer's code). */
type ReferralScope = ReferralsScope & IdentityScope & InfluencersScope;

/** docs/product/spec.md §3: a sign-up with no referrer gets this referral row. */
export const DIRECT_REFERRAL = { referral_type: 'direct', status: 'confirmed', codigo_referencia: 'DIRECT' } as const;

export interface ClickInput {
  code: string;
  path: string;
  referrer?: string | null;
}

export interface Visitor {
  ip: string | null;
  userAgent: string | null;
  /** Told by the HTTP adapter (user agent check). */
  isBot: boolean;
}

/** The cookie to set after a click: its value and when it expires (the end of the attribution window). */
export interface ReferralCarrier {
  value: string;
  expires: Date;
}

export class ReferralService {
  constructor(
    private readonly uow: UnitOfWork<ReferralScope>,
    private readonly tokens: SecretTokens,
    private readonly clock: Clock,
  ) {}

  /** A one-way, keyed hash of the visitor (IP + user agent): repeats are told apart without keeping the address. */
  visitorHash(visitor: { ip: string | null; userAgent: string | null }) {
    return this.tokens.digest(`visitor:${visitor.ip ?? ''}|${visitor.userAgent ?? ''}`);
  }

  /** The keyed hash of a sign-up's IP (the per-IP flag counts them). */
  ipHash(ip: string | null) {
    return ip ? this.tokens.digest(`ip:${ip}`) : null;
  }

  /** The click id a carrier cookie holds when its signature is ours. */
  carriedClickId(cookie: string | null | undefined): string | null {
    return verifyClickCookie(cookie, (v) => this.tokens.digest(v));
  }

  /**
   * POST /api/referrals/clicks: stores the click (unknown codes too) and answers the carrier to set, or null when an
   * earlier click still holds the window (first click wins), the visitor is a bot, or the code names no active influencer.
   */
  async recordClick(input: ClickInput, visitor: Visitor, carriedCookie: string | null | undefined): Promise<ReferralCarrier | null> {
    const now = this.clock.now();
    const code = normalizeReferralCode(input.code);
    const visitorHash = this.visitorHash(visitor);
    const carriedId = this.carriedClickId(carriedCookie);
    return this.uow.run(async (tx) => {
      const influencer = code ? await tx.influencers.findByCode(code) : null;
      const active = influencer?.status === 'approved' ? influencer : null;
      const last = await tx.referralClicks.lastCountedAt(visitorHash, code, new Date(now.getTime() - REPEAT_CLICK_WINDOW_MS));
      const click = await tx.referralClicks.create({
        code: code.slice(0, 64),
        influencer_id: active?.id ?? null,
        path: input.path.slice(0, 500),
        referrer: input.referrer ? input.referrer.slice(0, 1000) : null,
        visitor_hash: visitorHash,
        is_bot: visitor.isBot,
        counted: clickCounts({ isBot: visitor.isBot, at: now }, last),
        created_at: now,
      });
      if (!active || visitor.isBot) return null;
      const earlier = carriedId ? await tx.referralClicks.findById(carriedId) : null;
      if (earlier?.influencer_id && keepsEarlierClick({ clickedAt: earlier.created_at }, now)) return null;
      return { value: signClickId(click.id, (v) => this.tokens.digest(v)), expires: new Date(now.getTime() + ATTRIBUTION_WINDOW_MS) };
    });
  }

  /**
   * The referral row of a new user: bound to the influencer of the carried click when it is inside the window and the
   * influencer is active (self-referral and IP bursts recorded), else docs/product/spec.md §3's direct row. Runs in the sign-up's
   * transaction.
   */
  async referralFor(tx: ReferralScope, newUser: { id: string } & Identity, clickId: string | null, ip: string | null): Promise<NewReferral> {
    const direct: NewReferral = { referred_user_id: newUser.id, referrer_user_id: null, ...DIRECT_REFERRAL };
    if (!clickId) return direct;
    const now = this.clock.now();
    const click = await tx.referralClicks.findById(clickId);
    if (!click?.influencer_id || !withinAttributionWindow(click.created_at, now)) return direct;
    const influencer = await tx.influencers.findById(click.influencer_id);
    if (!influencer || influencer.status !== 'approved' || !influencer.code) return direct;
    const owner = await tx.identity.profiles.findByUserId(influencer.user_id);
    const self = isSelfReferral({ cpf: owner?.cpf, email: owner?.email ?? influencer.email, phone: owner?.phone }, newUser);
    const ipHash = this.ipHash(ip);
    const burst = ipHash ? flagsIpBurst(await tx.referrals.countFromIpSince(influencer.id, ipHash, new Date(now.getTime() - IP_FLAG_WINDOW_MS))) : false;
    const reasons = [self ? SELF_REFERRAL_REASON : null, burst ? IP_FLAG_REASON : null].filter((r): r is string => r !== null);
    return {
      referred_user_id: newUser.id,
      referrer_user_id: influencer.user_id,
      referral_type: 'influencer',
      status: 'confirmed',
      codigo_referencia: influencer.code,
      influencer_id: influencer.id,
      click_id: click.id,
      clicked_at: click.created_at,
      signup_ip_hash: ipHash,
      self_referral: self,
      flagged_at: reasons.length ? now : null,
      flag_reason: reasons.length ? reasons.join(' ') : null,
      created_at: now,
    };
  }
}
