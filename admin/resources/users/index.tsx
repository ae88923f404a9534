// Usuários: search by name, e-mail or CPF; the account with its profile, groups, orders and payments; and
// the operator's actions — change role, block with a reason, unblock, end all sessions, resend the confirmation link.
// The server refuses to demote or block the last administrator and audits every change (linked from the page).
import GroupIcon from '@mui/icons-material/Group';
import { type ResourceProps } from 'react-admin';
import { UserList } from './List';
import { UserShow } from './Show';
import { AdminUser } from './shared';

export * from './shared';
export * from './List';
export * from './Show';

export const users: Omit<ResourceProps, 'name'> = {
  list: UserList,
  show: UserShow,
  icon: GroupIcon,
  recordRepresentation: (r: AdminUser) => r.full_name ?? r.email,
};
