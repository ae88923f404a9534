// Editing one plan.
import BlockIcon from '@mui/icons-material/Block';
import { Alert } from '@mui/material';
import { DeleteWithConfirmButton, Edit, SaveButton, SimpleForm, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { AuditTrailButton } from '../../components/audit-trail-button';
import { Plan, toPlanPayload, PlanFormFields } from './shared';

export const DeactivateButton = () => {
  const record = useRecordContext<Plan>();
  if (!record?.active) return null;
  return (
    <DeleteWithConfirmButton
      label="turma.plans.deactivate"
      icon={<BlockIcon />}
      confirmTitle="turma.plans.deactivate_title"
      titleTranslateOptions={{ name: record.name }}
      confirmContent="turma.plans.deactivate_content"
      successMessage="turma.plans.deactivated"
      mutationMode="pessimistic"
      redirect="list"
    />
  );
};

export const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
    <SaveButton />
    <DeactivateButton />
  </Toolbar>
);

export const InactiveNotice = () => {
  const record = useRecordContext<Plan>();
  const translate = useTranslate();
  if (!record || record.active) return null;
  return (
    <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 880, boxSizing: 'border-box' }}>
      {translate('turma.plans.inactive_notice')}
    </Alert>
  );
};

export const EditActions = () => {
  const record = useRecordContext<Plan>();
  return (
    <TopToolbar>
      <AuditTrailButton entityType="plan" entityId={record?.id} />
    </TopToolbar>
  );
};

export const PlanEdit = () => (
  <Edit<Plan> mutationMode="pessimistic" redirect="list" transform={toPlanPayload} actions={<EditActions />}>
    <SimpleForm toolbar={<EditToolbar />}>
      <InactiveNotice />
      <PlanFormFields isCreate={false} />
    </SimpleForm>
  </Edit>
);
