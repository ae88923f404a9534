// The demo plan catalogue: realistic categories and plans a Brazilian visitor would recognise (prices in centavos).
export const DEMO_PLAN_CATEGORIES = [
  { slug: 'tatuagem', name: 'Tatuagem', kind: 'service', description: 'Estúdios aprovados perto de você', sort_order: 1 },
  { slug: 'odontologia', name: 'Odontologia', kind: 'service', description: 'Clínicas e dentistas com CRO ativo', sort_order: 2 },
  { slug: 'estetica', name: 'Estética', kind: 'service', description: 'Tratamentos faciais e corporais', sort_order: 3 },
  { slug: 'produtos', name: 'Produtos', kind: 'product', description: 'Produtos entregues no seu endereço', sort_order: 4 },
] as const;

export const DEMO_PLANS = [
  { slug: 'tatuagem-fineline-10cm', category: 'tatuagem', kind: 'service', name: 'Tatuagem fineline até 10 cm', description: 'Sessão única de tatuagem fineline em preto, até 10 cm, com retoque incluso em 30 dias.', price: 42_000, full_price: 65_000, group_size: 5, window_days: 30 },
  { slug: 'tatuagem-fechamento-braco', category: 'tatuagem', kind: 'service', name: 'Fechamento de braço (3 sessões)', description: 'Projeto exclusivo com o artista e três sessões de até 4 horas.', price: 240_000, full_price: 360_000, group_size: 8, window_days: 45 },
  { slug: 'clareamento-dental', category: 'odontologia', kind: 'service', name: 'Clareamento dental a laser', description: 'Avaliação, profilaxia e duas sessões de clareamento em consultório.', price: 69_000, full_price: 110_000, group_size: 6, window_days: 30 },
  { slug: 'limpeza-dental', category: 'odontologia', kind: 'service', name: 'Limpeza e avaliação odontológica', description: 'Consulta de avaliação, limpeza (profilaxia) e aplicação de flúor.', price: 14_900, full_price: 25_000, group_size: 4, window_days: 21 },
  { slug: 'limpeza-de-pele', category: 'estetica', kind: 'service', name: 'Limpeza de pele profunda', description: 'Higienização, extração, máscara calmante e protetor solar.', price: 12_900, full_price: 19_900, group_size: 4, window_days: 21 },
  { slug: 'depilacao-laser-pacote', category: 'estetica', kind: 'service', name: 'Depilação a laser — 6 sessões', description: 'Pacote de seis sessões em uma área média (axilas, virilha ou buço).', price: 89_000, full_price: 150_000, group_size: 10, window_days: 30 },
  { slug: 'kit-skincare', category: 'produtos', kind: 'product', name: 'Kit skincare completo', description: 'Sabonete facial, sérum de vitamina C, hidratante e protetor solar FPS 50.', price: 24_990, full_price: 34_990, group_size: 5, window_days: 20 },
  { slug: 'escova-eletrica', category: 'produtos', kind: 'product', name: 'Escova dental elétrica', description: 'Escova recarregável com 3 modos, sensor de pressão e 2 refis.', price: 29_900, full_price: 44_900, group_size: 6, window_days: 20 },
] as const;
