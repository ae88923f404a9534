// Objection models: the adapters' view of the tables; the core never sees them.
import { Model } from 'objection';

abstract class BaseModel extends Model {
  static override get modelPaths() {
    return [];
  }
}

export class UserModel extends BaseModel {
  static override tableName = 'users';
  declare id: string;
  declare email: string;
  declare password_hash: string;
  declare role: string;
  declare email_confirmed_at: Date | null;
  declare blocked_at: Date | null;
  declare blocked_reason: string | null;
  declare last_login_at: Date | null;
  declare password_changed_at: Date | null;
  declare deleted_at: Date | null;
  declare created_at: Date;
  declare updated_at: Date;
}

export class ProfileModel extends BaseModel {
  static override tableName = 'profiles';
  static override idColumn = 'user_id';
  static override jsonAttributes = ['metadata'];
  declare user_id: string;
  declare email: string;
  declare full_name: string;
  declare cpf: string | null;
  declare phone: string | null;
  declare birth_date: string | null;
  declare cep: string | null;
  declare address_street: string | null;
  declare address_number: string | null;
  declare address_complement: string | null;
  declare address_district: string | null;
  declare address_city: string | null;
  declare address_state: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare origem: string | null;
  declare metadata: Record<string, unknown>;
}

export class SessionModel extends BaseModel {
  static override tableName = 'sessions';
  declare id: string;
  declare user_id: string;
  declare token_hash: string;
  declare expires_at: Date;
  declare last_seen_at: Date;
  declare ip: string | null;
  declare user_agent: string | null;
  declare second_factor_at: Date | null;
}

export class AuditLogModel extends BaseModel {
  static override tableName = 'audit_logs';
  static override jsonAttributes = ['metadata'];
  declare id: string;
  declare created_at: Date;
  declare actor_user_id: string | null;
  declare actor_email: string | null;
  declare action: string;
  declare entity_type: string | null;
  declare entity_id: string | null;
  declare ip: string | null;
  declare user_agent: string | null;
  declare request_id: string | null;
  declare metadata: Record<string, unknown>;
}

export class PlanCategoryModel extends BaseModel {
  static override tableName = 'plan_categories';
  declare id: string;
  declare name: string;
  declare slug: string;
  declare kind: 'service' | 'product';
  declare description: string | null;
  declare sort_order: number;
  declare active: boolean;
}

export class PlanModel extends BaseModel {
  static override tableName = 'plans';
  declare id: string;
  declare category_id: string | null;
  declare name: string;
  declare slug: string;
  declare description: string;
  declare kind: 'service' | 'product';
  declare price: number;
  declare full_price: number;
  declare entry_price: number;
  declare group_size: number;
  declare window_days: number;
  declare image_url: string | null;
  declare active: boolean;
  declare created_at: Date;
}
