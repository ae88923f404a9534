// Portfolio photos over HTTP (onboarding): multipart upload of one image per request, checked by content,
// re-encoded by sharp (upright, bounded, no EXIF: the GPS position never leaves), at most 8, own photos only; and
// the 3–8 rule where it decides: approval and resubmission of a rejected application.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../support/test-app';
import { createPlan, createUser, type TestUser, professionalApplication } from '../support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.db.knex;

async function serviceCategory(): Promise<string> {
  const plan = await createPlan(app);
  const row = await knex()('plans as p').join('plan_categories as c', 'c.id', 'p.category_id').where('p.id', plan.id).first('c.slug');
  return row.slug as string;
}

/** A user with a pending application (sent through the API). */
async function applicant(category: string): Promise<{ user: TestUser; id: string }> {
  const user = await createUser(app);
  const applied = await user.client.post(
    '/api/professionals/applications',
    professionalApplication(category, {
      business_name: 'Estúdio Fotos',
      address_number: '10',
      bio: 'Atendimento com hora marcada e muito cuidado em cada detalhe.',
      pix_key: { type: 'EMAIL', key: 'fotos@exemplo.com.br' },
    }),
  );
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  return { user, id: applied.body.id as string };
}

const png = (width = 40, height = 30, color = '#f80') => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();

