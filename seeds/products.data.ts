// The demo marketplace: categories and products a Brazilian shopper would recognise (prices in reais ranges, turned
// into centavos by the seed with a fixed faker seed).
export const DEMO_PRODUCT_CATEGORIES = [
  { slug: 'beleza', name: 'Beleza', description: 'Skincare, maquiagem e cuidados com o corpo', sort_order: 1 },
  { slug: 'cuidados-pessoais', name: 'Cuidados pessoais', description: 'Higiene, cabelo e barba', sort_order: 2 },
  { slug: 'casa', name: 'Casa', description: 'Cozinha, cama, mesa e banho', sort_order: 3 },
  { slug: 'eletronicos', name: 'Eletrônicos', description: 'Áudio, acessórios e casa conectada', sort_order: 4 },
  { slug: 'moda-acessorios', name: 'Moda e acessórios', description: 'Bolsas, óculos e básicos do dia a dia', sort_order: 5 },
  { slug: 'saude-bem-estar', name: 'Saúde e bem-estar', description: 'Estética, relaxamento e vida saudável', sort_order: 6 },
  { slug: 'esporte-lazer', name: 'Esporte e lazer', description: 'Treino em casa, futebol e camping', sort_order: 7 },
  { slug: 'papelaria', name: 'Papelaria', description: 'Cadernos, planners e canetas', sort_order: 8 },
] as const;

