// The users list.
import { Box, Typography, styled, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, ListNoResults, SearchInput, SelectInput, SimpleListLoading, WithListContext, useCreatePath, useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ROLES, type Role } from '../../../core/identity/role-names';
import { USER_STATUSES } from '../../../core/identity/ports';
import { VISITOR_TYPES } from '../../../core/referrals/visitor-types';
import { LIST_DEFAULTS } from '../../providers/early';
import { MONO } from '../../components/facts';
import { AdminUser, STATUS_COLOR, UserStatus, UserStatusChip, cpfText } from './shared';

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

/**
 * The phone list's rows drawn as react-admin's SimpleList draws them (a link per row, the name with the status chip on
 * the right, then e-mail, CPF and role), styled once for the whole list: SimpleList's rows each ran two permission
 * hooks and eight styled components, most of the phone's first render.
 */
const PhoneRows = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: '8px 0',
  position: 'relative',
  '& > li': { display: 'flex', position: 'relative', width: '100%', boxSizing: 'border-box' },
  '& a': {
    display: 'flex',
    flexGrow: 1,
    alignItems: 'center',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: '8px 16px',
    color: 'inherit',
    textDecoration: 'none',
    WebkitTapHighlightColor: 'transparent',
    outline: 0,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover, '@media (hover: none)': { backgroundColor: 'transparent' } },
    '&:focus-visible': { backgroundColor: theme.palette.action.focus },
  },
  '& .turma-row-text': { flex: '1 1 auto', minWidth: 0, margin: '6px 0' },
  '& .turma-row-primary': { ...theme.typography.body1, margin: 0, display: 'block' },
  '& .turma-row-secondary': { ...theme.typography.body2, margin: 0, display: 'block', color: theme.palette.text.secondary, overflowWrap: 'anywhere' },
  '& .turma-row-status': { float: 'right', opacity: 0.541176 },
  '& .turma-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    height: 24,
    lineHeight: 1.5,
    maxWidth: '100%',
    borderRadius: 16,
    boxSizing: 'border-box',
    verticalAlign: 'middle',
    whiteSpace: 'nowrap',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    padding: '0 8px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  ...Object.fromEntries(
    (['success', 'error', 'warning'] as const).map((color) => [
      `& .turma-chip-${color}`,
      { backgroundColor: theme.palette[color].main, color: theme.palette[color].contrastText },
    ]),
  ),
}));

/** The users list on a phone: the list context's rows, each a link to the account's page. */
export const UserPhoneList = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <WithListContext<AdminUser>
      loading={<SimpleListLoading hasSecondaryText hasTertiaryText />}
      empty={<ListNoResults />}
      render={({ data }) => (
        <PhoneRows>
          {data?.map((r) => (
            <li key={r.id}>
              <Link to={createPath({ resource: 'users', id: r.id, type: 'show' })}>
                <div className="turma-row-text">
                  <div className="turma-row-primary">
                    {r.full_name ?? r.email}
                    <span className="turma-row-status">
                      <span className={`turma-chip turma-chip-${STATUS_COLOR[r.status]}`}>{translate(`turma.users.status.${r.status}`)}</span>
                    </span>
                  </div>
                  <p className="turma-row-secondary">{`${r.email} · ${cpfText(r.cpf)} · ${translate(`turma.users.roles.${r.role}`)}`}</p>
                </div>
              </Link>
            </li>
          ))}
        </PhoneRows>
      )}
    />
  );
};

export const UserListBody = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const date = (value: string | null) => (value ? new Date(value).toLocaleDateString(locale) : '—');
  return isSmall ? (
    <UserPhoneList />
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
