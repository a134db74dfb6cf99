import { ArgumentMetadata, Type, ValidationPipe } from '@nestjs/common';
import type { ClassTransformOptions } from '@nestjs/common/interfaces/external/class-transform-options.interface';
import type { TransformerPackage } from '@nestjs/common/interfaces/external/transformer-package.interface';
import { validateSync, ValidationError, ValidatorOptions } from 'class-validator';
import {
  cacheValidationMetadata,
  describeValidationErrors,
  DomainError,
  instanceOfPlain,
  isCertainlyValid,
  ValidationFailedError,
} from '@clarion/contracts';

/**
 * Validates bodies and queries against the contract DTOs; unknown fields are rejected so that a
 * typo does not pass silently. The message names each offending field by its path.
 */
export function contractValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ContractValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new ValidationFailedError(
        describeValidationErrors(errors),
        'Correct the named fields; see /docs for the body of this operation.',
      ),
  });
}

/**
 * Nest's ValidationPipe, fitted to what reaches the gateway's handlers: bodies parsed from JSON or
 * a form, and queries and paths parsed into strings.
 *
 * - class-transformer throws before validation runs when an array holds arrays where the DTO has
 *   one nested object (`"options": [[]]` made `newValue.push is not a function`, a 500): the body
 *   is the client's mistake, so it answers 400 like any other shape the DTO does not take.
 * - None of those parsers makes a sparse array or a binary value, so the two walks of the whole
 *   value Nest makes for them (for multipart and socket.io payloads) are left out, and no contract
 *   rule is asynchronous, so rules run with `validateSync`: together about a third of the pipe's
 *   time on POST /send, the gateway's largest cost.
 * - A body the compiled check of its class finds certainly valid skips class-validator (see
 *   compiled-validity.ts): nearly every body is valid, and class-validator's cost is bookkeeping.
 * - Bodies are made instances by a fast path first (see instance-of-plain.ts), for the same reason.
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (error instanceof DomainError || !(error instanceof TypeError)) throw error;
      throw new ValidationFailedError(
        `The ${metadata.type} does not have the shape this operation takes (an array of arrays where an object belongs?)`,
        'Send an object, not an array, for each nested field; see /docs for the body of this operation.',
      );
    }
  }

  /**
   * The one place Nest's pipe takes class-transformer from: its plainToInstance tries the fast path
   * first, which answers exactly as class-transformer would or not at all. Nest keeps what this
   * answers in a variable of its module that every ValidationPipe sets when constructed, so the
   * wrapper also serves other pipes (it is exact for every call) until one sets its own.
   */
  protected override loadTransformer(transformerPackage?: TransformerPackage): TransformerPackage {
    const transformer = super.loadTransformer(transformerPackage);
    return {
      plainToInstance: <T>(metatype: Type<T>, value: unknown, options?: ClassTransformOptions) => {
        // Only class-transformer's default options (the gateway sets none) are modelled.
        const instance = options === undefined ? instanceOfPlain(metatype, value) : undefined;
        return instance ? (instance as T) : transformer.plainToInstance(metatype, value, options);
      },
      classToPlain: (object, options) => transformer.classToPlain(object, options),
    };
  }

  protected override validate(object: object, options?: ValidatorOptions): ValidationError[] {
    // The compiled check answers most bodies (valid ones) without class-validator's bookkeeping;
    // when it is unsure, class-validator decides and words the messages, as before.
    return isCertainlyValid(object, options) ? [] : validateSync(object, options);
  }

  protected override closeArrayGaps(): void {
    // JSON, forms and query strings have no sparse arrays.
  }

  protected override findNestedBinaryValues(): ValidationError[] {
    // JSON, forms and query strings have no binary values.
    return [];
  }
}
