// Profissionais (docs/product/professionals.md): applications by status (tabs), the application with its photos and trade
// register, and the back office's decisions: approve (or reactivate), reject with a reason, suspend with a reason,
// feature until a day, bulk approve. The server e-mails, notifies and audits every decision (linked from the show page).
import BadgeIcon from '@mui/icons-material/Badge';
import { type ResourceProps } from 'react-admin';
import { ProfessionalList } from './List';
import { ProfessionalShow } from './Show';

export * from './shared';
export * from './List';
export * from './Show';

export const professionals: Omit<ResourceProps, 'name'> = {
  list: ProfessionalList,
  show: ProfessionalShow,
  icon: BadgeIcon,
  recordRepresentation: 'business_name',
};
