// English (en-US) for the newer validation messages core's schemas write in pt-BR (influencer application,
// PIX key, referral code, commission rate, experiments). One table for both sides: the web app's localizeMessage and
// the API's en-US answers (adapters/http/validation.ts) read it, so a message and its translation cannot drift apart.
export const VALIDATION_MESSAGES_EN: Readonly<Record<string, string>> = {
  // The influencer application (core/influencers/influencer-rules.ts).
  'Informe ao menos uma rede social (Instagram, TikTok ou YouTube).': 'Give at least one social network (Instagram, TikTok or YouTube).',
  'Informe o tamanho do público': 'Enter your audience size',
  'Informe um número inteiro de seguidores': 'Enter a whole number of followers',
  'O público não pode ser negativo': 'The audience cannot be negative',
  'Público grande demais': 'Audience too large',
  'Informe o nicho': 'Enter your niche',
  'No máximo 80 caracteres': 'At most 80 characters',
  'No máximo 500 caracteres': 'At most 500 characters',
  'Instagram: no máximo 100 caracteres': 'Instagram: at most 100 characters',
  'TikTok: no máximo 100 caracteres': 'TikTok: at most 100 characters',
  'YouTube: no máximo 100 caracteres': 'YouTube: at most 100 characters',
  'Informe o motivo': 'Enter the reason',
  'O motivo: pelo menos 5 caracteres': 'The reason: at least 5 characters',
  // The referral code and the commission rate.
  'Informe o código': 'Enter the code',
  'O código deve ter de 4 a 20 letras (sem acento) ou números.': 'The code must have 4 to 20 letters (no accents) or digits.',
  'Informe a comissão': 'Enter the commission',
  'A comissão é um número inteiro de pontos-base (1000 = 10%)': 'The commission is a whole number of basis points (1000 = 10%)',
  'A comissão vai de 0% a 100%': 'The commission goes from 0% to 100%',
  // The PIX key (core/payments/pix-key.ts).
  'Escolha o tipo da chave PIX': 'Choose the PIX key type',
  'Informe a chave PIX': 'Enter the PIX key',
  'Chave PIX longa demais': 'PIX key too long',
  'Chave PIX inválida: informe um CPF válido': 'Invalid PIX key: enter a valid CPF',
  'Chave PIX inválida: informe um CNPJ válido': 'Invalid PIX key: enter a valid CNPJ',
  'Chave PIX inválida: informe um e-mail válido': 'Invalid PIX key: enter a valid e-mail',
  'Chave PIX inválida: informe um celular com DDD, ex.: (11) 91234-5678': 'Invalid PIX key: enter a mobile number with area code, e.g. (11) 91234-5678',
  'Chave PIX inválida: a chave aleatória tem 32 caracteres no formato 123e4567-e89b-12d3-a456-426614174000':
    'Invalid PIX key: a random key has 32 characters in the format 123e4567-e89b-12d3-a456-426614174000',
  // The theme experiment (core/experiments/schemas.ts).
  'Experimento desconhecido.': 'Unknown experiment.',
  'Variante desconhecida para este experimento.': 'Unknown variant for this experiment.',
  'Identificador anônimo inválido.': 'Invalid anonymous identifier.',
  'O navegador só envia eventos de interação.': 'The browser only sends interaction events.',
  'Nome de evento inválido.': 'Invalid event name.',
  'Envie ao menos um evento.': 'Send at least one event.',
  'No máximo 50 eventos por envio.': 'At most 50 events per batch.',
  'Metadados acima de 1024 bytes.': 'Metadata over 1024 bytes.',
  'Período inválido: use 7, 30 ou 90 dias.': 'Invalid period: use 7, 30 or 90 days.',
  // The campaign (core/campaigns/schemas.ts).
  'Informe o nome da campanha': 'Enter the campaign name',
  'Escolha bônus fixo ou percentual da taxa': 'Choose a fixed bonus or a percentage of the fee',
  'Informe o valor do bônus': 'Enter the bonus amount',
  'O valor do bônus deve ser inteiro': 'The bonus amount must be a whole number',
  'O bônus deve ser maior que zero': 'The bonus must be greater than zero',
  'O término deve ser depois do início': 'The end must be after the start',
  'O percentual não pode passar de 100% da taxa': 'The percentage cannot exceed 100% of the fee',
  'O limite por pessoa não pode passar do orçamento': 'The cap per person cannot exceed the budget',
  // The map pin (core/professionals/pin-rules.ts).
  'Informe a latitude': 'Enter the latitude',
  'Informe a longitude': 'Enter the longitude',
  'Latitude deve estar entre -90 e 90': 'Latitude must be between -90 and 90',
  'Longitude deve estar entre -180 e 180': 'Longitude must be between -180 and 180',
  'Posição fora do Brasil': 'Position outside Brazil',
};

/** The en-US text of a pt-BR validation message from the table, or the message itself. */
export const englishValidationMessage = (message: string): string => (Object.hasOwn(VALIDATION_MESSAGES_EN, message) ? VALIDATION_MESSAGES_EN[message]! : message);
