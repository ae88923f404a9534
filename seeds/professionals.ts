// Seeds the demo professionals of seeds/professionals.data.ts: account, profile, approved application and one portfolio
// picture each. Idempotent by e-mail: an existing account is left alone.
import type { Container } from 'inversify';
import sharp from 'sharp';
import type { AppUnitOfWork } from '../adapters/db/unit-of-work';
import { TOKENS } from '../adapters/tokens';
import { DIRECT_REFERRAL } from '../core/identity/account.service';
import type { ProfessionalPhotoService } from '../core/professionals/photo.service';
import { DEMO_PROFESSIONALS, type DemoProfessional } from './professionals.data';

async function portfolioPicture(pro: DemoProfessional): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="hsl(${pro.hue}, 45%, 18%)"/><circle cx="400" cy="360" r="180" fill="none" stroke="hsl(${pro.hue}, 80%, 62%)" stroke-width="14"/><text x="400" y="700" font-family="sans-serif" font-size="44" fill="#fff" text-anchor="middle">${pro.business_name}</text></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** The accounts this run created (password: the demo password the caller hashed). */
export async function seedDemoProfessionals(container: Container, passwordHash: string): Promise<Array<{ email: string; name: string }>> {
  const uow = container.get<AppUnitOfWork>(TOKENS.UnitOfWork);
  const photos = container.get<ProfessionalPhotoService>(TOKENS.ProfessionalPhotoService);
  const created: Array<{ email: string; name: string }> = [];
  for (const pro of DEMO_PROFESSIONALS) {
    const { address } = pro;
    const userId = await uow.run(async (tx) => {
      if (await tx.identity.users.findByEmail(pro.email)) return null;
      const user = await tx.identity.users.create({ email: pro.email, password_hash: passwordHash, role: 'professional', email_confirmed_at: new Date() });
      const place = {
        cep: address.cep,
        address_street: address.street,
        address_number: pro.address_number,
        address_complement: null,
        address_district: address.district,
        address_city: address.city,
        address_state: address.state,
        latitude: address.latitude,
        longitude: address.longitude,
      };
      await tx.identity.profiles.create({ user_id: user.id, email: pro.email, full_name: pro.full_name, ...place, origem: 'www' });
      await tx.referrals.create({ referred_user_id: user.id, referrer_user_id: null, ...DIRECT_REFERRAL });
      const professional = await tx.professionals.professionals.create({
        user_id: user.id,
        category: pro.category,
        business_name: pro.business_name,
        full_name: pro.full_name,
        tax_id: pro.tax_id,
        register: pro.register,
        ...place,
        bio: pro.bio,
        pix_key_type: 'EMAIL',
        pix_key: pro.email,
      });
      await tx.professionals.professionals.update(professional.id, { status: 'approved', approved: true, decided_at: new Date() });
      return user.id;
    });
    if (!userId) continue;
    await photos.add(userId, { bytes: await portfolioPicture(pro) });
    created.push({ email: pro.email, name: `${pro.business_name} (Profissional Demo)` });
  }
  return created;
}
