// Texts of the campaign offer banner (landing, invite screens).
const campaignOffer = {
  eyebrow: 'Campanha: {{name}}',
  fixed: 'Convide amigos e ganhe {{amount}} em crédito por amigo que completar uma turma',
  fee_percent: 'Convide amigos e ganhe {{percent}}% da taxa da Turma em crédito por amigo que completar uma turma',
  details: 'Até {{cap}} por pessoa · válido até {{until}} · crédito para usar no marketplace',
  compact: 'Ganhe {{reward}} por amigo que completar a turma (até {{cap}})',
  percentReward: '{{percent}}% da taxa',
};

export default campaignOffer;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CampaignOfferMessages = Widen<typeof campaignOffer>;
