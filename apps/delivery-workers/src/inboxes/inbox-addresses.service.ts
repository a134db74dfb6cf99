import { Injectable } from '@nestjs/common';
import {
  CreateInboxAddressRequest,
  DomainError,
  ErrorCode,
  InboxAddressEnvelopeDto,
  InboxAddressesResponseDto,
  InboxAddressRequest,
  InboxAddressResponseDto,
  inboxPrefixOf,
  NotFoundError,
  senderDomainOf,
  TenantScope,
  UpdateInboxAddressRequest,
  ValidationFailedError,
} from '@clarion/contracts';
import { SenderDomainsRepository } from '../sender-domains/sender-domains.repository';
import { InboxAddress, InboxAddressesRepository } from './inbox-addresses.repository';
import { InboxSettings } from './inbox-settings';

/**
 * Inbox addresses of an environment: one built-in address on the operator's inbound domain, and
 * custom ones on the account's verified sender domains. An address is globally unique, so that
 * mail to it routes to exactly one environment.
 */
@Injectable()
export class InboxAddressesService {
  constructor(
    private readonly repository: InboxAddressesRepository,
    private readonly senderDomains: SenderDomainsRepository,
    private readonly settings: InboxSettings,
  ) {}

  async create(request: CreateInboxAddressRequest): Promise<InboxAddressEnvelopeDto> {
    const tenant = { accountId: request.accountId, envId: request.envId };
    const prefix = inboxPrefixOf(request.prefix);
    // An optional field may arrive as null (JSON has no undefined): null is omitted.
    const builtin = request.domain == null || request.domain.trim() === '';
    const domain = builtin
      ? this.settings.inboundDomain
      : await this.verifiedDomainOf(request.accountId, request.domain ?? '');
    if (builtin) await this.assertNoBuiltin(tenant);
    const fullAddress = `${prefix}@${domain}`;
    const created = await this.repository.insert({
      ...tenant,
      fullAddress,
      prefix,
      domain,
      type: builtin ? 'builtin' : 'custom',
      ...displayNameOf(request.displayName),
    });
    if (!created) {
      if (builtin) await this.assertNoBuiltin(tenant); // another create of it won the race
      throw taken(fullAddress);
    }
    return { address: responseOf(created) };
  }

  async list(tenant: TenantScope): Promise<InboxAddressesResponseDto> {
    return { addresses: (await this.repository.list(tenant)).map(responseOf) };
  }

  /** A new prefix (same domain) and/or display name; an empty display name removes it. */
  async update(request: UpdateInboxAddressRequest): Promise<InboxAddressEnvelopeDto> {
    const tenant = { accountId: request.accountId, envId: request.envId };
    const current = await this.repository.find(tenant, request.fullAddress.trim());
    if (!current) throw notFound(request.fullAddress);
    const prefix = request.prefix == null ? current.prefix : inboxPrefixOf(request.prefix);
    const fullAddress = `${prefix}@${current.domain}`;
    const displayName =
      request.displayName === undefined
        ? (current.displayName ?? null)
        : (displayNameOf(request.displayName).displayName ?? null);
    const updated = await this.repository.update(tenant, current.fullAddress, {
      fullAddress,
      prefix,
      displayName,
    });
    if (updated === 'taken') throw taken(fullAddress);
    if (!updated) throw notFound(request.fullAddress);
    return { address: responseOf(updated) };
  }

  /** Removes a custom address; the built-in one stays (it can be renamed). */
  async delete(request: InboxAddressRequest): Promise<void> {
    const tenant = { accountId: request.accountId, envId: request.envId };
    const current = await this.repository.find(tenant, request.fullAddress.trim());
    if (!current) throw notFound(request.fullAddress);
    if (current.type === 'builtin') {
      throw new DomainError(
        ErrorCode.CONFLICT,
        `${current.fullAddress} is the environment's built-in address and cannot be deleted`,
        'Rename it instead with PATCH /addresses {"fullAddress": "' +
          current.fullAddress +
          '", "prefix": "<new prefix>"}.',
      );
    }
    if (!(await this.repository.delete(tenant, current.fullAddress))) {
      throw notFound(request.fullAddress);
    }
  }

  private async assertNoBuiltin(tenant: TenantScope): Promise<void> {
    const existing = await this.repository.findBuiltin(tenant);
    if (existing) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        `The environment already has its built-in address ${existing.fullAddress}`,
        'An environment has one built-in address: rename it with PATCH /addresses ' +
          `{"fullAddress": "${existing.fullAddress}", "prefix": "<new prefix>"}, ` +
          'or pass a verified domain for a custom address.',
      );
    }
  }

  /** The domain, lowercase, when a verified sender domain of the account is it or a parent of it. */
  private async verifiedDomainOf(accountId: string, requested: string): Promise<string> {
    const domain = domainNameOf(requested);
    const verified = (await this.senderDomains.list(accountId)).filter(
      (row) => row.status === 'SUCCESS',
    );
    if (!verified.some((row) => domain === row.domain || domain.endsWith(`.${row.domain}`))) {
      throw new ValidationFailedError(
        `domain ${domain} is not a verified sender domain of the account`,
        `Add it with POST /domains {"sender": "${domain}"}, publish its DNS records and verify it ` +
          `with POST /domains/${domain}/verification; or omit domain for a built-in address.`,
      );
    }
    return domain;
  }
}

/** A domain name as sender domains take it, refused in the words of this request's field. */
function domainNameOf(requested: string): string {
  try {
    return senderDomainOf(requested);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new ValidationFailedError(
      `domain must be a domain name such as example.com ("${requested.trim().slice(0, 120)}" is not one)`,
      'Pass the domain only (no @, scheme or path), e.g. example.com; or omit it for a built-in address.',
    );
  }
}

function displayNameOf(displayName: string | undefined): { displayName?: string } {
  const trimmed = displayName?.trim(); // also null, which JSON may send for an optional field
  return trimmed ? { displayName: trimmed } : {};
}

function notFound(fullAddress: string): NotFoundError {
  return new NotFoundError(
    `The address ${fullAddress.trim().toLowerCase().slice(0, 320)}`,
    'List the addresses of the environment with GET /addresses, or create it with POST /addresses.',
  );
}

/** Says nothing of whose it is: an address may belong to another tenant. */
function taken(fullAddress: string): DomainError {
  return new DomainError(
    ErrorCode.CONFLICT,
    `The address ${fullAddress} is already taken`,
    'Choose another prefix.',
  );
}

function responseOf(address: InboxAddress): InboxAddressResponseDto {
  return {
    fullAddress: address.fullAddress,
    prefix: address.prefix,
    domain: address.domain,
    type: address.type,
    ...(address.displayName !== undefined && { displayName: address.displayName }),
    createdAt: address.createdAt.toISOString(),
  };
}
