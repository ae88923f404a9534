// Campanhas (docs/product/group-purchase.md, docs/product/referrals.md): the member-to-member bonus. A campaign has a period, a bonus (fixed, or a
// percentage of the platform fee), a cap per inviter and a budget; the show page has spent/budget and the bonuses paid.
// Campaigns are never edited (bonuses were paid under their terms): an admin ends one (audited) and creates another.
import CampaignIcon from '@mui/icons-material/Campaign';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { Box, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Button,
  Confirm,
  Create,
  DataTable,
  DateTimeInput,
  List,
  ListButton,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleList,
  TextInput,
  TopToolbar,
  CreateButton,
  required,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type ResourceProps,
  type Validator,
} from 'react-admin';
import { AuditTrailButton } from '../components/audit-trail-button';
import { Fact, Facts, MONO, SectionCard } from '../components/facts';
import { MoneyInput } from '../components/money-input';
import { formatBRL } from '../lib/money';
import type { AdminCampaignDetailRecord, AdminCampaignRecord } from '../lib/api-types';
import { adminApi, call } from '../lib/api';

export type Campaign = AdminCampaignRecord;
type CampaignDetail = AdminCampaignDetailRecord;
type Phase = Campaign['phase'];

const PHASE_COLOR: Record<Phase, 'default' | 'success' | 'info' | 'warning'> = { scheduled: 'info', running: 'success', finished: 'default', ended: 'warning' };

/** "R$ 10,00" or "50% da taxa" (basis points → percent). */
export function bonusText(c: Pick<Campaign, 'bonus_type' | 'bonus_value'>, translate: (key: string, opts?: object) => string, locale: string) {
  if (c.bonus_type === 'fixed') return formatBRL(c.bonus_value);
  return translate('turma.campaigns.of_fee', { percent: (c.bonus_value / 100).toLocaleString(locale) });
}

const PhaseChip = ({ phase }: { phase: Phase }) => {
  const translate = useTranslate();
  return <Chip size="small" color={PHASE_COLOR[phase]} label={translate(`turma.campaigns.phases.${phase}`)} />;
};

