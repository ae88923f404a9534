// The groups list.
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TopToolbar, useLocaleState } from 'react-admin';
import { ExportCsvButton } from '../../components/export-button';
import { formatBRL } from '../../lib/money';
import { Group, StatusChip } from './shared';

export const STATUSES = ['open', 'complete', 'expired', 'cancelled'] as const;

export const groupFilters = [<SelectInput key="status" source="status" alwaysOn choices={STATUSES.map((id) => ({ id, name: `turma.groups.status.${id}` }))} />];

export const GroupList = () => {
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const day = (iso: string) => new Date(iso).toLocaleDateString(locale);
  return (
    <List<Group> sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={groupFilters} exporter={false} actions={<TopToolbar><ExportCsvButton resource="groups" /></TopToolbar>}>
      {isSmall ? (
        <SimpleList<Group> linkType="show" primaryText={(g) => g.plan_name ?? g.plan_id} secondaryText={(g) => `${formatBRL(g.price)} · ${day(g.deadline_at)}`} tertiaryText={(g) => <StatusChip status={g.status} />} />
      ) : (
        <DataTable<Group> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="plan_name" disableSort />
          <DataTable.Col source="status" disableSort render={(g) => <StatusChip status={g.status} />} />
          <DataTable.Col source="group_size" disableSort />
          <DataTable.Col source="price" disableSort render={(g) => formatBRL(g.price)} />
          <DataTable.Col source="deadline_at" disableSort render={(g) => day(g.deadline_at)} />
          <DataTable.Col source="created_at" render={(g) => day(g.created_at)} />
        </DataTable>
      )}
    </List>
  );
};
