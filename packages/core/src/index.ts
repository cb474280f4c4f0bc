export * from './basket';
export * from './catalog';
export * from './decider';
export * from './money';
export type {
  DecodedPath,
  HttpMethod,
  Operation,
  OperationBody,
  OperationName,
  OperationParameters,
  OperationPath,
  Operations,
  ParametersOf,
  PathParameter,
  SuccessResponse,
} from './operations';
export {
  fillPath,
  operationEntries,
  operationNames,
  operations,
  parametersOf,
  pathParameters,
  problemStatuses,
} from './operations';
export * from './payment-intent';
export * from './views';
export * from './wire';
