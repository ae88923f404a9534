import type { InfoMessages } from './pt-BR';

const info: InfoMessages = {
  toc: 'On this page',
  about: {
    docTitle: 'About us',
    eyebrow: 'About Turma',
    title: 'Making friends and influencing people — and paying less for it',
    lead: 'Turma started from a simple idea: when a group of people wants the same thing, everyone should get the group price. We bring the group together, hold the entries safely and unlock the discount when it is complete.',
    sections: [
      {
        title: 'What we do',
        body: 'We gather people interested in the same service or product — a tattoo, a dental treatment, an aesthetic procedure, a marketplace product — and agree a group price with professionals and sellers. Each person pays only a 10% entry to hold a spot and invites friends to complete the group.',
      },
      {
        title: 'Everyone’s money goes to their own purchase',
        body: 'Nobody is paid with another member’s money. Your entry is reserved for your own purchase until the group completes and comes back automatically if it does not close in time. Referral bonuses come from the platform’s fee, never from entries.',
      },
      {
        title: 'Professionals you can trust',
        body: 'Every professional is reviewed by our team before working through Turma, including their council registration where the trade requires it. Reviews come from customers who actually redeemed a voucher.',
      },
      {
        title: 'For those who want to grow with us',
        body: 'Professionals fill their schedule with customers who arrive ready to buy. Influencers get their own link and a commission on the confirmed entries of people who arrive through it.',
      },
    ],
    ctaPro: 'Become a partner professional',
    ctaInfluencer: 'Become an influencer',
  },
  contact: {
    docTitle: 'Contact',
    eyebrow: 'Contact',
    title: 'Talk to us',
    lead: 'Questions about a group, a payment or your account? Pick a channel and tell us what happened — if you can, include your account e-mail and the plan name.',
    support: {
      title: 'Support',
      body: 'Groups, payments, refunds, vouchers and marketplace orders.',
    },
    privacy: {
      title: 'Privacy and personal data',
      body: 'Requests about your personal data (LGPD): access, correction, deletion, portability and withdrawal of consent.',
    },
    whatsapp: {
      title: 'WhatsApp',
      body: 'Message us for quick questions.',
      link: 'Chat on WhatsApp',
    },
    faqHint: 'Many answers are already in the FAQ.',
    faqLink: 'See the FAQ',
  },
  terms: {
    docTitle: 'Terms of use',
    title: 'Terms of use',
    lead: 'These terms set out the rules for using Turma. Please read them carefully: by creating an account or using the platform, you agree to them.',
    sections: [
      {
        id: 'aceitacao',
        title: '1. Acceptance of the terms',
        paragraphs: [
          'By accessing Turma, creating an account or buying any plan, you confirm that you have read, understood and accepted these Terms of use and our Privacy policy. If you do not agree with any condition, do not use the platform.',
          'You must be 18 or older and legally able to enter into contracts to create an account.',
        ],
      },
      {
        id: 'servico',
        title: '2. About the service',
        paragraphs: [
          'Turma is a group-buying platform. You choose a plan (a service or a product), pay an entry equal to 10% of the group price and form a group by inviting friends or joining an open one. When every spot in the group is paid, the group price is unlocked for each member, and the remaining balance can be paid on the platform.',
          'If the group does not complete within the plan’s deadline, paid entries are returned as described in the payments and refunds section. Turma also offers a product marketplace and a search for approved professionals near you.',
        ],
      },
      {
        id: 'responsabilidades',
        title: '3. User responsibilities',
        paragraphs: ['When using Turma, you agree to:'],
        items: [
          'provide true, complete and current information when signing up, and keep it that way;',
          'honour the payments agreed, including the plan balance when your group completes;',
          'treat other users, professionals and our team with respect;',
          'not use the platform for unlawful or fraudulent purposes or in breach of anyone’s rights;',
          'keep your password secret and tell support if you suspect misuse of your account.',
        ],
      },
      {
        id: 'pagamentos',
        title: '4. Payments and refunds',
        paragraphs: [
          'All payments — entries, balances and marketplace purchases — are processed on the platform, by PIX, boleto or credit card, through a payment partner. Do not pay outside Turma: such payments are not protected by these terms.',
          'When a group does not complete in time, each paid entry is refunded automatically through the same payment method or, if you choose, kept as credit in your Turma wallet. Other refund and cancellation cases follow our refund policy, available at any time through support, without prejudice to your rights under the Brazilian Consumer Protection Code.',
        ],
      },
      {
        id: 'responsabilidade',
        title: '5. Limitation of liability',
        paragraphs: [
          'Turma is an intermediary platform: we connect customers, professionals and sellers, bring groups together and process payments. Services are provided by partner professionals, who are responsible for the quality, safety and outcome of their own work.',
          'We approve professionals and follow their reviews, but we are not liable for damages arising from their work, nor for outages caused by third parties or force majeure, except where the law says otherwise.',
        ],
      },
      {
        id: 'alteracoes',
        title: '6. Changes to these terms',
        paragraphs: [
          'We may update these terms to reflect changes in the service or the law. When we do, users will be notified by e-mail or by a notice on the platform before the changes take effect. Continuing to use Turma afterwards means accepting the new version.',
        ],
      },
      {
        id: 'contato',
        title: '7. Contact',
        paragraphs: ['Questions about these terms can be sent to support at {{support}} or through the contact page.'],
      },
    ],
  },
  privacy: {
    docTitle: 'Privacy policy',
    title: 'Privacy policy',
    lead: 'This policy explains which personal data Turma collects, why, with whom it is shared and how you exercise your rights, under Brazil’s General Data Protection Law (LGPD, Law 13,709/2018).',
    sections: [
      {
        id: 'coleta',
        title: '1. Data we collect',
        paragraphs: ['We collect the data you provide and the data generated by using the platform:'],
        items: [
          'sign-up data: name, e-mail, CPF (tax id), phone and birth date;',
          'address, from your CEP, to find professionals near you and deliver products;',
          'payment data: payment method, amounts and charge status (full card details stay with the payment partner, not with Turma);',
          'usage data: groups, invites, orders and notifications.',
        ],
      },
      {
        id: 'uso',
        title: '2. How we use your data',
        paragraphs: ['We use your data to:'],
        items: [
          'process payments, refunds and the issuing of tax documents;',
          'connect you with approved professionals near your address;',
          'send notifications about your groups, payments and orders;',
          'improve the service, fix problems and prevent fraud;',
          'meet legal and regulatory duties.',
        ],
      },
      {
        id: 'compartilhamento',
        title: '3. Sharing',
        paragraphs: [
          'Turma does not sell personal data. We share data only when needed to process payments (with our payment partner), with your consent (for example, when you redeem a voucher with a professional) or when the law or a competent authority requires it.',
        ],
      },
      {
        id: 'seguranca',
        title: '4. Security',
        paragraphs: [
          'We protect your data with encrypted connections, passwords stored irreversibly, role-based access control and a log of administrative actions. No system is infallible: if an incident may put you at risk, we will notify you and the National Data Protection Authority (ANPD).',
        ],
      },
      {
        id: 'direitos',
        title: '5. Your rights',
        paragraphs: ['Under the LGPD (Law 13,709/2018), you may at any time:'],
        items: [
          'access your data and confirm how it is processed;',
          'correct incomplete, inaccurate or outdated data;',
          'ask for your data to be deleted, except what the law requires us to keep;',
          'request the portability of your data;',
          'withdraw any consent you have given.',
        ],
        after: 'You can download your data and delete your account in your profile, or make the request by e-mail at {{privacy}}.',
      },
      {
        id: 'cookies',
        title: '6. Cookies',
        paragraphs: [
          'We use a session cookie, needed to keep you signed in securely, and the browser’s local storage to remember preferences such as theme, language and cart. We do not use third-party advertising cookies.',
        ],
      },
      {
        id: 'retencao',
        title: '7. Retention',
        paragraphs: [
          'We keep your data while your account is active. When you delete your account, personal data is anonymised; financial and tax records are kept for the period the law requires.',
        ],
      },
      {
        id: 'alteracoes',
        title: '8. Changes to this policy',
        paragraphs: [
          'We may update this policy. Relevant changes will be announced by e-mail or by a notice on the platform before they take effect.',
        ],
      },
      {
        id: 'contato',
        title: '9. Contact',
        paragraphs: [
          'For anything about privacy, contact support at {{support}} or our privacy team directly at {{privacy}}.',
        ],
      },
    ],
  },
};

export default info;
