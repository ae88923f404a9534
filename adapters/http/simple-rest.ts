// The ra-data-simple-rest contract for /api/admin/<resource>: sort/range/filter in, Content-Range out.
import { z } from 'zod';
import { DomainError } from '../../core/shared/errors';
import type { AppContext } from './context';

const jsonParam = <S extends z.ZodType>(schema: S, name: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `Parâmetro ${name} não é um JSON válido` });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

const querySchema = z.object({
  sort: jsonParam(z.tuple([z.string().min(1).max(64), z.enum(['ASC', 'DESC', 'asc', 'desc'])]), 'sort'),
  range: jsonParam(
    z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([a, b]) => b >= a && b - a < 1000, {
      message: 'Intervalo inválido (no máximo 1000 registros por página)',
    }),
    'range',
  ),
  filter: jsonParam(z.record(z.string(), z.unknown()), 'filter'),
});

export interface SimpleRestQuery<F> {
  filter: F;
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}

/** Parses `?sort=&range=&filter=`; `filterSchema` validates and narrows the filter object. */
export function parseSimpleRestQuery<F>(
  ctx: AppContext,
  filterSchema: z.ZodType<F>,
  defaultSort: { field: string; order: 'ASC' | 'DESC' },
): SimpleRestQuery<F> {
  const parsed = querySchema.safeParse(ctx.query);
  if (!parsed.success) {
    throw new DomainError('invalid', 'invalid_query', parsed.error.issues[0]?.message ?? 'Consulta inválida');
  }
  const filter = filterSchema.safeParse(parsed.data.filter ?? {});
  if (!filter.success) {
    throw new DomainError('invalid', 'invalid_filter', `Filtro inválido: ${filter.error.issues[0]?.path.join('.') ?? ''}`.trim());
  }
  const [start, end] = parsed.data.range ?? [0, 24];
  const sort = parsed.data.sort
    ? { field: parsed.data.sort[0], order: parsed.data.sort[1].toUpperCase() as 'ASC' | 'DESC' }
    : defaultSort;
  return { filter: filter.data, sort, offset: start, limit: end - start + 1 };
}

/** Writes the list answer: JSON array + `Content-Range: <resource> <start>-<end>/<total>`. */
export function sendList(ctx: AppContext, resource: string, query: { offset: number }, items: unknown[], total: number) {
  const end = items.length ? query.offset + items.length - 1 : query.offset;
  ctx.set('Content-Range', `${resource} ${query.offset}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = items;
}

/** How the description documents `?sort=&range=&filter=` (each a JSON text; parsed by parseSimpleRestQuery). */
export function simpleRestQueryDoc(filter: z.ZodType) {
  const filterJson = JSON.stringify(z.toJSONSchema(filter, { io: 'input', unrepresentable: 'any' }).properties ?? {});
  return z.object({
    sort: z.string().optional().describe('JSON `["field","ASC"|"DESC"]`, e.g. `["created_at","DESC"]`.'),
    range: z.string().optional().describe('JSON `[start, end]`, inclusive and zero-based, at most 1000 records (default `[0,24]`).'),
    filter: z.string().optional().describe(`JSON object; fields: ${filterJson}`),
  });
}

/** The list answer's header, as the description shows it. */
export const contentRangeHeader = {
  'Content-Range': { description: '`<resource> <start>-<end>/<total>` (ra-data-simple-rest).' },
};
