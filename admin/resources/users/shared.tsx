// What the users screens share (fields, chips, actions and calls).
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCpf } from '../../../core/identity/cpf-format';
import type { AdminUserDetailRecord, AdminUserRecord } from '../../lib/api-types';

/** One row of GET /api/admin/users and the show page's record (generated from the API description). */
export type AdminUser = AdminUserRecord;

export type AdminUserDetail = AdminUserDetailRecord;

export type UserStatus = AdminUser['status'];

export const STATUS_COLOR: Record<UserStatus, 'success' | 'error' | 'warning'> = { active: 'success', blocked: 'error', unconfirmed: 'warning' };

export const UserStatusChip = ({ status }: { status: UserStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`turma.users.status.${status}`)} />;
};

export const cpfText = (cpf: string | null) => (cpf ? formatCpf(cpf) : '—');
