// POST /api/influencers/applications without a session (issue 11): the account (like sign-up, bound to the referral
// link that brought the visitor) and the influencer application, both checked before either is stored.
import type { AccountService, RequestMeta, SignupInput } from '../identity';
import type { InfluencerService } from '../influencers';

export class InfluencerApplicationFlow {
  constructor(
    private readonly accounts: AccountService,
    private readonly influencers: InfluencerService,
  ) {}

  /** `account` is the sign-up's parsed input; `application` is checked here, before the account is created. */
  async applyWithNewAccount(account: SignupInput, application: unknown, meta: RequestMeta, referral: { clickId: string | null }) {
    this.influencers.parseApplication(application);
    const { user } = await this.accounts.signup(account, meta, referral);
    return this.influencers.apply({ id: user.id, email: user.email }, application, meta);
  }
}
