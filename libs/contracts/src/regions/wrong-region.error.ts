import { DomainError } from '../errors/domain-error';
import { ErrorCode } from '../errors/error-code.enum';

/**
 * Credentials of an account that lives in another region: its data is in that region's
 * database only, so this deployment cannot serve it, and says where to go instead.
 */
export class WrongRegionError extends DomainError {
  constructor(accountRegion: string, thisRegion: string, accountBaseUrl: string) {
    super(
      ErrorCode.WRONG_REGION,
      `These credentials belong to an account of region ${accountRegion}; this is the ` +
        `${thisRegion} deployment, which holds no data of that account`,
      `Send the request to ${accountBaseUrl}, the base URL of region ${accountRegion} ` +
        `(the SDKs take it as baseURL / baseUrl).`,
    );
  }
}
