// "Exportar CSV" on a list: downloads GET /api/admin/exports/<resource> with the list's current filters. The server
// streams the file (no row cap), so the browser's own download takes it; nothing is built in the page.
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useListContext } from 'react-admin';
import { widenDateFilters } from '../providers/dataProvider';

export function exportUrl(resource: string, filter: Record<string, unknown>): string {
  return `/api/admin/exports/${resource}?filter=${encodeURIComponent(JSON.stringify(widenDateFilters(filter)))}`;
}

export const ExportCsvButton = ({ resource }: { resource: 'orders' | 'products' | 'users' | 'groups' }) => {
  const { filterValues } = useListContext();
  return (
    <Button
      label="turma.export.csv"
      component="a"
      href={exportUrl(resource, filterValues ?? {})}
      download
      // react-admin's Button renders a MUI button; as an anchor the browser streams the download itself.
    >
      <DownloadIcon />
    </Button>
  );
};
