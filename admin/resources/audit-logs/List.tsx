// The audit-logs list.
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, DateField, DateInput, List, SearchInput, SelectInput, SimpleList, TextInput, useLocaleState } from 'react-admin';
import { AUDIT_ACTIONS } from '../../lib/audit-actions';
import { AuditLog, AUDIT_ENTITY_TYPES, MONO, isFailure, useActionLabel, ActionCell, EntityText } from './shared';

export const useAuditLogFilters = () => {
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

export const AuditLogList = () => {
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