export type DemoProduct = {
  slug: string;
  category: (typeof DEMO_PRODUCT_CATEGORIES)[number]['slug'];
  name: string;
  description: string;
  /** Price range in whole reais; the seed picks a value ending in ,90. */
  reais: [min: number, max: number];
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  { slug: 'serum-facial-vitamina-c-30ml', category: 'beleza', name: 'Sérum Facial Vitamina C 10% 30 ml', description: 'Sérum antioxidante com vitamina C estabilizada e ácido hialurônico. Uniformiza o tom e devolve o viço da pele.', reais: [69, 119] },
  { slug: 'protetor-solar-facial-fps50', category: 'beleza', name: 'Protetor Solar Facial FPS 50 Toque Seco 50 g', description: 'Alta proteção UVA/UVB, textura leve que não deixa a pele oleosa. Pode ser usado sob a maquiagem.', reais: [45, 89] },
  { slug: 'mascara-argila-verde-120g', category: 'beleza', name: 'Máscara de Argila Verde Purificante 120 g', description: 'Controla a oleosidade e desobstrui os poros. Ingredientes de origem natural, sem parabenos.', reais: [29, 49] },
  { slug: 'kit-pinceis-maquiagem-12', category: 'beleza', name: 'Kit Pincéis de Maquiagem 12 Peças com Estojo', description: 'Cerdas sintéticas macias para base, pó, sombra e contorno, com estojo de viagem.', reais: [59, 99] },
  { slug: 'hidratante-corporal-karite-400ml', category: 'beleza', name: 'Hidratante Corporal Manteiga de Karité 400 ml', description: 'Hidratação por 48 horas para pele seca a extrasseca, com fragrância suave de baunilha.', reais: [32, 59] },
  { slug: 'escova-dental-eletrica-recarregavel', category: 'cuidados-pessoais', name: 'Escova Dental Elétrica Recarregável com 2 Refis', description: 'Três modos de escovação, timer de 2 minutos e sensor de pressão. Bateria para até 30 dias.', reais: [149, 299] },
  { slug: 'secador-cabelo-ions-2000w', category: 'cuidados-pessoais', name: 'Secador de Cabelo Íons 2000 W', description: 'Tecnologia de íons que reduz o frizz, 3 temperaturas, 2 velocidades e jato de ar frio.', reais: [129, 249] },
  { slug: 'prancha-alisadora-ceramica', category: 'cuidados-pessoais', name: 'Prancha Alisadora Cerâmica Bivolt 230 °C', description: 'Placas de cerâmica com turmalina, aquecimento rápido e desligamento automático.', reais: [99, 199] },
  { slug: 'kit-barba-oleo-balm', category: 'cuidados-pessoais', name: 'Kit Barba Óleo, Balm e Pente de Madeira', description: 'Hidrata os fios, alinha a barba e perfuma com notas amadeiradas. Presente pronto para entregar.', reais: [69, 129] },
  { slug: 'aparador-pelos-5-em-1', category: 'cuidados-pessoais', name: 'Aparador de Pelos 5 em 1 à Prova d’Água', description: 'Corta cabelo, barba, nariz e orelhas. Lâminas de aço inox e autonomia de 90 minutos.', reais: [119, 219] },
  { slug: 'jogo-cama-casal-200-fios', category: 'casa', name: 'Jogo de Cama Casal 200 Fios Percal 4 Peças', description: 'Lençol com elástico, lençol de cima e duas fronhas em algodão percal de toque macio.', reais: [159, 289] },
  { slug: 'cafeteira-italiana-6-xicaras', category: 'casa', name: 'Cafeteira Italiana Alumínio 6 Xícaras', description: 'O café coado no fogão como na casa da vó. Alça resistente ao calor, funciona em gás e elétrico.', reais: [59, 109] },
  { slug: 'panela-pressao-antiaderente-4-5l', category: 'casa', name: 'Panela de Pressão Antiaderente 4,5 L', description: 'Fechamento externo com cinco dispositivos de segurança. Ideal para feijão, carnes e legumes.', reais: [139, 239] },
  { slug: 'kit-potes-hermeticos-vidro-6', category: 'casa', name: 'Kit 6 Potes Herméticos de Vidro com Tampa', description: 'Vão ao micro-ondas, freezer e lava-louças. Tampas com trava nos quatro lados.', reais: [79, 149] },
  { slug: 'difusor-aromas-ultrassonico', category: 'casa', name: 'Difusor de Aromas Ultrassônico com LED 300 ml', description: 'Umidifica e perfuma o ambiente, luz em 7 cores e desligamento automático quando a água acaba.', reais: [69, 129] },
  { slug: 'toalha-banho-algodao-egipcio', category: 'casa', name: 'Toalha de Banho Algodão Egípcio 600 g/m²', description: 'Felpuda, absorvente e durável. Não solta fiapos depois das primeiras lavagens.', reais: [49, 99] },
  { slug: 'fone-bluetooth-cancelamento-ruido', category: 'eletronicos', name: 'Fone de Ouvido Bluetooth com Cancelamento de Ruído', description: 'Até 30 horas de bateria, microfone para chamadas e modo ambiente para ouvir o que está em volta.', reais: [249, 499] },
  { slug: 'caixa-som-portatil-prova-agua', category: 'eletronicos', name: 'Caixa de Som Portátil à Prova d’Água IPX7', description: 'Som potente com graves reforçados, 12 horas de bateria e pareamento com uma segunda caixa.', reais: [179, 349] },
  { slug: 'carregador-turbo-usb-c-25w', category: 'eletronicos', name: 'Carregador Turbo USB-C 25 W com Cabo', description: 'Carrega 50% do celular em cerca de 30 minutos. Compatível com Android e iPhone.', reais: [49, 99] },
  { slug: 'smartwatch-monitor-cardiaco', category: 'eletronicos', name: 'Smartwatch com Monitor Cardíaco e Oxímetro', description: 'Notificações do celular, 100 modos esportivos, monitor de sono e bateria para 7 dias.', reais: [199, 399] },
  { slug: 'power-bank-10000mah', category: 'eletronicos', name: 'Power Bank 10.000 mAh Carregamento Rápido', description: 'Duas saídas USB e uma USB-C, indicador de carga e tamanho que cabe no bolso.', reais: [89, 159] },
  { slug: 'lampada-inteligente-wifi-rgb', category: 'eletronicos', name: 'Lâmpada Inteligente Wi-Fi RGB 10 W', description: 'Controle pelo celular ou por voz, 16 milhões de cores e rotinas de acender e apagar.', reais: [39, 79] },
  { slug: 'mochila-executiva-impermeavel-20l', category: 'moda-acessorios', name: 'Mochila Executiva Impermeável 20 L para Notebook', description: 'Compartimento acolchoado para notebook de até 15,6", porta USB e bolso antifurto nas costas.', reais: [129, 229] },
  { slug: 'oculos-sol-polarizado-uv400', category: 'moda-acessorios', name: 'Óculos de Sol Polarizado UV400', description: 'Lentes polarizadas que reduzem o reflexo, armação leve e estojo rígido incluso.', reais: [79, 169] },
  { slug: 'camiseta-basica-algodao-organico', category: 'moda-acessorios', name: 'Camiseta Básica Algodão Orgânico', description: 'Modelagem reta, malha 100% algodão orgânico certificado. Do P ao GG.', reais: [49, 89] },
  { slug: 'bolsa-transversal-couro-sintetico', category: 'moda-acessorios', name: 'Bolsa Transversal Couro Sintético', description: 'Alça regulável, dois compartimentos e bolso interno com zíper. Cabe celular, carteira e chaves.', reais: [89, 179] },
  { slug: 'chinelo-slide-conforto', category: 'moda-acessorios', name: 'Chinelo Slide Conforto Antiderrapante', description: 'Palmilha anatômica macia e solado que não escorrega no piso molhado.', reais: [39, 79] },
  { slug: 'kit-estetica-facial-spa-em-casa', category: 'saude-bem-estar', name: 'Kit Estética Facial Spa em Casa', description: 'Rolo de quartzo, gua sha, faixa de cabelo e máscara calmante para um ritual de estética facial relaxante.', reais: [89, 169] },
  { slug: 'tapete-yoga-tpe-6mm', category: 'saude-bem-estar', name: 'Tapete de Yoga TPE 6 mm Antiderrapante', description: 'Dupla face, leve e fácil de limpar. Acompanha alça para transporte.', reais: [89, 159] },
  { slug: 'whey-protein-concentrado-900g', category: 'saude-bem-estar', name: 'Whey Protein Concentrado 900 g Baunilha', description: '24 g de proteína por dose, sem adição de açúcar. Dissolve fácil na água ou no leite.', reais: [99, 179] },
  { slug: 'garrafa-termica-inox-750ml', category: 'saude-bem-estar', name: 'Garrafa Térmica Inox 750 ml', description: 'Mantém a bebida gelada por 24 horas e quente por 12. Parede dupla e tampa à prova de vazamento.', reais: [69, 139] },
  { slug: 'massageador-eletrico-portatil', category: 'saude-bem-estar', name: 'Massageador Elétrico Portátil 6 Velocidades', description: 'Alivia a tensão muscular de costas, pernas e pescoço. Quatro ponteiras e bateria recarregável.', reais: [149, 299] },
  { slug: 'balanca-digital-bioimpedancia', category: 'saude-bem-estar', name: 'Balança Digital com Bioimpedância', description: 'Mede peso, gordura corporal, massa muscular e água. Sincroniza com o aplicativo do celular.', reais: [99, 189] },
  { slug: 'bola-futebol-campo-oficial', category: 'esporte-lazer', name: 'Bola de Futebol de Campo Oficial', description: 'Tamanho e peso oficiais, costurada à máquina, câmara de butil que segura o ar por mais tempo.', reais: [89, 179] },
  { slug: 'kit-elasticos-extensores-5-niveis', category: 'esporte-lazer', name: 'Kit Elásticos Extensores 5 Níveis', description: 'Cinco tubos de resistência, alças, tornozeleiras e fixador de porta para treinar em casa.', reais: [69, 129] },
  { slug: 'corda-pular-rolamento', category: 'esporte-lazer', name: 'Corda de Pular com Rolamento e Contador', description: 'Giro suave com rolamentos, cabo de aço revestido e contador digital de saltos.', reais: [39, 79] },
  { slug: 'barraca-camping-4-pessoas', category: 'esporte-lazer', name: 'Barraca de Camping 4 Pessoas Impermeável', description: 'Montagem em 10 minutos, sobreteto com coluna d’água de 2.000 mm e bolsa para transporte.', reais: [299, 549] },
  { slug: 'caderno-inteligente-a5', category: 'papelaria', name: 'Caderno Inteligente A5 80 Folhas Reposicionáveis', description: 'Folhas que saem e voltam no lugar que você quiser. Capa dura e elástico para fechar.', reais: [79, 139] },
  { slug: 'kit-canetas-brush-lettering-24', category: 'papelaria', name: 'Kit Canetas Brush Lettering 24 Cores', description: 'Ponta pincel flexível para lettering, bullet journal e desenho. Tinta à base d’água.', reais: [59, 119] },
  { slug: 'planner-anual-2027', category: 'papelaria', name: 'Planner Anual 2027 Capa Dura', description: 'Visão mensal e semanal, metas, controle financeiro e adesivos para organizar o ano.', reais: [49, 99] },
];
