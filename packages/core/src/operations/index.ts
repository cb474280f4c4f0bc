export type { HttpMethod, Operation, SuccessResponse } from './operation';
export { problemStatuses } from './operation';
export type { DecodedPath, ParametersOf, PathParameter } from './path-parameters';
export { fillPath, parametersOf, pathParameters } from './path-parameters';
export type { OperationBody, OperationName, OperationParameters, OperationPath, Operations } from './table';
export { operationEntries, operationNames, operations } from './table';
