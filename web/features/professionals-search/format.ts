// Numbers of the professionals search in the reader's locale: "2,3 km" in pt-BR, "2.3 km" in en-US.
export function formatDistance(km: number, locale: string): string {
  const digits = km < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km)} km`;
}

export function formatRating(rating: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

export function formatRadius(km: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(km);
}