/** POST /api/me/professional/photos with the client's session cookie (multipart built by fetch's FormData). */
async function upload(user: TestUser | null, body: Uint8Array, filename = 'foto.png', type = 'image/png', field = 'photo') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(body)], { type }), filename);
  const res = await fetch(`${app.url}/api/me/professional/photos`, {
    method: 'POST',
    headers: { ...(user ? { cookie: user.client.cookieHeader() } : {}), 'x-forwarded-for': user?.client.ip ?? '10.9.9.9' },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The EXIF block's GPS IFD pointer (tag 0x8825), little- or big-endian. */
const hasGpsPointer = (exif: Buffer | undefined) => !!exif && (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));

describe('portfolio photo uploads', () => {
  it('anonymous callers get 401, a user without an application 404', async () => {
    expect((await upload(null, await png())).status).toBe(401);
    const res = await fetch(`${app.url}/api/me/professional/photos/00000000-0000-0000-0000-000000000000`, { method: 'DELETE' });
    expect(res.status).toBe(401);
    const stranger = await createUser(app);
    const answer = await upload(stranger, await png());
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe('professional_not_found');
  });

  it('checks the type by content: a .jpg name with text inside is a 400 in pt-BR; no photo at all is a 400', async () => {
    const { user } = await applicant(await serviceCategory());
    const fake = await upload(user, new TextEncoder().encode('isto não é uma foto, é só texto'), 'praia.jpg', 'image/jpeg');
    expect(fake.status).toBe(400);
    expect(fake.body.error).toMatchObject({ code: 'invalid_photo_type', message: 'Formato não aceito: envie uma foto JPEG, PNG ou WebP.' });
    expect(fake.body.error.fields.photo).toBeTruthy();
    // A GIF is an image, but not one of the three accepted formats.
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await upload(user, gif, 'anim.gif', 'image/gif')).body.error.code).toBe('invalid_photo_type');
    const wrongField = await upload(user, await png(), 'foto.png', 'image/png', 'arquivo');
    expect(wrongField.status).toBe(400);
    expect((await user.client.get('/api/me/professional')).body.photos).toEqual([]);
  });

  it('refuses a file over 8 MB with 413 and a pt-BR message', async () => {
    const { user } = await applicant(await serviceCategory());
    const big = new Uint8Array(8 * 1024 * 1024 + 1024);
    big.set(await png(), 0);
    const answer = await upload(user, big);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toMatchObject({ code: 'photo_too_large', message: 'A foto passa de 8 MB. Envie uma imagem menor.' });
  });

  it('re-encodes without EXIF (the GPS position is gone), upright, at most 1600 px, and stores the size', async () => {
    const { user } = await applicant(await serviceCategory());
    const withGps = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#3a6' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TurmaCam' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 39/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true); // the fixture really carries a GPS block
    expect(before.orientation).toBe(6);

    const answer = await upload(user, withGps, 'IMG_0001.JPG', 'image/jpeg');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // Orientation 6 is a quarter turn: 2400×1800 stored upright as 1200×1600.
    expect(answer.body).toMatchObject({ id: expect.any(String), position: 0, width: 1200, height: 1600 });
    expect(answer.body.url).toMatch(/^\/media\/professionals\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/);

    const stored = await fetch(`${app.url}${answer.body.url}`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await stored.arrayBuffer());
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(hasGpsPointer(bytes)).toBe(false);
    expect(bytes.includes(Buffer.from('TurmaCam'))).toBe(false);

    const row = await knex()('professional_photos').where({ id: answer.body.id }).first();
    expect(row).toMatchObject({ width: 1200, height: 1600, position: 0 });
    expect((await user.client.get('/api/me/professional')).body.photos).toEqual([{ id: answer.body.id, url: answer.body.url }]);
  });

  it('keeps the order, refuses the 9th photo with 409, and frees a place when one is removed', async () => {
    const { user } = await applicant(await serviceCategory());
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await upload(user, await png(20 + i, 20, i % 2 ? '#111' : '#eee'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.position).toBe(i);
      ids.push(answer.body.id);
    }
    const ninth = await upload(user, await png());
    expect(ninth.status).toBe(409);
    expect(ninth.body.error.code).toBe('portfolio_full');
    expect(ninth.body.error.message).toMatch(/8 fotos/);
    expect((await user.client.get('/api/me/professional')).body.photos.map((p: { id: string }) => p.id)).toEqual(ids);

    const removed = await user.client.request('DELETE', `/api/me/professional/photos/${ids[2]}`);
    expect(removed.status).toBe(204);
    const again = await upload(user, await png());
    expect(again.status).toBe(201);
    expect(again.body.position).toBe(8); // appended after the last one, the order of the others untouched
    expect((await user.client.get('/api/me/professional')).body.photos.map((p: { id: string }) => p.id)).toEqual([...ids.slice(0, 2), ...ids.slice(3), again.body.id]);
    const removedRow = await knex()('professional_photos').where({ id: ids[2] }).first();
    expect(removedRow).toBeUndefined();
  });

  it('another professional\'s photo cannot be removed (404), nor an unknown id', async () => {
    const category = await serviceCategory();
    const owner = await applicant(category);
    const other = await applicant(category);
    const photo = await upload(owner.user, await png());
    expect(photo.status).toBe(201);
    const attempt = await other.user.client.request('DELETE', `/api/me/professional/photos/${photo.body.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body.error.code).toBe('photo_not_found');
    expect((await other.user.client.request('DELETE', '/api/me/professional/photos/nao-e-um-id')).status).toBe(404);
    expect(await knex()('professional_photos').where({ id: photo.body.id })).toHaveLength(1);
    expect((await fetch(`${app.url}${photo.body.url}`)).status).toBe(200);
    // The owner can; the file goes with the row.
    expect((await owner.user.client.request('DELETE', `/api/me/professional/photos/${photo.body.id}`)).status).toBe(204);
    expect((await fetch(`${app.url}${photo.body.url}`)).status).toBe(404);
  });

  it('reorders the portfolio (PUT …/photos/order): the owner\'s ids once each; a repeat 400, another\'s photo 404, a partial list 409', async () => {
    const category = await serviceCategory();
    const { user } = await applicant(category);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(user, await png(20 + i, 20))).body.id);
    const order = (client = user.client, photo_ids: unknown) => client.request('PUT', '/api/me/professional/photos/order', { photo_ids });

    const moved = await order(user.client, [ids[2], ids[0], ids[1]]);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.items.map((p: { id: string; position: number }) => [p.id, p.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
    expect((await user.client.get('/api/me/professional')).body.photos.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0], ids[1]]);

    const repeated = await order(user.client, [ids[0], ids[0], ids[1]]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toMatchObject({ code: 'invalid_photo_order', message: 'A nova ordem repete uma foto. Envie cada foto do portfólio uma vez.' });
    const partial = await order(user.client, [ids[1], ids[0]]);
    expect(partial.status).toBe(409);
    expect(partial.body.error.code).toBe('portfolio_changed');
    expect((await order(user.client, [])).status).toBe(400);
    expect((await order(user.client, 'tudo')).status).toBe(400);

    // Another professional's photo in the list, or theirs alone: 404, and neither portfolio moves.
    const other = await applicant(category);
    const theirs = (await upload(other.user, await png())).body.id as string;
    const foreign = await order(user.client, [ids[0], ids[1], theirs]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('photo_not_found');
    expect((await order(other.user.client, [ids[0]])).status).toBe(404);
    expect((await order(other.user.client, ['nao-e-um-id'])).status).toBe(404);
    expect((await user.client.get('/api/me/professional')).body.photos.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[0], ids[1]]);

    // Signed out: 401; signed in without an application: 404.
    const anonymous = await fetch(`${app.url}/api/me/professional/photos/order`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ photo_ids: ids }) });
    expect(anonymous.status).toBe(401);
    expect((await order((await createUser(app)).client, ids)).status).toBe(404);
  });

  it('3–8 photos: approval needs 3, a rejected application is resent with 3, an approved profile keeps 3', async () => {
    const { user, id } = await applicant(await serviceCategory());
    // docs/product/spec.md §2: the account of an application under review (still role user) lands on the pending page.
    expect((await app.client().post('/api/auth/login', { email: user.email, password: 'senha-123' })).body.redirect_to).toBe('/professional-pending');
    const adminClient = app.client();
    expect((await adminClient.post('/api/auth/login', await app.createAdmin())).status).toBe(200);
    const photos: string[] = [];
    for (let i = 0; i < 2; i++) photos.push((await upload(user, await png())).body.id);
    const early = await adminClient.post(`/api/admin/professionals/${id}/approve`);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('portfolio_incomplete');

    expect((await adminClient.post(`/api/admin/professionals/${id}/reject`, { reason: 'Envie mais fotos do seu trabalho' })).status).toBe(200);
    const mine = (await user.client.get('/api/me/professional')).body;
    const resend = { category: mine.category, business_name: mine.business_name, tax_id: mine.tax_id, cep: mine.cep, address_number: '10', bio: mine.bio, pix_key: mine.pix_key };
    const tooFew = await user.client.post('/api/professionals/applications', resend);
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.error).toMatchObject({ code: 'portfolio_incomplete', message: 'Envie pelo menos 3 fotos do seu trabalho.' });
    photos.push((await upload(user, await png())).body.id); // a rejected application still takes photos
    expect((await user.client.post('/api/professionals/applications', resend)).body).toEqual({ id, status: 'pending' });

    expect((await adminClient.post(`/api/admin/professionals/${id}/approve`)).status).toBe(200);
    const keep = await user.client.request('DELETE', `/api/me/professional/photos/${photos[0]}`);
    expect(keep.status).toBe(409);
    expect(keep.body.error.code).toBe('portfolio_minimum');
    expect((await upload(user, await png())).status).toBe(201);
    expect((await user.client.request('DELETE', `/api/me/professional/photos/${photos[0]}`)).status).toBe(204);
  });

  it('is described in the OpenAPI document as a multipart body', async () => {
    const doc = (await app.client().get('/api/openapi.json')).body;
    const op = doc.paths['/api/me/professional/photos'].post;
    expect(op.requestBody.content['multipart/form-data'].schema.properties.photo).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '404', '409', '413']));
    expect(doc.paths['/api/me/professional/photos/{id}'].delete.responses['204']).toBeDefined();
  });
});
