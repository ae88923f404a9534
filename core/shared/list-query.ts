// A back-office list request (ra-data-simple-rest): filter, sort and a window of rows.
export interface ListQuery<F> {
  filter: F;
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
}
