// The receivables CSV built in the browser: header, money in reais with a decimal comma, São Paulo dates, RFC 4180
// quoting and formula-looking cells neutralised.
import { describe, expect, it } from 'vitest';
import { csvCell, csvMoney, receivablesCsv } from '../../web/features/professional-dashboard/receivables-csv';

const labels = {
  header: ['Data', 'Plano', 'Cliente', 'Bruto', 'Taxa', 'Líquido', 'Situação', 'Liberação'] as [string, string, string, string, string, string, string, string],
  status: (s: string) => ({ pending: 'Pendente', paid: 'Pago' })[s] ?? s,
};

describe('receivablesCsv', () => {
  it('writes a BOM, the header and one line per receivable with reais and São Paulo dates', () => {
    const csv = receivablesCsv(
      [
        { created_at: '2026-11-24T01:30:00.000Z', plan: { name: 'Tatuagem fina' }, member_first_name: 'Ana', gross: 50_000, fee: 5_000, net: 45_000, status: 'pending', available_at: '2026-12-01T01:30:00.000Z' },
        { created_at: '2026-11-20T15:00:00.000Z', plan: { name: 'Limpeza; "premium"' }, member_first_name: '=HYPERLINK("x")', gross: 12_345, fee: 1_235, net: 11_110, status: 'paid', available_at: '2026-11-27T15:00:00.000Z' },
      ],
      labels,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Data;Plano;Cliente;Bruto;Taxa;Líquido;Situação;Liberação',
      // 01:30 UTC is still the 23rd in São Paulo.
      '2026-11-23;Tatuagem fina;Ana;500,00;50,00;450,00;Pendente;2026-11-30',
      '2026-11-20;"Limpeza; ""premium""";"\'=HYPERLINK(""x"")";123,45;12,35;111,10;Pago;2026-11-27',
      '',
    ]);
  });

  it('quotes only what needs it and neutralises formulas', () => {
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(-3)).toBe('-3');
    expect(csvMoney(5)).toBe('0,05');
    expect(csvMoney(100_000_00)).toBe('100000,00');
  });
});
