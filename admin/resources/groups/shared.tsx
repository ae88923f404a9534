// What the groups screens share (fields, chips, actions and calls).
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminGroupRecord } from '../../lib/api-types';

export type Group = AdminGroupRecord;

export const StatusChip = ({ status }: { status: Group['status'] }) => {
  const translate = useTranslate();
  return <Chip size="small" color={status === 'open' ? 'primary' : status === 'complete' ? 'success' : 'default'} label={translate(`turma.groups.status.${status}`)} />;
};
