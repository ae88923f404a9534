// Taking the place (the plan step's confirm, and "reserve again" after a lapsed hold): a new group, an open group or the
// invite's group. 409 already_member is not a dead end: the user's place there is reused while still held, or
// reported when the entry is already paid.
import { isApiError } from '../../lib/api';
import { isActiveMembership, isEntryPaid, isLiveHold } from '../../../core/groups/group-rules';
import { groupsApi, type MyGroupItem, type PlaceView } from '../../lib/groups-api';
import type { CheckoutState, GroupChoice, HeldPlace } from '../../lib/checkout-state';

export type TakeResult =
  | { kind: 'held'; place: HeldPlace; reused: boolean }
  | { kind: 'paid'; groupId: string }
  | { kind: 'refused'; code: string; message: string };

const heldFrom = (planId: string, view: PlaceView | MyGroupItem): HeldPlace => ({
  membership_id: view.membership.id,
  group_id: view.group.id,
  plan_id: planId,
  hold_expires_at: view.membership.hold_expires_at,
  invite_path: view.membership.invite_path,
});

export async function takePlace(planId: string, choice: GroupChoice, invite: CheckoutState['invite']): Promise<TakeResult> {
  try {
    const view =
      choice === 'invite' && invite
        ? await groupsApi.join(invite.group_id, invite.referral_code)
        : choice === 'new'
          ? await groupsApi.create(planId)
          : await groupsApi.autoJoin(planId);
    return { kind: 'held', place: heldFrom(planId, view), reused: false };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.code !== 'already_member') throw error;
    // Which group? The invite's, or the open group of this plan the user is in.
    const mine = await groupsApi.mine();
    const item =
      mine.items.find((i) => choice === 'invite' && invite && i.group.id === invite.group_id) ??
      mine.items.find((i) => i.group.plan?.id === planId && i.group.status === 'open' && isActiveMembership(i, Date.now()));
    if (item && isLiveHold(item, Date.now())) return { kind: 'held', place: heldFrom(planId, item), reused: true };
    if (item && isEntryPaid(item.membership.status)) return { kind: 'paid', groupId: item.group.id };
    return { kind: 'refused', code: error.code, message: error.message };
  }
}
