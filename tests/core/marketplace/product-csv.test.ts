import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, parseProductCsv, parseReais, parseStock, slugify } from '../../../core/marketplace/product-csv';
import { fnv1a, productCoverSvg, wrapTitle } from '../../../core/marketplace/product-cover';

describe('parseCsv', () => {
  it('handles quotes, escaped quotes, delimiters and line breaks inside quotes, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"1,5","diz ""olá""","linha\nquebrada"\r\n\r\nx,y,z\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1,5', 'diz "olá"', 'linha\nquebrada'] },
      { line: 5, cells: ['x', 'y', 'z'] },
    ]);
  });

  it('uses ; when the header does (pt-BR spreadsheets)', () => {
    expect(parseCsv('name;price\nCaneca;49,90\n')).toEqual([
      { line: 1, cells: ['name', 'price'] },
      { line: 2, cells: ['Caneca', '49,90'] },
    ]);
  });

  it('ignores a UTF-8 BOM before the header (Excel "CSV UTF-8")', () => {
    expect(parseCsv('\uFEFFname,price\nCaneca,10\n')[0]).toEqual({ line: 1, cells: ['name', 'price'] });
  });

  it('keeps a ; inside quotes and a , as the decimal comma when the header uses ;', () => {
    expect(parseCsv('name;price;description\r\n"Vela; aroma";1.234,56;x\r\n')).toEqual([
      { line: 1, cells: ['name', 'price', 'description'] },
      { line: 2, cells: ['Vela; aroma', '1.234,56', 'x'] },
    ]);
  });

  it('counts the lines of a quoted field that spans lines, so later records keep their line in the file', () => {
    expect(parseCsv('a,b\n"um\ndois\ntrês",x\n\ny,z\n"p\r\nq",w')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['um\ndois\ntrês', 'x'] },
      { line: 6, cells: ['y', 'z'] },
      { line: 7, cells: ['p\r\nq', 'w'] },
    ]);
  });

  it('refuses quotes that do not pair up, naming the line', () => {
    expect(() => parseCsv('a,b\n"x"y,1\n')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a,b\nok,1\n"aberta,2\n')).toThrow(expect.objectContaining({ line: 3, message: expect.stringContaining('aspas abertas') }));
  });
});

describe('parseReais (prices typed by operators)', () => {
  it.each([
    ['199,90', 19_990],
    ['199,9', 19_990],
    ['1.234,56', 123_456],
    ['R$ 49,90', 4_990],
    ['199.90', 19_990],
    ['199', 19_900],
    ['1.234', 123_400],
  ])('%s → %i centavos', (text, cents) => {
    expect(parseReais(text)).toBe(cents);
  });
  it.each(['', 'abc', '19,999', '1,2,3', '-10'])('%j is not a price', (text) => {
    expect(parseReais(text)).toBeNull();
  });
});

describe('parseStock', () => {
  it('empty, "ilimitado" or "unlimited" → null (unlimited); whole numbers ≥ 0; anything else invalid', () => {
    expect(parseStock('')).toBeNull();
    expect(parseStock('Ilimitado')).toBeNull();
    expect(parseStock('unlimited')).toBeNull();
    expect(parseStock('0')).toBe(0);
    expect(parseStock(' 12 ')).toBe(12);
    expect(parseStock('-1')).toBeUndefined();
    expect(parseStock('2.5')).toBeUndefined();
  });
});

describe('parseProductCsv', () => {
  const categories = ['casa', 'beleza'];

  it('turns valid lines into rows and reports each bad line with its number', () => {
    const csv = [
      'name,slug,category,price,stock,description',
      '"Caneca Esmaltada 350 ml",caneca-esmaltada,casa,"49,90",12,"Vai ao fogo, não lasca"',
      'Sem preço,,casa,,3,',
      '"Sérum Facial Vitamina C",,beleza,"89,90",ilimitado,',
      'Planta,planta,jardim,"10,00",,',
      'Caneca repetida,caneca-esmaltada,casa,"10,00",1,',
      'Vela,vela,casa,10,5,"x",extra',
    ].join('\n');
    const { rows, errors } = parseProductCsv(csv, categories);
    expect(rows).toEqual([
      { line: 2, name: 'Caneca Esmaltada 350 ml', slug: 'caneca-esmaltada', category: 'casa', price: 4_990, stock_quantity: 12, description: 'Vai ao fogo, não lasca' },
      { line: 4, name: 'Sérum Facial Vitamina C', slug: 'serum-facial-vitamina-c', category: 'beleza', price: 8_990, stock_quantity: null, description: '' },
    ]);
    expect(errors.map((e) => e.line)).toEqual([3, 5, 6, 7]);
    expect(errors[0]!.message).toContain('preço inválido');
    expect(errors[1]!.message).toContain('categoria desconhecida "jardim"');
    expect(errors[2]!.message).toContain('repetido (já usado na linha 2)');
    expect(errors[3]!.message).toContain('entre aspas');
  });

  it('reads a pt-BR spreadsheet export: BOM, ; delimiter, CRLF, a description over several lines', () => {
    const csv = [
      '\uFEFFname;slug;category;price;stock;description',
      'Caneca Esmaltada 350 ml;caneca;casa;49,90;12;"Vai ao fogo;',
      'não lasca"',
      'Vela;vela;jardim;10;;',
      'Sabonete;sabonete;beleza;1.234,56;ilimitado;',
    ].join('\r\n');
    const { rows, errors } = parseProductCsv(csv, categories);
    expect(rows.map((r) => [r.line, r.slug, r.price, r.description])).toEqual([
      [2, 'caneca', 4_990, 'Vai ao fogo;\r\nnão lasca'],
      [5, 'sabonete', 123_456, ''],
    ]);
    expect(errors).toEqual([{ line: 4, message: expect.stringContaining('categoria desconhecida "jardim"') }]);
  });

  it('refuses the whole file when quotes do not pair up, naming the line', () => {
    const { rows, errors } = parseProductCsv('name,category,price\nCaneca,casa,10\n"Vela,casa,10\n', categories);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 3, message: expect.stringContaining('nenhuma linha importada') }]);
  });

  it('refuses a file without the required header columns', () => {
    const { rows, errors } = parseProductCsv('nome,preco\nx,1\n', categories);
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ line: 1, message: expect.stringContaining('faltam as colunas name, category, price') }]);
    expect(parseProductCsv('', categories).errors[0]!.message).toContain('arquivo vazio');
  });

  it('slugify', () => {
    expect(slugify('Sérum Facial 30 ml — Vitamina C!')).toBe('serum-facial-30-ml-vitamina-c');
  });
});

describe('generated covers', () => {
  it('is a well-formed SVG with the name escaped, the same every time (content-addressed keys stay stable)', () => {
    const svg = productCoverSvg('Óculos <Sol> & "Praia"', { slug: 'moda-acessorios', name: 'Moda e acessórios' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('&lt;Sol&gt; &amp;');
    expect(svg).not.toContain('<Sol>');
    expect(svg).toContain('MODA E ACESSÓRIOS');
    expect(fnv1a(svg)).toBe(fnv1a(productCoverSvg('Óculos <Sol> & "Praia"', { slug: 'moda-acessorios', name: 'Moda e acessórios' })));
    expect(fnv1a(svg)).not.toBe(fnv1a(productCoverSvg('Outro nome', null)));
  });

  it('wraps long names into at most 3 lines', () => {
    expect(wrapTitle('Fone de Ouvido Bluetooth com Cancelamento de Ruído Ativo Premium')).toHaveLength(3);
    expect(wrapTitle('Caneca')).toEqual(['Caneca']);
  });
});
