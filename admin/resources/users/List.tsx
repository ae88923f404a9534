// The users list.
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SelectInput, SimpleList, useLocaleState, useTranslate } from 'react-admin';
import { ROLES, type Role } from '../../../core/identity/role-names';
import { USER_STATUSES } from '../../../core/identity/ports';
import { VISITOR_TYPES } from '../../../core/referrals/visitor-types';
import { LIST_DEFAULTS } from '../../providers/early';
import { MONO } from '../../components/facts';
import { AdminUser, UserStatus, UserStatusChip, cpfText } from './shared';

export const STATUSES: readonly UserStatus[] = USER_STATUSES;

/** The visitor type stored at sign-up, in words (the analytics screen's labels); older accounts have none. */
const visitorTypeKey = (type: AdminUser['visitor_type'] | 'none') => `turma.analytics.visitor_type.${type === null || type === 'none' ? 'sem_tipo' : type}`;

export const RoleText = ({ role }: { role: Role }) => {
  const translate = useTranslate();
  return <>{translate(`turma.users.roles.${role}`)}</>;
};

// ---------------------------------------------------------------------------------------------
// List
export const useUserFilters = () => {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('turma.users.search_placeholder')} sx={{ minWidth: { sm: 280 } }} />,
    <SelectInput key="role" source="role" alwaysOn choices={ROLES.map((id) => ({ id, name: `turma.users.roles.${id}` }))} sx={{ minWidth: 160 }} />,
    <SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((id) => ({ id, name: `turma.users.status.${id}` }))} sx={{ minWidth: 160 }} />,
    <SelectInput key="visitor_type" source="visitor_type" alwaysOn choices={[...VISITOR_TYPES, 'none' as const].map((id) => ({ id, name: visitorTypeKey(id) }))} sx={{ minWidth: 200 }} />,
  ];
};

export const UserListBody = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const date = (value: string | null) => (value ? new Date(value).toLocaleDateString(locale) : '—');
  return isSmall ? (
    <SimpleList<AdminUser>
      linkType="show"
      primaryText={(r) => r.full_name ?? r.email}
      secondaryText={(r) => (
        <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {`${r.email} · ${cpfText(r.cpf)} · ${translate(`turma.users.roles.${r.role}`)}`}
        </Box>
      )}
      tertiaryText={(r) => <UserStatusChip status={r.status} />}
    />
  ) : (
    <DataTable<AdminUser> rowClick="show" bulkActionButtons={false} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
      <DataTable.Col
        source="full_name"
        render={(r) => (
          <Box sx={{ minWidth: 180 }}>
            <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
              {r.full_name ?? '—'}
            </Typography>
            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {r.email}
            </Typography>
          </Box>
        )}
      />
      {/* One line: a CPF broken at its hyphen reads as two numbers. */}
      <DataTable.Col source="cpf" disableSort render={(r) => <Box component="span" sx={{ fontFamily: MONO, whiteSpace: 'nowrap' }}>{cpfText(r.cpf)}</Box>} />
      <DataTable.Col source="role" render={(r) => <RoleText role={r.role} />} />
      <DataTable.Col source="status" disableSort render={(r) => <UserStatusChip status={r.status} />} />
      <DataTable.Col source="visitor_type" disableSort render={(r) => translate(visitorTypeKey(r.visitor_type))} />
      <DataTable.Col source="last_login_at" render={(r) => date(r.last_login_at)} />
      <DataTable.Col source="created_at" render={(r) => date(r.created_at)} />
    </DataTable>
  );
};

export const UserList = () => (
  // No actions: every filter is always shown, nobody creates an account here and there is no export; the empty toolbar
  // took a band of its own above the filters on a phone.
  <List<AdminUser> sort={LIST_DEFAULTS.users.sort} perPage={LIST_DEFAULTS.users.perPage} filters={useUserFilters()} exporter={false} actions={false}>
    <UserListBody />
  </List>
);
