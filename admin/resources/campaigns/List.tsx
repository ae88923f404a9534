// The campaigns list.
import { useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, SimpleList, TextInput, TopToolbar, CreateButton, useLocaleState, useTranslate } from 'react-admin';
import { formatBRL } from '../../lib/money';
import { Campaign, bonusText, PhaseChip, SpentBar } from './shared';

export const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'active', name: 'turma.campaigns.status.active' },
      { id: 'ended', name: 'turma.campaigns.status.ended' },
    ]}
  />,
  <TextInput key="q" source="q" label="ra.action.search" />,
];

export const CampaignList = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <List<Campaign> sort={{ field: 'created_at', order: 'DESC' }} filters={filters} actions={<TopToolbar><CreateButton /></TopToolbar>} empty={false}>
      {small ? (
        <SimpleList<Campaign>
          primaryText={(r) => r.name}
          secondaryText={(r) => `${bonusText(r, translate, locale)} · ${formatBRL(r.spent)} / ${formatBRL(r.budget)}`}
          tertiaryText={(r) => translate(`turma.campaigns.phases.${r.phase}`)}
          linkType="show"
        />
      ) : (
        <DataTable<Campaign> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="name" />
          <DataTable.Col source="starts_at" render={(r) => when(r.starts_at)} />
          <DataTable.Col source="ends_at" render={(r) => when(r.ends_at)} />
          <DataTable.Col source="bonus_value" render={(r) => bonusText(r as Campaign, translate, locale)} />
          <DataTable.Col source="cap_per_inviter" align="right" render={(r) => formatBRL(r.cap_per_inviter)} />
          <DataTable.Col source="spent" render={(r) => <SpentBar spent={r.spent} budget={r.budget} />} />
          <DataTable.Col source="status" render={(r) => <PhaseChip phase={r.phase} />} />
        </DataTable>
      )}
    </List>
  );
};
