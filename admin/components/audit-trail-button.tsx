// "Auditoria" on a record's screen: the audit list filtered to that record (entity_type + entity_id).
import HistoryIcon from '@mui/icons-material/History';
import { Link } from 'react-router-dom';
import { Button } from 'react-admin';

export const auditTrailPath = (entityType: string, entityId: string) =>
  `/audit-logs?${new URLSearchParams({ filter: JSON.stringify({ entity_type: entityType, entity_id: entityId }), displayedFilters: JSON.stringify({ entity_type: true, entity_id: true }) })}`;

export const AuditTrailButton = ({ entityType, entityId }: { entityType: string; entityId: string | undefined }) =>
  entityId ? (
    <Button component={Link} to={auditTrailPath(entityType, entityId)} label="turma.audit_logs.trail">
      <HistoryIcon />
    </Button>
  ) : null;
