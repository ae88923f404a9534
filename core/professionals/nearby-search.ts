// The nearby search: approved professionals with coordinates within a radius, ranked in the database (featured,
// rating, distance) and cut to the page; when few are near, the answer names the next radius that finds more.
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { DEFAULT_SEARCH_RADIUS_KM, coordinatesSchema } from './ranking';
import { NEARBY_MAX_RADIUS_KM, widerRadii } from './nearby-radius';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalsScope } from './ports';

/** Fewer than this many results within the radius and the answer says how many a wider one holds. */
export const NEARBY_WIDER_BELOW = 5;

export const nearbyQuerySchema = z.object({
  lat: z.coerce.number({ error: 'Latitude deve ser um número' }).min(-90, { error: 'Latitude deve estar entre -90 e 90' }).max(90, { error: 'Latitude deve estar entre -90 e 90' }),
  lng: z.coerce.number({ error: 'Longitude deve ser um número' }).min(-180, { error: 'Longitude deve estar entre -180 e 180' }).max(180, { error: 'Longitude deve estar entre -180 e 180' }),
  radius_km: z.coerce.number().positive({ error: 'O raio deve ser maior que zero' }).max(NEARBY_MAX_RADIUS_KM, { error: `O raio máximo é ${NEARBY_MAX_RADIUS_KM} km` }).default(DEFAULT_SEARCH_RADIUS_KM),
  category: z.string().trim().min(1).max(80).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export type NearbyQuery = z.output<typeof nearbyQuerySchema>;

/** Where a stored photo is served. */
export const photoUrl = (key: string) => `/media/${key}`;

export class NearbySearch {
  constructor(
    private readonly uow: UnitOfWork<ProfessionalsScope>,
    private readonly clock: Clock,
  ) {}

  /** GET /api/professionals/nearby: docs/product/spec.md §9 (approved with coordinates; featured, rating, distance). */
  async nearby(query: NearbyQuery) {
    const origin = coordinatesSchema.parse({ latitude: query.lat, longitude: query.lng });
    const now = this.clock.now();
    const repo = this.uow.repos.professionals.professionals;
    // Ranked and cut to the page in the database (NEARBY_ORDER); only the page's rows leave it.
    const { items: ranks, total } = await repo.nearbyPage(origin, query.radius_km, {
      category: query.category,
      now,
      offset: (query.page - 1) * query.per_page,
      limit: query.per_page,
    });
    const ids = ranks.map((c) => c.id);
    const [records, photoKeys] = await Promise.all([repo.findManyByIds(ids), repo.firstPhotoKeys(ids)]);
    const byId = new Map(records.map((r) => [r.id, r]));
    const page = ranks.flatMap((c) => {
      const record = byId.get(c.id);
      return record ? [{ ...record, ...c, distance_km: Math.round(c.exact_km * 10) / 10 }] : [];
    });
    const answer: {
      items: Array<{ id: string; full_name: string; business_name: string; category: string; city: string | null; rating_average: number; total_reviews: number; distance_km: number; latitude: number; longitude: number; featured: boolean; photo_url: string | null }>;
      total: number;
      radius_km: number;
      wider?: { radius_km: number; total: number };
    } = {
      items: page.map((p) => ({
        id: p.id,
        full_name: p.full_name,
        business_name: p.business_name,
        category: p.category,
        city: p.address_city,
        rating_average: Number(p.rating_average),
        total_reviews: p.total_reviews,
        distance_km: p.distance_km,
        latitude: p.latitude!,
        longitude: p.longitude!,
        featured: p.featured,
        photo_url: photoKeys.has(p.id) ? photoUrl(photoKeys.get(p.id)!) : null,
      })),
      total,
      radius_km: query.radius_km,
    };
    // The nearest step of the ladder that finds more, so one tap widens to where someone is; when none does, the
    // whole country's count (often 0: "nobody of this category yet").
    if (total < NEARBY_WIDER_BELOW) {
      for (const radius of widerRadii(query.radius_km)) {
        answer.wider = { radius_km: radius, total: await repo.nearbyCount(origin, radius, query.category) };
        if (answer.wider.total > total) break;
      }
    }
    return answer;
  }
}
