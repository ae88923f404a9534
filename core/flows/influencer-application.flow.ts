// POST /api/influencers/applications without a session: the account (like sign-up, bound to the referral
// link that brought the visitor) and the influencer application, both checked before either is stored, stored together.
import type { AccountService, RequestMeta, SignupInput } from '../identity';
import type { InfluencerService } from '../influencers';

export class InfluencerApplicationFlow {
  constructor(
    private readonly accounts: AccountService,
    private readonly influencers: InfluencerService,
  ) {}

  /**
   * `account` is the sign-up's parsed input; `application` is checked here, then the account and the pending
   * application are created in ONE transaction: neither exists without the other.
   */
  async applyWithNewAccount(account: SignupInput, application: unknown, meta: RequestMeta, referral: { clickId: string | null }) {
    const app = this.influencers.parseApplication(application);
    const { user, extra } = await this.accounts.signupWith(account, meta, referral, (tx, created) => this.influencers.applyIn(tx, created, app, meta));
    return { application: { ...extra, mail_sent: true as const }, userId: user.id };
  }
}
