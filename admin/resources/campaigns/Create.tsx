// Creating a campaign.
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { Create, DateTimeInput, NumberInput, RadioButtonGroupInput, SimpleForm, TextInput, required, type Validator } from 'react-admin';
import { MoneyInput } from '../../components/money-input';
import { toCampaignPayload } from './shared';

// ---------------------------------------------------------------------------------------------
// Create: the server's rules (core/campaigns/schemas.ts) and its pt-BR messages; dates as instants.
export const v = (key: string) => `turma.campaigns.validation.${key}`;

export const afterStart: Validator = (value, values: { starts_at?: unknown }) =>
  value && values.starts_at && new Date(value as string).getTime() <= new Date(values.starts_at as string).getTime() ? v('ends_after_start') : undefined;

export const percentRange: Validator = (value) => (typeof value === 'number' && (value <= 0 || value > 100) ? v('percent_range') : undefined);

export const positive: Validator = (value) => (typeof value === 'number' && value <= 0 ? v('positive') : undefined);

export const capWithinBudget: Validator = (value, values: { budget?: unknown }) =>
  typeof value === 'number' && typeof values.budget === 'number' && value > values.budget ? v('cap_above_budget') : undefined;

export const BonusValueInput = () => {
  const type = useWatch({ name: 'bonus_type' }) as string | undefined;
  return type === 'fee_percent' ? (
    <NumberInput source="bonus_percent" label="turma.campaigns.fields.bonus_percent" helperText="turma.campaigns.help.bonus_percent" validate={[required(v('bonus_required')), percentRange]} min={0.01} max={100} step={1} />
  ) : (
    <MoneyInput source="bonus_fixed" label="turma.campaigns.fields.bonus_fixed" validate={[required(v('bonus_required')), positive]} />
  );
};

export const CampaignCreate = () => {
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
