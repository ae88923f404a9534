// TOTP (RFC 6238, otplib), the QR code of the otpauth:// URL, recovery codes, and the sealing of TOTP secrets
// at rest with AES-256-GCM under a key derived from SESSION_SECRET.
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import type { TotpProvider } from '../../core/identity/two-factor.service';

const ISSUER = 'Turma';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export class OtplibTotpProvider implements TotpProvider {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHash('sha256').update(`turma-totp:${sessionSecret}`).digest();
  }

  generateSecret(): string {
    return generateSecret();
  }

  uri(secret: string, account: string): string {
    return generateURI({ secret, issuer: ISSUER, label: account });
  }

  qrDataUrl(uri: string): Promise<string> {
    return QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  }

  verify(secret: string, code: string): number | null {
    const token = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = verifySync({ secret, token, epochTolerance: 30 });
    if (!result.valid) return null;
    return 'epoch' in result ? Math.floor(result.epoch / 30) : Math.floor(Date.now() / 30_000) + result.delta;
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('segredo TOTP em formato desconhecido');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  recoveryCode(): string {
    const pick = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${pick()}-${pick()}`;
  }
}
