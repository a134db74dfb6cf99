import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DeliveryRecipient,
  hasSlackTokenHints,
  PushTokenDto,
  UserAttributesDto,
  WebPushTokenDto,
} from '@clarion/contracts';
import { DataSource, Repository } from 'typeorm';
import { EmailSuppression, UserEntity } from './user.entity';

/** A user's fields as written by a send or by UserIdentify; absent fields stay as they are. */
export interface UserUpsert {
  accountId: string;
  envId: string;
  id: string;
  fields: UserAttributesDto;
  touchLastSeen: boolean;
}

const COLUMNS = [
  'account_id',
  'env_id',
  'id',
  'email',
  'number',
  'push_tokens',
  'web_push_tokens',
  'timezone',
  'slack_channel',
  'slack_token',
  'last_seen_time',
] as const;

@Injectable()
export class UsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  findOne(accountId: string, envId: string, id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ accountId, envId, id });
  }

  /** One page of an environment's users in id order, after the id `after`. */
  listPage(
    accountId: string,
    envId: string,
    after: string | undefined,
    limit: number,
  ): Promise<UserEntity[]> {
    const query = this.users
      .createQueryBuilder('u')
      .where('u.account_id = :accountId AND u.env_id = :envId', { accountId, envId })
      .orderBy('u.id', 'ASC')
      .limit(limit);
    if (after !== undefined) query.andWhere('u.id > :after', { after });
    return query.getMany();
  }

  /** Removes a user with their inbox, retractions and preferences, in one transaction. */
  async deleteWithTheirData(accountId: string, envId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const table of ['inbox_notifications', 'inbox_retractions', 'preferences']) {
        await manager.query(
          `DELETE FROM notifications.${table} WHERE account_id = $1 AND env_id = $2 AND user_id = $3`,
          [accountId, envId, id],
        );
      }
      await manager.delete(UserEntity, { accountId, envId, id });
    });
  }

  /** Records that the user was active; written at most once a minute per user. */
  async touchLastSeen(accountId: string, envId: string, id: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notifications.users AS u (account_id, env_id, id, last_seen_time) VALUES ($1, $2, $3, now())
       ON CONFLICT (env_id, id) DO UPDATE SET last_seen_time = now()
        WHERE u.account_id = EXCLUDED.account_id
          AND (u.last_seen_time IS NULL OR u.last_seen_time < now() - interval '1 minute')`,
      [accountId, envId, id],
    );
  }

  /** Creates or updates many users in one statement. */
  async upsertMany(upserts: UserUpsert[]): Promise<StoredRecipient[]> {
    const rows = mergeByUser(upserts);
    if (rows.length === 0) return [];
    const params: unknown[] = [];
    const tuples = rows.map((row) => {
      const values = [
        row.accountId,
        row.envId,
        row.id,
        row.fields.email,
        row.fields.number,
        json(row.fields.pushTokens),
        json(row.fields.webPushTokens),
        row.fields.timezone,
        row.fields.slackChannel,
        json(storableSlackToken(row.fields.slackToken)),
        row.touchLastSeen ? new Date() : undefined,
      ];
      const placeholders = values.map((value) => `$${params.push(value ?? null)}`);
      return `(${placeholders.join(', ')})`;
    });
    const keep = (column: string) => `${column} = COALESCE(EXCLUDED.${column}, u.${column})`;
    const stored: RecipientRow[] = await this.dataSource.query(
      `INSERT INTO notifications.users AS u (${COLUMNS.join(', ')})
       VALUES ${tuples.join(', ')}
       ON CONFLICT (env_id, id) DO UPDATE SET
         ${COLUMNS.slice(3).map(keep).join(', ')},
         updated_at = now()
       RETURNING env_id, id, email, number, push_tokens, web_push_tokens, timezone,
                 slack_channel, slack_token, email_suppression,
                 (SELECT o.keyword FROM notifications.sms_opt_outs o
                   WHERE o.env_id = u.env_id
                     AND o.number = regexp_replace(u.number, '[[:space:].()-]', '', 'g')) AS sms_opt_out`,
      params,
    );
    return stored.map(toStoredRecipient);
  }
}

/** A user as a send reaches them: addresses and suppression, after the send's upsert. */
export interface StoredRecipient extends DeliveryRecipient {
  envId: string;
  emailSuppression?: EmailSuppression;
  /** The keyword the number texted to opt out of SMS and calls (STOP), if it did. */
  smsOptOut?: string;
}

interface RecipientRow {
  env_id: string;
  id: string;
  email: string | null;
  number: string | null;
  push_tokens: PushTokenDto[] | null;
  web_push_tokens: WebPushTokenDto[] | null;
  timezone: string | null;
  slack_channel: string | null;
  slack_token: Record<string, unknown> | null;
  email_suppression: EmailSuppression | null;
  sms_opt_out: string | null;
}

function toStoredRecipient(row: RecipientRow): StoredRecipient {
  return {
    envId: row.env_id,
    id: row.id,
    ...(row.email !== null && { email: row.email }),
    ...(row.number !== null && { number: row.number }),
    ...(row.push_tokens !== null && { pushTokens: row.push_tokens }),
    ...(row.web_push_tokens !== null && { webPushTokens: row.web_push_tokens }),
    ...(row.timezone !== null && { timezone: row.timezone }),
    ...(row.slack_channel !== null && { slackChannel: row.slack_channel }),
    ...(row.slack_token !== null && { slackToken: row.slack_token }),
    ...(row.email_suppression !== null && { emailSuppression: row.email_suppression }),
    ...(row.sms_opt_out !== null && { smsOptOut: row.sms_opt_out }),
  };
}

/** One row per user (a statement may not touch a row twice); later fields win. */
function mergeByUser(upserts: UserUpsert[]): UserUpsert[] {
  const byUser = new Map<string, UserUpsert>();
  for (const upsert of upserts) {
    const key = `${upsert.envId}\u0000${upsert.id}`;
    const earlier = byUser.get(key);
    byUser.set(
      key,
      earlier
        ? {
            ...upsert,
            fields: { ...earlier.fields, ...definedOnly(upsert.fields) },
            touchLastSeen: earlier.touchLastSeen || upsert.touchLastSeen,
          }
        : upsert,
    );
  }
  return [...byUser.values()];
}

function definedOnly<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}

function json(value: unknown): string | undefined {
  return value === undefined ? undefined : JSON.stringify(value);
}

/**
 * A Slack token object whose tokens are hints is what a client read and sent back (a GET, then a
 * POST of the whole user): it keeps the stored tokens rather than replacing them with hints.
 */
function storableSlackToken(
  slackToken: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  return slackToken && hasSlackTokenHints(slackToken) ? undefined : slackToken;
}
