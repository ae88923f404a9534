// Documentos legais: /admin/legal-documents (/api/admin/legal-documents): the versions of the Termos de Uso and the
// Política de Privacidade, newest first, and publishing a new one (audited). From its publication date on, everyone who
// accepted an older version is asked to accept the new one when they next use the site.
import GavelIcon from '@mui/icons-material/Gavel';
import { useMediaQuery, type Theme } from '@mui/material';
import { Create, DataTable, DateField, DateTimeInput, List, SelectField, SelectInput, SimpleForm, SimpleList, TextInput, required, type ResourceProps } from 'react-admin';

const kinds = [
  { id: 'terms', name: 'Termos de Uso' },
  { id: 'privacy', name: 'Política de Privacidade' },
];

interface LegalDocument {
  id: string;
  kind: 'terms' | 'privacy';
  version: string;
  published_at: string;
  summary: string;
}

function LegalDocumentList() {
  // A four-column table is wider than a phone: there, one line per version.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List title="Documentos legais" pagination={false} sort={{ field: 'published_at', order: 'DESC' }} exporter={false}>
      {small ? (
        <SimpleList<LegalDocument>
          primaryText={(r) => `${kinds.find((k) => k.id === r.kind)?.name ?? r.kind} — versão ${r.version}`}
          secondaryText={(r) => `Em vigor desde ${new Date(r.published_at).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}`}
          tertiaryText={(r) => r.summary}
          linkType={false}
        />
      ) : (
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="kind" label="Documento">
          <SelectField source="kind" choices={kinds} />
        </DataTable.Col>
        <DataTable.Col source="version" label="Versão" />
        <DataTable.Col source="published_at" label="Em vigor desde">
          <DateField source="published_at" showTime locales="pt-BR" />
        </DataTable.Col>
        <DataTable.Col source="summary" label="O que mudou" />
      </DataTable>
      )}
    </List>
  );
}

function LegalDocumentCreate() {
  return (
    <Create title="Publicar nova versão" redirect="list">
      <SimpleForm>
        <SelectInput source="kind" label="Documento" choices={kinds} validate={required('Escolha o documento.')} />
        <TextInput source="version" label="Versão" helperText="Ex.: 2026-12-01" validate={required('Informe a versão.')} />
        <DateTimeInput source="published_at" label="Em vigor a partir de" helperText="Vazio: agora. Depois da versão mais recente." />
        <TextInput source="summary" label="O que mudou (mostrado a quem precisa aceitar)" multiline minRows={3} fullWidth validate={required('Resuma o que mudou.')} />
      </SimpleForm>
    </Create>
  );
}

export const legalDocuments: Partial<ResourceProps> = {
  list: LegalDocumentList,
  create: LegalDocumentCreate,
  icon: GavelIcon,
  options: { label: 'Documentos legais' },
};
