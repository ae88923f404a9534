// Randomness for codes that are worth money (vouchers, invites, referral codes): drawn from the Web Crypto API, which
// Node and browsers both have, because Math.random's generator can be predicted from a few of its outputs.

/** A uniform number in [0, 1) with 53 random bits from the cryptographic source; same contract as Math.random. */
export function secureRandom(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  // 21 high bits of one word and all 32 of the other: every double in [0, 1) on a 2^-53 grid is equally likely.
  return ((words[0]! >>> 11) * 2 ** 32 + words[1]!) / 2 ** 53;
}
