// Registros de auditoria: every admin action and security event, read-only (list + show); filters by actor, action and
// resource, and one record's trail (entity_type + entity_id: the link from the users, professionals and plans screens).
import HistoryIcon from '@mui/icons-material/History';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  DateField,
  DateInput,
  FunctionField,
  List,
  ListButton,
  SearchInput,
  SelectInput,
  Show,
  SimpleList,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useLocaleState,
  useTranslate,
  type ResourceProps,
} from 'react-admin';
import type { AuditLogRecord } from '../lib/api-types';
import { AUDIT_ACTIONS, auditActionLabel } from '../lib/audit-actions';
import { ENTITY_TYPES, useLabel } from '../lib/labels';

/** One row of GET /api/admin/audit-logs (generated from the API description). */
export type AuditLog = AuditLogRecord;

/** Actions the server records (every one labelled in both locales); the action filter offers these. */
export { AUDIT_ACTIONS };

/** The records the trail points at (entity_type): the "resource" filter, and what each record's screen links to. */
export const AUDIT_ENTITY_TYPES = ENTITY_TYPES;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const isFailure = (action: string) => /(failed|denied|blocked)/.test(action);

/** The action's plain-language name (an action without a label, which a core test prevents, shows its code). */
function useActionLabel() {
  const translate = useTranslate();
  return (action: string) => translate(`turma.audit_logs.actions.${action}`, { _: action });
}

/** The action in words; the code as recorded is its tooltip (what a developer greps for). */
const ActionCell = ({ action }: { action: string }) => {
  const label = useActionLabel()(action);
  return (
    <Typography component="span" variant="body2" title={action} sx={{ color: isFailure(action) ? 'error.main' : 'text.primary' }}>
      {label}
    </Typography>
  );
};

const EntityText = ({ record, full = false }: { record: AuditLog; full?: boolean }) => {
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

const useAuditLogFilters = () => {
  const actionLabel = useActionLabel();
  const choices = AUDIT_ACTIONS.map((id) => ({ id, name: actionLabel(id) })).sort((a, b) => a.name.localeCompare(b.name));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="action"
      source="action"
      choices={choices}
      translateChoice={false}
      alwaysOn
      sx={{ minWidth: { sm: 260 } }}
    />,
    <TextInput key="actor_email" source="actor_email" />,
    <SelectInput
      key="entity_type"
      source="entity_type"
      choices={AUDIT_ENTITY_TYPES.map((id) => ({ id, name: `turma.labels.entity.${id}` }))}
      sx={{ minWidth: 160 }}
    />,
    <TextInput key="entity_id" source="entity_id" />,
    <DateInput key="created_at_gte" source="created_at_gte" />,
    <DateInput key="created_at_lte" source="created_at_lte" />,
  ];
};

const AuditLogList = () => {
  const [locale] = useLocaleState();
  const filters = useAuditLogFilters();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const actionLabel = useActionLabel();
  const dateTime = (value: string) =>
    new Date(value).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' });

  return (
    <List<AuditLog>
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      filters={filters}
      exporter={false}
    >
      {isSmall ? (
        <SimpleList<AuditLog>
          linkType="show"
          primaryText={(record) => (
            <Box component="span" title={record.action} sx={{ color: isFailure(record.action) ? 'error.main' : undefined }}>
              {actionLabel(record.action)}
            </Box>
          )}
          secondaryText={(record) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {dateTime(record.created_at)}
              </Box>
              <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {record.actor_email ?? '—'}
              </Box>
            </>
          )}
        />
      ) : (
        <DataTable<AuditLog> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="created_at">
            <DateField source="created_at" showTime locales={locale} />
          </DataTable.Col>
          <DataTable.Col source="action" render={(record) => <ActionCell action={record.action} />} />
          <DataTable.Col source="actor_email" render={(record) => record.actor_email ?? '—'} />
          <DataTable.Col source="entity_type" render={(record) => <EntityText record={record as AuditLog} />} />
          <DataTable.Col
            source="ip"
            render={(record) => (
              <Box component="span" sx={{ fontFamily: MONO }}>
                {record.ip ?? '—'}
              </Box>
            )}
          />
        </DataTable>
      )}
    </List>
  );
};

const ShowActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

const MetadataField = ({ record }: { record: AuditLog }) => {
  const translate = useTranslate();
  const metadata = record.metadata ?? {};
  if (Object.keys(metadata).length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate('turma.audit_logs.no_metadata')}
      </Typography>
    );
  }
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: MONO,
        fontSize: 13,
        overflowX: 'auto',
        maxWidth: '100%',
      }}
    >
      {JSON.stringify(metadata, null, 2)}
    </Box>
  );
};

const AuditLogShow = () => {
  const [locale] = useLocaleState();
  return (
    <Show<AuditLog> actions={<ShowActions />}>
      <SimpleShowLayout sx={{ '& .RaLabeled-label': { fontWeight: 600 } }}>
        <DateField
          source="created_at"
          showTime
          locales={locale}
          options={{ dateStyle: 'full', timeStyle: 'long' }}
        />
        <FunctionField<AuditLog> source="action" render={(record) => <ActionCell action={record.action} />} />
        <TextField source="actor_email" emptyText="—" />
        <TextField source="actor_user_id" emptyText="—" sx={{ fontFamily: MONO }} />
        <FunctionField<AuditLog> source="entity_type" render={(record) => <EntityText record={record} full />} />
        <TextField source="ip" emptyText="—" sx={{ fontFamily: MONO }} />
        <TextField source="request_id" emptyText="—" sx={{ fontFamily: MONO }} />
        <FunctionField<AuditLog> source="metadata" render={(record) => <MetadataField record={record} />} />
      </SimpleShowLayout>
    </Show>
  );
};

export const auditLogs: Omit<ResourceProps, 'name'> = {
  list: AuditLogList,
  show: AuditLogShow,
  icon: HistoryIcon,
  // The page title names the action in words (react-admin's title takes a string, made outside the React tree).
  recordRepresentation: (record: AuditLog) => auditActionLabel(record.action, 'pt-BR') ?? record.action,
};
