// docs/product/spec.md §5: sign-in takes an e-mail or a phone plus the password; POST /api/auth/login keeps docs/api.md's {email, password}
// (the `email` value may be a phone, in any usual format). Phones are not unique: the password picks the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Argon2PasswordHasher } from '../../adapters/security/argon2.hasher';
import { createUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const login = (email: string, password: string) => app.client().post('/api/auth/login', { email, password });

describe('sign-in by phone', () => {
  it('signs in with the phone in any format; the password picks among accounts sharing it', async () => {
    const bia = await createUser(app, { fullName: 'Bia Telefone' });
    const caio = await createUser(app, { fullName: 'Caio Telefone' });
    await app.db.knex('profiles').whereIn('user_id', [bia.id, caio.id]).update({ phone: '21912345678' });
    await app.db.knex('users').where('id', caio.id).update({ password_hash: await new Argon2PasswordHasher().hash('outra-senha-9') });

    for (const phone of ['21912345678', '(21) 91234-5678', '+55 21 91234-5678']) {
      const res = await login(phone, 'senha-123');
      expect(res.status, phone).toBe(200);
      expect(res.body.user.id).toBe(bia.id);
    }
    const asCaio = await login('(21) 91234-5678', 'outra-senha-9');
    expect(asCaio.status).toBe(200);
    expect(asCaio.body.user.id).toBe(caio.id);

    const wrong = await login('21912345678', 'errada-123');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('invalid_credentials');
    expect((await login('31999998888', 'senha-123')).status).toBe(401);
    // The e-mail still works, as docs/api.md says.
    expect((await login(bia.email.toUpperCase(), 'senha-123')).status).toBe(200);
  });

  it('refuses what is neither an e-mail nor a phone with a pt-BR message on the field', async () => {
    const res = await login('12345', 'senha-123');
    expect(res.status).toBe(400);
    expect(res.body.error.fields.email).toBe('Informe um e-mail ou telefone válido');
    const bad = await login('nome@', 'senha-123');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe('Por favor, insira um e-mail válido');
  });
});
