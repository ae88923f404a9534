// Turmas: /admin/groups lists /api/admin/groups by status with a streamed CSV export; a group's page shows
// its members and their entry payments, and an open group can be cancelled with a reason (every paid entry refunded).
import GroupsIcon from '@mui/icons-material/Groups';
import { type ResourceProps } from 'react-admin';
import { GroupList } from './List';
import { GroupShow } from './Show';
import { Group } from './shared';

export * from './shared';
export * from './List';
export * from './Show';

export const groups: Omit<ResourceProps, 'name'> = {
  list: GroupList,
  show: GroupShow,
  icon: GroupsIcon,
  recordRepresentation: (g: Group) => g.plan_name ?? g.id,
};