const SpentBar = ({ spent, budget }: { spent: number; budget: number }) => {
  // The bar is named by the figures above it, which a screen reader would otherwise not tie to it.
  const figures = useId();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" id={figures}>
        {formatBRL(spent)} / {formatBRL(budget)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={budget ? Math.min(100, (spent / budget) * 100) : 0}
        aria-labelledby={figures}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
};

const filters = [
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

const CampaignList = () => {
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

// ---------------------------------------------------------------------------------------------
// Create: the server's rules (core/campaigns/schemas.ts) and its pt-BR messages; dates as instants.

const v = (key: string) => `turma.campaigns.validation.${key}`;
const afterStart: Validator = (value, values: { starts_at?: unknown }) =>
  value && values.starts_at && new Date(value as string).getTime() <= new Date(values.starts_at as string).getTime() ? v('ends_after_start') : undefined;
const percentRange: Validator = (value) => (typeof value === 'number' && (value <= 0 || value > 100) ? v('percent_range') : undefined);
const positive: Validator = (value) => (typeof value === 'number' && value <= 0 ? v('positive') : undefined);
const capWithinBudget: Validator = (value, values: { budget?: unknown }) =>
  typeof value === 'number' && typeof values.budget === 'number' && value > values.budget ? v('cap_above_budget') : undefined;

/** The form keeps the percentage as typed (50 = 50%); the server takes basis points. */
export function toCampaignPayload(data: Record<string, unknown>) {
  const type = data.bonus_type === 'fee_percent' ? 'fee_percent' : 'fixed';
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'string' && value ? new Date(value).toISOString() : value);
  return {
    name: typeof data.name === 'string' ? data.name.trim() : data.name,
    starts_at: iso(data.starts_at),
    ends_at: iso(data.ends_at),
    bonus_type: type,
    bonus_value: type === 'fixed' ? data.bonus_fixed : typeof data.bonus_percent === 'number' ? Math.round(data.bonus_percent * 100) : data.bonus_percent,
    cap_per_inviter: data.cap_per_inviter,
    budget: data.budget,
  };
}

const BonusValueInput = () => {
  const type = useWatch({ name: 'bonus_type' }) as string | undefined;
  return type === 'fee_percent' ? (
    <NumberInput source="bonus_percent" label="turma.campaigns.fields.bonus_percent" helperText="turma.campaigns.help.bonus_percent" validate={[required(v('bonus_required')), percentRange]} min={0.01} max={100} step={1} />
  ) : (
    <MoneyInput source="bonus_fixed" label="turma.campaigns.fields.bonus_fixed" validate={[required(v('bonus_required')), positive]} />
  );
};

const CampaignCreate = () => {
  const now = new Date();
  return (
    <Create redirect="show" transform={toCampaignPayload}>
      <SimpleForm defaultValues={{ bonus_type: 'fixed', starts_at: now, ends_at: new Date(now.getTime() + 30 * 86_400_000) }} sx={{ maxWidth: 640 }}>
        <TextInput source="name" validate={required(v('name_required'))} fullWidth />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
          <DateTimeInput source="starts_at" validate={required(v('starts_required'))} sx={{ flex: '1 1 220px' }} />
          <DateTimeInput source="ends_at" validate={[required(v('ends_required')), afterStart]} sx={{ flex: '1 1 220px' }} />
        </Box>
        <RadioButtonGroupInput
          source="bonus_type"
          choices={[
            { id: 'fixed', name: 'turma.campaigns.bonus_types.fixed' },
            { id: 'fee_percent', name: 'turma.campaigns.bonus_types.fee_percent' },
          ]}
        />
        <BonusValueInput />
        <MoneyInput source="cap_per_inviter" helperText="turma.campaigns.help.cap_per_inviter" validate={[required(v('cap_required')), positive, capWithinBudget]} />
        <MoneyInput source="budget" helperText="turma.campaigns.help.budget" validate={[required(v('budget_required')), positive]} />
      </SimpleForm>
    </Create>
  );
};

// ---------------------------------------------------------------------------------------------
// Show: the terms, spent/budget, the bonuses paid (newest first) and "end".

const EndButton = () => {
  const record = useRecordContext<CampaignDetail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || record.status === 'ended') return null;
  const end = async () => {
    setBusy(true);
    try {
      await call(adminApi.POST('/api/admin/campaigns/{id}/end', { params: { path: { id: record.id } } }));
      notify('turma.campaigns.done.ended', { type: 'success' });
      refresh();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button label="turma.campaigns.actions.end" onClick={() => setOpen(true)} disabled={busy} color="error" variant="contained">
        <StopCircleIcon />
      </Button>
      <Confirm isOpen={open} title="turma.campaigns.confirm_end.title" content="turma.campaigns.confirm_end.content" onConfirm={end} onClose={() => setOpen(false)} loading={busy} />
    </>
  );
};

const ShowActions = () => {
  const record = useRecordContext<CampaignDetail>();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <EndButton />
      <AuditTrailButton entityType="campaign" entityId={record?.id} />
      <ListButton />
    </TopToolbar>
  );
};

const CampaignDetails = () => {
  const record = useRecordContext<CampaignDetail>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record) return null;
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—');
  // Right after "create" the record is the list shape (no bonuses yet) until the show's own read arrives.
  const bonuses = record.bonuses ?? [];
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {record.name}
        </Typography>
        <PhaseChip phase={record.phase} />
      </Box>
      <SectionCard title="turma.campaigns.sections.terms">
        <Facts>
          <Fact label="resources.campaigns.fields.starts_at">{when(record.starts_at)}</Fact>
          <Fact label="resources.campaigns.fields.ends_at">{when(record.ends_at)}</Fact>
          <Fact label="resources.campaigns.fields.bonus_value">{bonusText(record, translate, locale)}</Fact>
          <Fact label="resources.campaigns.fields.cap_per_inviter">{formatBRL(record.cap_per_inviter)}</Fact>
          <Fact label="resources.campaigns.fields.ended_at">{when(record.ended_at)}</Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.campaigns.sections.budget">
        <Facts>
          <Fact label="resources.campaigns.fields.spent">
            <SpentBar spent={record.spent} budget={record.budget} />
          </Fact>
          <Fact label="resources.campaigns.fields.remaining">{formatBRL(record.remaining)}</Fact>
          <Fact label="turma.campaigns.bonus_counts">
            {translate('turma.campaigns.bonus_count_text', { credited: record.bonuses_credited ?? 0, reversed: record.bonuses_reversed ?? 0 })}
          </Fact>
        </Facts>
      </SectionCard>
      <SectionCard title="turma.campaigns.sections.bonuses">
        {bonuses.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('turma.campaigns.no_bonuses')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate('turma.campaigns.sections.bonuses')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('turma.campaigns.bonus_fields.inviter')}</TableCell>
                  <TableCell align="right">{translate('turma.campaigns.bonus_fields.amount')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.status')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.created_at')}</TableCell>
                  <TableCell>{translate('turma.campaigns.bonus_fields.group')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bonuses.map((b) => (
                  <TableRow key={b.id}>
                    <TableCell>
                      {b.inviter_name ?? '—'}
                      <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                        {b.inviter_email}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatBRL(b.amount)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={b.status === 'credited' ? 'success' : 'warning'} label={translate(`turma.campaigns.bonus_status.${b.status}`)} />
                    </TableCell>
                    <TableCell>{when(b.created_at)}</TableCell>
                    <TableCell sx={{ fontFamily: MONO, fontSize: 12 }}>{b.group_id.slice(0, 8)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </SectionCard>
    </Box>
  );
};

const CampaignShow = () => (
  <Show<CampaignDetail> actions={<ShowActions />}>
    <CampaignDetails />
  </Show>
);

export const campaigns: Omit<ResourceProps, 'name'> = {
  list: CampaignList,
  create: CampaignCreate,
  show: CampaignShow,
  icon: CampaignIcon,
  recordRepresentation: 'name',
};
