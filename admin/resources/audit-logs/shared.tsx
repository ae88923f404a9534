// What the audit-logs screens share (fields, chips, actions and calls).
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AuditLogRecord } from '../../lib/api-types';
import { AUDIT_ACTIONS } from '../../lib/audit-actions';
import { ENTITY_TYPES, useLabel } from '../../lib/labels';

/** One row of GET /api/admin/audit-logs (generated from the API description). */
export type AuditLog = AuditLogRecord;

/** Actions the server records (every one labelled in both locales); the action filter offers these. */
export { AUDIT_ACTIONS };

/** The records the trail points at (entity_type): the "resource" filter, and what each record's screen links to. */
export const AUDIT_ENTITY_TYPES = ENTITY_TYPES;

export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export const isFailure = (action: string) => /(failed|denied|blocked)/.test(action);

/** The action's plain-language name (an action without a label, which a core test prevents, shows its code). */
export function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`turma.audit_logs.actions.${action}`, { _: action });
}

/** The action in words; the code as recorded is its tooltip (what a developer greps for). */
export const ActionCell = ({ action }: { action: string }) => {
  const label = useActionLabel()(action);
  return (
    <Typography component="span" variant="body2" title={action} sx={{ color: isFailure(action) ? 'error.main' : 'text.primary' }}>
      {label}
    </Typography>
  );
};

export const EntityText = ({ record, full = false }: { record: AuditLog; full?: boolean }) => {
  const label = useLabel();
  if (!record.entity_type) return <>—</>;
  const id = record.entity_id ? (full ? record.entity_id : record.entity_id.slice(0, 8)) : null;
  return (
    <>
      {label('entity', record.entity_type)}
      {id ? (
        <>
          {' · '}
          <Box component="span" sx={{ fontFamily: MONO }}>
            {id}
          </Box>
        </>
      ) : null}
    </>
  );
};
