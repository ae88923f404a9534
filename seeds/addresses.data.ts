// Real Brazilian addresses for the demo people and the demo professional: public places and avenues whose
// CEP, street, district and city go together, with their approximate coordinates (WGS 84), so the demo data reads like
// Brazil (not faker's English county names) and the nearby search finds the demo professional from them.
export interface DemoAddress {
  cep: string;
  street: string;
  district: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export const DEMO_ADDRESSES: readonly DemoAddress[] = [
  { cep: '01001000', street: 'Praça da Sé', district: 'Sé', city: 'São Paulo', state: 'SP', latitude: -23.5503, longitude: -46.634 },
  { cep: '01310100', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5614, longitude: -46.6559 },
  { cep: '01311200', street: 'Avenida Paulista', district: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.5614, longitude: -46.6565 },
  { cep: '04538133', street: 'Avenida Brigadeiro Faria Lima', district: 'Itaim Bibi', city: 'São Paulo', state: 'SP', latitude: -23.5868, longitude: -46.6815 },
  { cep: '04094050', street: 'Avenida Pedro Álvares Cabral', district: 'Vila Mariana', city: 'São Paulo', state: 'SP', latitude: -23.5874, longitude: -46.6576 },
  { cep: '05407002', street: 'Rua Cardeal Arcoverde', district: 'Pinheiros', city: 'São Paulo', state: 'SP', latitude: -23.5616, longitude: -46.6822 },
  { cep: '22250040', street: 'Praia de Botafogo', district: 'Botafogo', city: 'Rio de Janeiro', state: 'RJ', latitude: -22.9465, longitude: -43.1822 },
  { cep: '22021001', street: 'Avenida Atlântica', district: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ', latitude: -22.9698, longitude: -43.1859 },
  { cep: '20040020', street: 'Avenida Rio Branco', district: 'Centro', city: 'Rio de Janeiro', state: 'RJ', latitude: -22.9035, longitude: -43.1771 },
];
