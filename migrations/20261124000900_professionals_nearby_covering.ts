// The nearby search reads its candidates from the index alone (benchmark): professionals_nearby_gist keeps
// its key (ll_to_earth(latitude, longitude)) and its partial predicate (approved, with coordinates) and now INCLUDEs
// the columns the ranking needs, so the box query is an index-only scan instead of one heap page per candidate
// (a 50 km search in a big city has thousands). Same name, so EXPLAIN checks keep finding it.
import type { Knex } from 'knex';

export const NEARBY_INDEX_INCLUDES = ['id', 'status', 'approved', 'category', 'latitude', 'longitude', 'rating_average', 'featured_until'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists professionals_nearby_gist');
  await knex.raw(`
    create index professionals_nearby_gist on professionals
    using gist (ll_to_earth(latitude, longitude))
    include (${NEARBY_INDEX_INCLUDES.join(', ')})
    where status = 'approved' and latitude is not null and longitude is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists professionals_nearby_gist');
  await knex.raw(`
    create index professionals_nearby_gist on professionals
    using gist (ll_to_earth(latitude, longitude))
    where status = 'approved' and latitude is not null and longitude is not null`);
}
