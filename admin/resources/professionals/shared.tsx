// What the professionals screens share (fields, chips, actions and calls).
import StarIcon from '@mui/icons-material/Star';
import { Chip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AdminProfessionalDetailRecord, AdminProfessionalRecord } from '../../lib/api-types';
import { usePlanCategories } from '../../lib/plan-categories';
import { postAction, type ApiBody } from '../../lib/api';

/** One row of GET /api/admin/professionals and the show page's record (generated from the API description). */
export type Professional = AdminProfessionalRecord;

export type ProfessionalDetail = AdminProfessionalDetailRecord;

export type ProfessionalStatus = Professional['status'];

export const PROFESSIONAL_TABS: ProfessionalStatus[] = ['pending', 'approved', 'rejected', 'suspended'];

export const STATUS_COLOR: Record<ProfessionalStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};

export type Action = 'approve' | 'reject' | 'suspend' | 'feature';

/** POST /api/admin/professionals/:id/<action>; the server's pt-BR message on failure (thrown as HttpError). */
export const decideProfessional = <A extends Action>(id: string, action: A, body?: ApiBody<`/api/admin/professionals/{id}/${A}`, 'post'>) =>
  postAction(`/api/admin/professionals/{id}/${action}`, id, body);

/** "11144477735" → "111.444.777-35"; CNPJs as "11.222.333/0001-81". */
export function formatTaxId(taxId: string): string {
  if (/^\d{11}$/.test(taxId)) return taxId.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{14}$/.test(taxId)) return taxId.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5');
  return taxId;
}

export const useCategoryName = () => {
  const { categories } = usePlanCategories();
  const bySlug = new Map(categories.map((c) => [c.slug, c.name]));
  return (slug: string) => bySlug.get(slug) ?? slug;
};

export const StatusChip = ({ status }: { status: ProfessionalStatus }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status]} label={translate(`turma.professionals.status.${status}`)} />;
};

export const FeaturedChip = ({ record }: { record: Professional }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!record.featured || !record.featured_until) return null;
  return (
    <Chip
      size="small"
      icon={<StarIcon />}
      color="secondary"
      variant="outlined"
      label={translate('turma.professionals.featured_until', {
        date: new Date(record.featured_until).toLocaleDateString(locale, { timeZone: 'America/Sao_Paulo' }),
      })}
    />
  );
};
