import type { LandingMessages } from './pt-BR';

const landing: LandingMessages = {
  hero: {
    eyebrow: 'Group buying, the way friends do it',
    title: 'Pay only the entry. Your group takes you there.',
    pitch:
      'Pick a service or product, pay just a 10% entry and bring your friends. When the group is complete, everyone unlocks the group price. If it does not fill up in time, your entry comes back to you.',
    cta: 'GET STARTED',
    seePlans: 'See plans',
    perks: {
      entry: 'Only a 10% entry',
      refund: 'Automatic refund',
      pros: 'Approved professionals',
    },
    example: {
      title: 'What it looks like',
      badge: 'Illustrative example',
      fullPrice: 'Full price',
      groupPrice: 'Group price',
      entry: 'You pay now',
      entryNote: '10% entry',
      group_one: 'Group of {{count}} person',
      group_other: 'Group of {{count}} people',
      you: 'You',
      friend: 'Invited friend',
      open: 'Open spot',
      note: 'Figures for illustration only. Each plan shows its own price, entry and group size.',
    },
  },
  how: {
    title: 'How it works',
    subtitle: 'Four steps between you and the group price.',
    steps: {
      choose: {
        title: 'Choose a plan',
        body: 'Tattoo, dentistry, aesthetics or products: each plan shows the full price, the group price and how many people the group needs.',
      },
      pay: {
        title: 'Pay the entry',
        body: 'The entry is 10% of the group price, by PIX, boleto or card. It holds your spot and stays reserved until the group closes.',
      },
      group: {
        title: 'Form your group',
        body: 'Invite friends with your link on WhatsApp or join an open group for the same plan. You follow every spot as it fills.',
      },
      reward: {
        title: 'The group completes and you are rewarded',
        body: 'Once every spot is paid, the group price is unlocked for each member, with the entry already deducted. Not filled in time? Your entry comes back.',
      },
    },
  },
  services: {
    eyebrow: 'Services',
    title: 'Approved professionals near you',
    subtitle: 'Tattoo, dentistry and aesthetics with professionals vetted by our team.',
    points: {
      approved: 'Every professional is approved one by one, with a professional licence where the trade requires one.',
      nearby: 'Find who works close to your address.',
      reviews: 'Reviews from customers who actually redeemed a voucher.',
    },
    listTitle: 'Services with open groups',
    empty: 'No services available right now.',
    from: 'Group price',
    cta: 'See all services',
  },
  marketplace: {
    eyebrow: 'Marketplace',
    title: 'Products delivered to your door',
    body: 'Besides groups, Turma has a product marketplace: fill your cart, pay by PIX, boleto or card and follow your order from payment to delivery.',
    points: {
      cart: 'One cart for products and plans',
      stock: 'Stock checked when you order',
      tracking: 'A tracking code for every shipment',
    },
    cta: 'Browse products',
    showcase: {
      loading: 'Loading products...',
      listLabel: 'Newest products',
      empty: 'No products for sale right now.',
      error: 'Could not load the products right now.',
      retry: 'Try again',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    subtitle: 'Entries, groups, refunds, payments and safety, no fine print.',
  },
  final: {
    title: 'Bring your group and start today',
    body: 'Creating an account is free. You only pay the entry when you choose a plan.',
    cta: 'Create my account',
  },
};

export default landing;
