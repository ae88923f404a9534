// English (US) messages: react-admin's own English plus Turma's keys. The key reference for pt-BR.
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** Turma's keys; pt-BR.ts must define exactly these (checked by the type in messages.ts). */
export const turmaEnglish = {
  resources: {
    plans: {
      name: 'Plan |||| Plans',
      fields: {
        id: 'ID',
        name: 'Name',
        slug: 'Identifier (slug)',
        description: 'Description',
        kind: 'Type',
        category_id: 'Category',
        price: 'Group price',
        full_price: 'Full price',
        entry_price: 'Entry',
        group_size: 'Group size',
        window_days: 'Window',
        image_url: 'Image (URL)',
        active: 'Active',
        created_at: 'Created at',
        q: 'Search',
      },
    },
    'audit-logs': {
      name: 'Audit log |||| Audit logs',
      fields: {
        id: 'ID',
        created_at: 'Date/time',
        action: 'Action',
        actor_email: 'Author',
        actor_user_id: 'Author ID',
        entity_type: 'Entity',
        entity_id: 'Entity ID',
        ip: 'IP',
        request_id: 'Request ID',
        metadata: 'Metadata',
        q: 'Search',
        created_at_gte: 'From',
        created_at_lte: 'Until',
      },
    },
  },
  turma: {
    app_title: 'Turma — Administration',
    brand: 'Turma',
    locale_label: 'Language',
    back_office: 'Back office',
    auth: {
      admin_only: 'Access restricted to administrators.',
      signed_in_as: 'You are signed in as %{email}; sign in with an administrator account.',
      login_title: 'Turma back office',
      login_subtitle: 'Sign in with your administrator account.',
    },
    dashboard: {
      welcome: 'Welcome, %{name}',
      intro:
        'This is the Turma back office. Screens arrive here one by one; each shows real data from the platform, never sample figures.',
      sections_title: 'What the back office will hold',
      soon: 'Coming soon',
      open: 'Open',
      sections: {
        analytics: {
          title: 'Analytics',
          description: 'Funnel from visits to completed groups, by origin and by A/B variant.',
        },
        marketplace: {
          title: 'Marketplace',
          description: 'Products, orders (status and tracking code) and categories.',
        },
        plans: {
          title: 'Plans and plan categories',
          description: 'The catalogue of plans, group sizes and entry prices.',
        },
        groups: {
          title: 'Groups',
          description: 'Groups being formed, completed and expired.',
        },
        professionals: {
          title: 'Professionals',
          description: 'Approve or reject sign-ups and feature professionals.',
        },
        influencers: {
          title: 'Influencers',
          description: 'Approvals and commission rates.',
        },
        campaigns: {
          title: 'Campaigns',
          description: 'Marketing campaigns and their origins.',
        },
        fiscal: {
          title: 'Fiscal',
          description: 'Taxable events per month for invoicing, with CSV export.',
        },
        financial_reports: {
          title: 'Financial reports',
          description: 'Entries, balances, sales, refunds, commissions and payouts per month.',
        },
        users: {
          title: 'Users',
          description: 'Accounts, roles and blocking.',
        },
        triggers: {
          title: 'Triggers',
          description: 'Scheduled jobs with last and next run, and "run now".',
        },
        audit_logs: {
          title: 'Audit logs',
          description: 'Every admin action and security event, read-only.',
        },
      },
    },
    money: {
      invalid: 'Type the amount in reais, e.g. 420,00',
    },
    plans: {
      kinds: {
        service: 'Service',
        product: 'Product',
      },
      status: {
        active: 'Active',
        inactive: 'Inactive',
        all: 'All',
        label: 'Status',
      },
      columns: {
        group_size: 'People',
      },
      sections: {
        identity: 'Plan',
        pricing: 'Prices',
        group: 'Group',
        details: 'Details',
      },
      help: {
        slug: 'Lowercase letters, digits and hyphens; part of the plan\'s address.',
        price: 'In reais, e.g. 420,00: what each member pays once the group completes.',
        full_price: 'The regular price, shown struck through.',
        group_size: 'From 2 to 50 people.',
        window_days: 'From 1 to 365 days for the group to complete.',
        image_url: 'Optional.',
        active: 'Inactive plans leave the catalogue; groups already running carry on.',
      },
      entry_label: 'Entry (10%, computed)',
      entry_help: '10% of the group price, rounded half-up; the server computes it on save.',
      people: '%{smart_count} person |||| %{smart_count} people',
      days: '%{smart_count} day |||| %{smart_count} days',
      no_category: 'No category',
      unknown_category: 'Inactive category',
      categories_failed: 'Could not load the categories.',
      inactive_notice:
        'This plan is inactive: it is not in the catalogue and takes no new groups. Switch "Active" on and save to offer it again.',
      deactivate: 'Deactivate',
      deactivate_title: 'Deactivate the plan "%{name}"?',
      deactivate_content:
        'The plan leaves the catalogue and nobody can start or join a group of it any more. Groups already running keep their price and conditions. You can reactivate it later.',
      deactivated: 'Plan deactivated',
      validation: {
        name_required: 'Enter the plan name',
        name_max: 'At most 120 characters',
        slug_required: 'Enter the identifier',
        slug_format: 'Use lowercase letters, digits and hyphens',
        description_max: 'At most 2000 characters',
        image_url_max: 'At most 500 characters',
        price_required: 'Enter the group price',
        price_positive: 'The price must be greater than zero',
        full_price_required: 'Enter the full price',
        full_price_positive: 'The full price must be greater than zero',
        full_price_below_price: 'The full price cannot be lower than the group price',
        group_size_min: 'A group needs at least 2 people',
        group_size_max: 'A group can have at most 50 people',
        window_days: 'The window is 1 to 365 days',
        integer: 'Use a whole number',
      },
    },
    audit_logs: {
      no_metadata: 'No metadata',
      no_actor: '—',
      actions: {
        auth: {
          login: 'Sign-in',
          login_failed: 'Failed sign-in',
          logout: 'Sign-out',
        },
        user: {
          created: 'Account created',
        },
        admin: {
          created: 'Administrator created',
          plan_created: 'Plan created',
          plan_updated: 'Plan updated',
        },
      },
    },
  },
};

export const enUS: TranslationMessages = { ...englishMessages, ...turmaEnglish };
