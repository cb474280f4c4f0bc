import type fc from 'fast-check';
import type { BasketModel, ModelSystem } from './model';

export type ModelCommand = fc.AsyncCommand<BasketModel, ModelSystem>;

export const command = (
  label: string,
  check: (model: Readonly<BasketModel>) => boolean,
  run: (model: BasketModel, system: ModelSystem) => Promise<void>,
): ModelCommand => ({ check, run, toString: () => label });

export const hasBaskets = (model: Readonly<BasketModel>): boolean => model.baskets.length > 0;
