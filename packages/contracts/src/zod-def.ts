import type { z } from 'zod';

/** The parts of a zod schema's own definition that the schema walkers read (number rules, required languages). */
export interface ZodDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  checks?: { _zod: { def: { check: string; value?: number } } }[];
}

export const defOf = (schema: z.ZodType) => schema._zod.def as unknown as ZodDef;

/** The definitions that wrap one inner schema and say nothing of its shape (a walker looks through them). */
export const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
]);
