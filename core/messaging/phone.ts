// Brazilian mobile numbers as typed by a person ("(11) 98765-4321", "+55 11 98765 4321", "011987654321") to E.164
// ("+5511987654321"), the form WhatsApp's Cloud API and the opt-in keep. Only mobiles: WhatsApp lives on the phone.

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: 'empty' | 'not_brazil' | 'bad_ddd' | 'not_mobile' | 'length' };

/** Area codes (DDD) in use: two digits, neither a zero. */
const validDdd = (ddd: string) => /^[1-9][1-9]$/.test(ddd);

export function normalizeBrazilianMobile(input: string): PhoneResult {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  const international = trimmed.startsWith('+');
  let digits = trimmed.replace(/\D/g, '');
  if (!digits) return { ok: false, reason: 'empty' };
  if (international || digits.length >= 12) {
    if (international && !digits.startsWith('55')) return { ok: false, reason: 'not_brazil' };
    if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) digits = digits.slice(2);
    else if (international) return { ok: false, reason: 'length' };
  }
  // A trunk prefix typed for a long-distance call: 0 + DDD + number.
  if (digits.startsWith('0') && (digits.length === 11 || digits.length === 12)) digits = digits.slice(1);
  if (digits.length !== 10 && digits.length !== 11) return { ok: false, reason: 'length' };
  const ddd = digits.slice(0, 2);
  let subscriber = digits.slice(2);
  if (!validDdd(ddd)) return { ok: false, reason: 'bad_ddd' };
  // An old mobile typed without the ninth digit (6–9 then seven digits) gets it back; 2–5 are landlines.
  if (subscriber.length === 8) {
    if (!/^[6-9]/.test(subscriber)) return { ok: false, reason: 'not_mobile' };
    subscriber = `9${subscriber}`;
  }
  if (!/^9\d{8}$/.test(subscriber)) return { ok: false, reason: 'not_mobile' };
  return { ok: true, e164: `+55${ddd}${subscriber}` };
}

/** "+55 (11) 98765-4321" for the screen; anything else as it is. */
export function formatBrazilianMobile(e164: string): string {
  const m = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return m ? `+55 (${m[1]}) ${m[2]}-${m[3]}` : e164;
}

/** The number with its middle hidden, for logs and the audit trail. */
export function maskPhone(e164: string): string {
  return e164.length > 8 ? `${e164.slice(0, 5)}•••••${e164.slice(-4)}` : '•••';
}
