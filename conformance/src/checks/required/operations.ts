// The required operations as checks of their own: each fails when its operation fails, so the checks that need it
// (reported `blocked` by it) are never the only sign. Each uses the very helper the dependent checks use, so the
// check and the blocked ones agree on what was sent; a block inside it is turned into its own failure.

import { CheckBlocked, defineCheck, type CheckContext } from '../../runner';
import { createOwnChain, createOwnRent, suitePeriod } from '../shared/own-data';
import { REQUIRED, type RequiredOperation } from '../shared/required';
import { createOwnProperty } from '../shared/util';

const LIVE = 'enterpriseLive';

/** Runs `setUp`; a block on this check's own operation becomes its failure (expected vs. what the deployment said). */
async function asRequired(
  ctx: CheckContext,
  operation: RequiredOperation,
  expected: string,
  setUp: () => Promise<string>,
) {
  try {
    ctx.note(await setUp());
  } catch (error) {
    if (error instanceof CheckBlocked && error.blockedBy === REQUIRED[operation]) ctx.fail(expected, error.reason);
    throw error;
  }
}

export const propertyCreateAnswers201 = defineCheck({
  id: REQUIRED.createProperty,
  title:
    "Required: POST /properties with the spec's Property fields, as an Enterprise read_write live key, answers 201 { data: Property }",
  group: 'Endpoints > Properties',
  rules: ['PROP-5', 'ENDPOINTS-12'],
  async run(ctx: CheckContext) {
    await asRequired(
      ctx,
      'createProperty',
      'POST /properties to answer 201 { data: Property } (every deployment creates properties)',
      async () => {
        const own = await createOwnProperty(ctx, LIVE, 'required');
        return `created property ${String(own.id)}`;
      },
    );
  },
});

export const contractCreateAnswers201 = defineCheck({
  id: REQUIRED.createContract,
  title: 'Required: POST /contracts between a property and a tenant of the landlord answers 201 { data: Contract }',
  group: 'Endpoints > Contracts',
  rules: ['CONTRACT-7', 'ENDPOINTS-12'],
  async run(ctx: CheckContext) {
    await asRequired(
      ctx,
      'createContract',
      'POST /contracts to answer 201 { data: Contract } (every deployment creates contracts)',
      async () => {
        const chain = await createOwnChain(ctx, 'required-contract');
        return `created contract ${chain.contractId}`;
      },
    );
  },
});

export const rentCreateAnswers201 = defineCheck({
  id: REQUIRED.createRent,
  title: 'Required: POST /rent for a contract of the landlord answers 201 { data: RentPayment }',
  group: 'Endpoints > Rent',
  rules: ['RENT-POST-6', 'ENDPOINTS-12'],
  async run(ctx: CheckContext) {
    await asRequired(
      ctx,
      'createRent',
      'POST /rent to answer 201 { data: RentPayment } (every deployment records rent)',
      async () => {
        const chain = await createOwnChain(ctx, 'required-rent');
        const rent = await createOwnRent(ctx, chain, { period: suitePeriod(ctx, 'required'), status: 'Pending' });
        return `created rent payment ${String(rent.id)}`;
      },
    );
  },
});
