// The demo professionals beside the tattoo studio (seeds/index.ts): one approved professional of every service category
// in São Paulo and in Rio de Janeiro, at the demo addresses, so every seeded service plan's voucher can be redeemed by
// someone near the demo people. Tax ids are valid CNPJs; the dentists carry a CRO.
import type { DemoAddress } from './addresses.data';
import { DEMO_ADDRESSES } from './addresses.data';

export interface DemoProfessional {
  email: string;
  category: 'tatuagem' | 'odontologia' | 'estetica';
  business_name: string;
  full_name: string;
  tax_id: string;
  register: { council: 'CRO'; number: string; uf: 'SP' | 'RJ' } | null;
  address: DemoAddress;
  address_number: string;
  bio: string;
  /** The portfolio picture's hue (a generated image, like the studio's). */
  hue: number;
}

const at = (cep: string) => DEMO_ADDRESSES.find((a) => a.cep === cep)!;

export const DEMO_PROFESSIONALS: readonly DemoProfessional[] = [
  {
    email: 'odontologia@turma.local',
    category: 'odontologia',
    business_name: 'Clínica Sorriso Paulista',
    full_name: 'Rafael Demo Nogueira',
    tax_id: '09227537000163',
    register: { council: 'CRO', number: '104233', uf: 'SP' },
    address: at('01310100'),
    address_number: '1000',
    bio: 'Clínica odontológica na Avenida Paulista: avaliação, limpeza, clareamento e ortodontia com hora marcada.',
    hue: 200,
  },
  {
    email: 'estetica@turma.local',
    category: 'estetica',
    business_name: 'Espaço Pele Viva',
    full_name: 'Juliana Demo Prado',
    tax_id: '75668237000144',
    register: null,
    address: at('05407002'),
    address_number: '310',
    bio: 'Estética facial e corporal em Pinheiros: limpeza de pele, depilação a laser e drenagem, com protocolo personalizado.',
    hue: 330,
  },
  {
    email: 'tatuagem.rio@turma.local',
    category: 'tatuagem',
    business_name: 'Ateliê Tinta Carioca',
    full_name: 'Bruno Demo Teixeira',
    tax_id: '60649815000128',
    register: null,
    address: at('22250040'),
    address_number: '228',
    bio: 'Estúdio de tatuagem em Botafogo: fineline, blackwork e fechamentos, com projeto feito junto com o cliente.',
    hue: 24,
  },
  {
    email: 'odontologia.rio@turma.local',
    category: 'odontologia',
    business_name: 'Odonto Copacabana',
    full_name: 'Marina Demo Castro',
    tax_id: '96659933000164',
    register: { council: 'CRO', number: '58217', uf: 'RJ' },
    address: at('22021001'),
    address_number: '1702',
    bio: 'Consultório odontológico em Copacabana: prevenção, limpeza, clareamento e restaurações para toda a família.',
    hue: 190,
  },
  {
    email: 'estetica.rio@turma.local',
    category: 'estetica',
    business_name: 'Estética Rio Branco',
    full_name: 'Carla Demo Menezes',
    tax_id: '83124295000135',
    register: null,
    address: at('20040020'),
    address_number: '156',
    bio: 'Estética no Centro do Rio: limpeza de pele profunda, depilação a laser e tratamentos corporais.',
    hue: 300,
  },
];
