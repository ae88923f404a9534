// Identity: accounts, sign-up with CPF and CEP, e-mail confirmation and recovery, sessions, profiles, the member's LGPD
// rights (export, deletion) and operators' account management; also the e-mail layout every module renders with.
export * from './ports';
export * from './roles';
export * from './cpf';
export * from './cnpj';
export * from './auth-schemas';
export * from './account-schemas';
export * from './post-login-redirect';
export * from './emails';
export * from './auth.service';
export * from './account.service';
export * from './user-admin.service';
export * from './user-admin.schemas';
export * from './schemas';
export * from './identity-commands';
