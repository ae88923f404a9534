// Registros de auditoria: every admin action and security event, read-only (list + show); filters by actor, action and
// resource, and one record's trail (entity_type + entity_id: the link from the users, professionals and plans screens).
import HistoryIcon from '@mui/icons-material/History';
import { type ResourceProps } from 'react-admin';
import { auditActionLabel } from '../../lib/audit-actions';
import { AuditLogList } from './List';
import { AuditLogShow } from './Show';
import { AuditLog } from './shared';

export * from './shared';
export * from './List';
export * from './Show';

export const auditLogs: Omit<ResourceProps, 'name'> = {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  // The page title names the action in words (react-admin's title takes a string, made outside the React tree).
  recordRepresentation: (record: AuditLog) => auditActionLabel(record.action, 'pt-BR') ?? record.action,
};
