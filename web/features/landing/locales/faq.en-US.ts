import type { FaqMessages } from './faq.pt-BR';

const faq: FaqMessages = {
  items: [
    {
      id: 'entrada',
      q: 'What is the entry and how much does it cost?',
      a: 'The entry is 10% of the plan’s group price, calculated by the platform and shown before you pay. It holds your spot in the group and counts towards the final amount: when the group is complete, you only pay the difference.',
    },
    {
      id: 'turma',
      q: 'How do I form my group?',
      a: 'After paying the entry you get an invite link to send to friends on WhatsApp, by e-mail or wherever you like. If you would rather not wait, you can join an open group for the same plan that still has free spots.',
    },
    {
      id: 'completa',
      q: 'What happens when the group is complete?',
      a: 'Once every entry in the group is paid, the group price is unlocked for each member and you receive a voucher for the plan. The rest (group price minus the entry) is paid in your dashboard, by PIX, boleto or card in up to 12 instalments.',
    },
    {
      id: 'reembolso',
      q: 'What if the group does not fill up in time?',
      a: 'Each plan has a deadline for the group to close. If it runs out first, every paid entry is refunded automatically through the same payment method, or kept as credit in your Turma wallet if you prefer. We remind you a few days before the deadline and again when it ends.',
    },
    {
      id: 'pagamento',
      q: 'Which payment methods are accepted?',
      a: 'PIX, boleto and credit card. With PIX your spot is held for 30 minutes while the payment is confirmed; the balance after the group completes can be split on a card in up to 12 instalments.',
    },
    {
      id: 'profissionais',
      q: 'Who are the professionals providing the services?',
      a: 'Only professionals approved by our team, checked one by one, including their council registration where the trade requires it (for example, CRO for dentists). You find those who work near your address and see reviews from people who used a voucher.',
    },
    {
      id: 'voucher',
      q: 'How do I use my voucher?',
      a: 'Once the balance is paid, a service plan’s voucher appears in your dashboard and can be used with an approved professional in the plan’s category: just give the code at the appointment. For product plans, the voucher becomes an order shipped to your address.',
    },
    {
      id: 'convites',
      q: 'Do I earn anything for inviting friends?',
      a: 'During referral campaigns, yes: when friends you invited complete a group, you get a bonus as credit to spend in the marketplace. The bonus comes from the platform’s fee, never from another member’s entry.',
    },
    {
      id: 'piramide',
      q: 'Is this a pyramid scheme?',
      a: 'No. Nobody is paid with someone else’s money: your entry is reserved for your own purchase until the group completes, and comes back to you if it does not. The group only brings buyers together to reach the group price.',
    },
    {
      id: 'dados',
      q: 'Is my data safe?',
      a: 'We handle your data under Brazil’s General Data Protection Law (LGPD, Law 13,709/2018). We do not sell personal data, we use encrypted connections and we keep only what is needed. In your profile you can download a copy of your data or delete your account.',
    },
  ],
};

export default faq;
