import { OpenAPIObject, OperationObject, PathItemObject } from '@nestjs/swagger';

const METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'patch',
] as const satisfies (keyof PathItemObject)[];

export interface DocumentedOperation {
  path: string;
  operation: OperationObject;
}

/** Every operation of the document with its path template. */
export function operationsOf(document: OpenAPIObject): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, operation }] : [];
    }),
  );
}
