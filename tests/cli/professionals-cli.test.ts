// `turma professionals approve` in-process (runCli): a pending application becomes approved, the account's role
// professional, the decision audited and e-mailed; an unknown id exits non-zero with a one-line reason.
import { describe, expect, it } from 'vitest';
import { migrateLatest } from '../../adapters/db/migrate';
import { runTurma, useCliEnvironment } from '../support/cli';

const cli = useCliEnvironment('turma-cli-pros-');
const turma = (args: string[]) => runTurma(args, { env: cli.env });

describe('turma professionals approve', { timeout: 180_000 }, () => {
  it('approves a pending application: status, role, audit and e-mail; an unknown id fails with a reason', async () => {
    const { id, userId, email } = await cli.withDatabase(async (knex) => {
      await migrateLatest(knex);
      const [category] = await knex('plan_categories').insert({ name: 'Tatuagem', slug: 'tatuagem-cli', kind: 'service' }).returning('*');
      const email = 'pro.cli@exemplo.com.br';
      const [user] = await knex('users').insert({ email, password_hash: 'x', role: 'user', email_confirmed_at: new Date() }).returning('*');
      const [pro] = await knex('professionals')
        .insert({ user_id: user.id, category: category.slug, business_name: 'Estúdio CLI', full_name: 'Rita Prado', tax_id: '11144477735', cep: '01310100', bio: 'Tatuagem fina, atendimento com hora marcada.', pix_key_type: 'EMAIL', pix_key: email })
        .returning('*');
      // Approval needs the 3–8 portfolio photos (docs/product/professionals.md; uploads in tests/http/professional-photos.test.ts).
      await knex('professional_photos').insert([0, 1, 2].map((position) => ({ professional_id: pro.id, storage_key: `professionals/${pro.id}/foto-${position}.webp`, position })));
      return { id: pro.id as string, userId: user.id as string, email };
    });

    const listed = await turma(['professionals', 'list', '--status', 'pending', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).items.map((p: { id: string }) => p.id)).toEqual([id]);

    const approved = await turma(['professionals', 'approve', id, '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ id, status: 'approved', approved: true });

    await cli.withDatabase(async (knex) => {
      expect((await knex('users').where({ id: userId }).first()).role).toBe('professional');
      expect(await knex('audit_logs').where({ action: 'admin.professional_approve', entity_id: id, actor_email: 'operador (cli)' })).toHaveLength(1);
      expect(await knex('mail_outbox').where({ to_address: email, template: 'professional_approved' })).toHaveLength(1);
    });

    const again = await turma(['professionals', 'approve', id]);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('Não é possível passar de "Aprovado" para "Aprovado"');
    const unknown = await turma(['professionals', 'approve', '00000000-0000-0000-0000-000000000000']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Profissional não encontrado.');
  });
});
