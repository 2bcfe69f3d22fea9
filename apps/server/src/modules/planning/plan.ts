import type { TPlanLine } from '@vitrina/contract';

/** What is known of one product at one micromarket. */
export type PlanInput = { par: number; stock: number; expiring: number; sold: number; wishes: number };

/**
 * One line of the plan. The courier takes out what expires before the next visit and
 * brings the micromarket back to its par level: bring = par − (stock − expiring), never
 * below 0. The sales rate and wishes are shown beside it for the planner's judgement.
 */
export function planLine(product: { id: number; name: string }, input: PlanInput, windowDays: number): TPlanLine {
  const kept = input.stock - input.expiring;
  return {
    product_id: product.id,
    product_name: product.name,
    par: input.par,
    stock: input.stock,
    expiring: input.expiring,
    sold: input.sold,
    daily_rate: Math.round((input.sold / windowDays) * 10) / 10,
    wishes: input.wishes,
    bring: Math.max(input.par - kept, 0),
  };
}

/** A line belongs in the plan when there is something to bring, take out, or that customers asked for. */
export const isWorthPlanning = (line: TPlanLine) => line.par > 0 || line.expiring > 0 || line.wishes > 0;

export const byNeed = (a: TPlanLine, b: TPlanLine) =>
  b.bring - a.bring || b.expiring - a.expiring || a.product_name.localeCompare(b.product_name);

/**
 * How full a micromarket will be once its expiring items are taken out, as a share of its
 * planogram (each product counted up to its par): null without a planogram to measure against.
 */
export function stockLevel(market: { has_planogram: boolean; lines: readonly TPlanLine[] }): number | null {
  if (!market.has_planogram) return null;
  let par = 0;
  let kept = 0;
  for (const line of market.lines) {
    if (line.par <= 0) continue;
    par += line.par;
    kept += Math.min(Math.max(line.stock - line.expiring, 0), line.par);
  }
  return par === 0 ? null : kept / par;
}
