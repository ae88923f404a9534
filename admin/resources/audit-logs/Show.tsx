// One audit-log in detail.
import { Box, Typography } from '@mui/material';
import { DateField, FunctionField, ListButton, Show, SimpleShowLayout, TextField, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { AuditLog, MONO, ActionCell, EntityText } from './shared';

export const ShowActions = () => (
  <TopToolbar>
    <ListButton />
  </TopToolbar>
);

export const MetadataField = ({ record }: { record: AuditLog }) => {
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

export const AuditLogShow = () => {
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
