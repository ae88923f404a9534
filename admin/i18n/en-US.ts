// English (US) messages: react-admin's own English plus Turma's keys. The key reference for pt-BR.
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

/** Turma's keys; pt-BR.ts must define exactly these (checked by the type in messages.ts). */
export const turmaEnglish = {
  resources: {
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
        },
      },
    },
  },
};

export const enUS: TranslationMessages = { ...englishMessages, ...turmaEnglish };
