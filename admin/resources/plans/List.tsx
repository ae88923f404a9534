// The plans list.
import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, NullableBooleanInput, SearchInput, SelectInput, SimpleList, useTranslate } from 'react-admin';
import { formatBRL } from '../../lib/money';
import { usePlanCategories } from '../../lib/plan-categories';
import { Plan, kindChoices, MONO } from './shared';

// ---------------------------------------------------------------------------------------------
// Shared bits
export const useCategoryName = () => {
  const { categories, isPending } = usePlanCategories();
  const translate = useTranslate();
  const byId = new Map(categories.map((c) => [c.id, c.name]));
  return (id: string | null) => {
    if (!id) return translate('turma.plans.no_category');
    if (isPending) return '…';
    return byId.get(id) ?? translate('turma.plans.unknown_category');
  };
};

export const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'turma.plans.status.active' : 'turma.plans.status.inactive')}
    />
  );
};

export const Money = ({ cents, strike = false }: { cents: number; strike?: boolean }) => (
  <Box
    component="span"
    sx={{
      whiteSpace: 'nowrap',
      fontVariantNumeric: 'tabular-nums',
      ...(strike ? { color: 'text.secondary', textDecoration: 'line-through' } : {}),
    }}
  >
    {formatBRL(cents)}
  </Box>
);

// ---------------------------------------------------------------------------------------------
// List
export const usePlanFilters = () => [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn sx={{ minWidth: 160 }} />,
  <NullableBooleanInput
    key="active"
    source="active"
    alwaysOn
    nullLabel="turma.plans.status.all"
    trueLabel="turma.plans.status.active"
    falseLabel="turma.plans.status.inactive"
    label="turma.plans.status.label"
    sx={{ minWidth: 160 }}
  />,
];

export const PlanList = () => {
  const translate = useTranslate();
  const filters = usePlanFilters();
  const categoryName = useCategoryName();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

  return (
    <List<Plan> sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={filters} exporter={false}>
      {isSmall ? (
        <SimpleList<Plan>
          linkType="edit"
          primaryText={(record) => record.name}
          secondaryText={(record) => (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {translate(`turma.plans.kinds.${record.kind}`)} · {categoryName(record.category_id)}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                <Money cents={record.price} /> · {translate('resources.plans.fields.full_price')}{' '}
                <Money cents={record.full_price} strike />
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                {translate('resources.plans.fields.entry_price')} <Money cents={record.entry_price} /> ·{' '}
                {translate('turma.plans.people', { smart_count: record.group_size })} ·{' '}
                {translate('turma.plans.days', { smart_count: record.window_days })}
              </Box>
            </>
          )}
          tertiaryText={(record) => <ActiveChip active={record.active} />}
        />
      ) : (
        <DataTable<Plan>
          rowClick="edit"
          bulkActionButtons={false}
          // Between the phone layout and a wide screen the table scrolls sideways, not the page
          // (`contain` keeps the table's width out of the layout's fit-content sizing).
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
        >
          <DataTable.Col
            source="name"
            render={(record) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {record.name}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary', fontFamily: MONO }}>
                  {record.slug}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="category_id" disableSort render={(record) => categoryName(record.category_id)} />
          <DataTable.Col source="kind" render={(record) => translate(`turma.plans.kinds.${record.kind}`)} />
          {/* The group price with the full price struck through under it (sorts by the group price). */}
          <DataTable.Col
            source="price"
            align="right"
            render={(record) => (
              <>
                <Box sx={{ fontWeight: 600 }}>
                  <Money cents={record.price} />
                </Box>
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  <Box component="span" sx={{ color: 'text.secondary', mr: 0.5 }}>
                    {translate('resources.plans.fields.full_price')}
                  </Box>
                  <Money cents={record.full_price} strike />
                </Typography>
              </>
            )}
          />
          <DataTable.Col source="entry_price" align="right" disableSort render={(record) => <Money cents={record.entry_price} />} />
          <DataTable.Col
            source="group_size"
            label="turma.plans.columns.group_size"
            align="right"
            render={(record) => record.group_size}
          />
          <DataTable.Col
            source="window_days"
            align="right"
            render={(record) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {translate('turma.plans.days', { smart_count: record.window_days })}
              </Box>
            )}
          />
          <DataTable.Col source="active" render={(record) => <ActiveChip active={record.active} />} />
        </DataTable>
      )}
    </List>
  );
};
